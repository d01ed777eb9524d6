extension JSONTokenizer {
  /// Reads a number starting at ``index`` by JSON's grammar:
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// The first 19 digits before the exponent are gathered into a whole number on the way, so
  /// most numbers become cells without reading their text again. With `leavingText` set, the
  /// number's text is empty and ``leftText`` says where it stands (see ``next(leavingText:)``).
  mutating func scanNumber(leavingText: Bool) throws(JSONTableError) -> JSONToken {
    var offset = index
    let isNegative = buffer[offset] == UInt8(ascii: "-")
    if isNegative { offset += 1 }
    var digits: UInt64 = 0
    var digitCount = 0
    var fractionDigits = 0
    var hasPoint = false
    var hasExponent = false

    /// The byte at `offset`, or `nil` at the end of the bytes given so far.
    func byte(at offset: Int) -> UInt8? { offset < buffer.count ? buffer[offset] : nil }
    func isDigit(_ byte: UInt8?) -> Bool {
      byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
    }
    /// Reads digits from `offset`, gathering them when `gather` is set; returns how many.
    func readDigits(gather: Bool) -> Int {
      var count = 0
      while let next = byte(at: offset), isDigit(next) {
        if gather {
          if digitCount < 19 { digits = digits &* 10 &+ UInt64(next - UInt8(ascii: "0")) }
          digitCount += 1
        }
        count += 1
        offset += 1
      }
      return count
    }

    let first = byte(at: offset)
    guard isDigit(first) else {
      if first == nil && !isComplete { return .needsMoreInput }
      guard let failure = invalidNumber("a minus sign must be followed by a digit") else {
        return .needsMoreInput
      }
      throw failure
    }
    if first == UInt8(ascii: "0") {
      digitCount = 1
      offset += 1
      if isDigit(byte(at: offset)) {
        guard let failure = invalidNumber("a number cannot start with 0 followed by more digits")
        else { return .needsMoreInput }
        throw failure
      }
    } else {
      _ = readDigits(gather: true)
    }
    if byte(at: offset) == UInt8(ascii: ".") {
      hasPoint = true
      offset += 1
      fractionDigits = readDigits(gather: true)
      if fractionDigits == 0 {
        if byte(at: offset) == nil && !isComplete { return .needsMoreInput }
        guard let failure = invalidNumber("a decimal point must be followed by a digit") else {
          return .needsMoreInput
        }
        throw failure
      }
    }
    if let mark = byte(at: offset), mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") {
      hasExponent = true
      offset += 1
      if let sign = byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        offset += 1
      }
      if readDigits(gather: false) == 0 {
        if byte(at: offset) == nil && !isComplete { return .needsMoreInput }
        guard let failure = invalidNumber("an exponent must have digits after its e") else {
          return .needsMoreInput
        }
        throw failure
      }
    }
    // The number may go on in the next chunk of a stream.
    if offset == buffer.count && !isComplete { return .needsMoreInput }
    let text: String
    if leavingText {
      leftText = (false, index..<offset)
      text = ""
    } else {
      text = Self.text(of: buffer, from: index, to: offset)
    }
    index = offset
    return .number(
      JSONNumber(
        text: text, isNegative: isNegative, digits: digits, digitCount: digitCount,
        fractionDigits: fractionDigits, hasPoint: hasPoint, hasExponent: hasExponent))
  }

  /// The error for a number at the token's start that breaks JSON's grammar, or `nil` when a
  /// stream's bytes end before the number's text does (the message quotes it whole).
  func invalidNumber(_ why: String) -> JSONTableError? {
    guard let text = numberLikeText(from: tokenStart) else { return nil }
    return error(at: tokenStart, .invalidNumber(text: text, why: why))
  }

  /// The run of characters that could belong to a number from `offset`, for a message: digits,
  /// signs, points and exponent marks, at most 40; `nil` when a stream's bytes end inside it.
  func numberLikeText(from offset: Int) -> String? {
    var end = offset
    while end - offset < 40 {
      guard end < buffer.count else {
        if !isComplete { return nil }
        break
      }
      switch buffer[end] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        end += 1
      default:
        return String(decoding: buffer[offset..<end], as: UTF8.self)
      }
    }
    return String(decoding: buffer[offset..<end], as: UTF8.self)
  }
}
