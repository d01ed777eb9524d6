extension JSONTokenizer {
  /// Reads a string whose opening quote is at ``index``.
  ///
  /// The fast path finds the closing quote, checking UTF-8 and control characters on the way,
  /// and makes the string from the bytes in one step; the first backslash switches to decoding
  /// into ``scratch``. With `leavingText` set, no string is made: ``leftText`` says where its
  /// bytes are (see ``next(leavingText:)``).
  mutating func scanString(leavingText: Bool) throws(JSONTableError) -> JSONToken {
    let start = index + 1
    var offset = start
    while offset < buffer.count {
      offset = plainASCIIEnd(from: offset)
      guard offset < buffer.count else { break }
      let byte = buffer[offset]
      if byte == UInt8(ascii: "\"") {
        index = offset + 1
        if leavingText {
          leftText = (false, start..<offset)
          return .string("")
        }
        return .string(Self.text(of: buffer, from: start, to: offset))
      } else if byte == UInt8(ascii: "\\") {
        return try scanEscapedString(start: start, firstEscape: offset, leavingText: leavingText)
      } else if byte < 0x80 {
        guard byte >= 0x20 else { throw controlCharacterError(byte, at: offset) }
        offset += 1
      } else {
        guard let length = try utf8SequenceLength(at: offset) else { return .needsMoreInput }
        offset += length
      }
    }
    return try endInsideString()
  }

  /// The index of the first byte from `offset` on that is not printable ASCII other than `"`
  /// and `\\` (the bytes a string holds as they are), or the end of the bytes.
  ///
  /// Read through a pointer, with no check of the index per byte: most of a string's bytes are
  /// these, and the checked loop over them was a tenth of reading JSON Lines (callgrind).
  @inline(__always)
  func plainASCIIEnd(from offset: Int) -> Int {
    buffer.withUnsafeBufferPointer { bytes in
      var offset = offset
      while offset < bytes.count {
        let byte = bytes[offset]
        guard byte &- 0x20 < 0x60, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else {
          break
        }
        offset += 1
      }
      return offset
    }
  }

  /// The text of `bytes[start..<end]`, read through a pointer: an `ArraySlice` retains and
  /// releases the array's storage, which for every string and number was a tenth of the samples
  /// of JSON Lines to Markdown (perf, 200,000 rows).
  @inline(__always)
  static func text(of bytes: [UInt8], from start: Int, to end: Int) -> String {
    bytes.withUnsafeBufferPointer { bytes in
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
  }

  /// Reads the rest of a string from its first backslash, decoding escapes into ``scratch``.
  private mutating func scanEscapedString(
    start: Int, firstEscape: Int, leavingText: Bool
  ) throws(JSONTableError) -> JSONToken {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: buffer[start..<firstEscape])
    var offset = firstEscape
    while offset < buffer.count {
      let byte = buffer[offset]
      if byte == UInt8(ascii: "\"") {
        index = offset + 1
        if leavingText {
          leftText = (true, 0..<scratch.count)
          return .string("")
        }
        return .string(String(decoding: scratch, as: UTF8.self))
      } else if byte == UInt8(ascii: "\\") {
        guard let length = try decodeEscape(at: offset) else { return .needsMoreInput }
        offset += length
      } else if byte < 0x80 {
        guard byte >= 0x20 else { throw controlCharacterError(byte, at: offset) }
        scratch.append(byte)
        offset += 1
      } else {
        guard let length = try utf8SequenceLength(at: offset) else { return .needsMoreInput }
        scratch.append(contentsOf: buffer[offset..<(offset + length)])
        offset += length
      }
    }
    return try endInsideString()
  }

  /// What the end of the bytes inside a string means: more input to come, or a string that
  /// never ends.
  private func endInsideString() throws(JSONTableError) -> JSONToken {
    guard isComplete else { return .needsMoreInput }
    throw error(at: tokenStart, .unterminatedString)
  }

  /// The error for a control character inside a string; a line feed means the closing quote is
  /// missing (a JSON string cannot span lines).
  private func controlCharacterError(_ byte: UInt8, at offset: Int) -> JSONTableError {
    if byte == UInt8(ascii: "\n") { return error(at: tokenStart, .unterminatedString) }
    return error(at: offset, .controlCharacter(byte))
  }

  /// Decodes the escape whose backslash is at `offset` into ``scratch``.
  ///
  /// - Returns: The number of bytes the escape takes, or `nil` when a stream's bytes end inside it.
  private mutating func decodeEscape(at offset: Int) throws(JSONTableError) -> Int? {
    guard offset + 1 < buffer.count else {
      guard isComplete else { return nil }
      throw error(at: tokenStart, .unterminatedString)
    }
    let decoded: UInt8
    switch buffer[offset + 1] {
    case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: offset)
    case let other:
      let shown =
        (0x21..<0x7F).contains(other)
        ? "\\" + String(Unicode.Scalar(other))
        : "a backslash followed by \(other < 0x80 ? JSONText.scalarName(UInt32(other)) : "a non-ASCII character")"
      throw error(at: offset, .invalidEscape(shown))
    }
    scratch.append(decoded)
    return 2
  }

  /// Decodes `\uXXXX` at `offset`, joining a surrogate pair written as two escapes.
  private mutating func decodeUnicodeEscape(at offset: Int) throws(JSONTableError) -> Int? {
    guard let first = try hexCodeUnit(at: offset) else { return nil }
    var scalarValue = UInt32(first)
    var length = 6
    switch first {
    case 0xD800...0xDBFF:
      guard offset + 12 <= buffer.count || isComplete else { return nil }
      let followsEscape =
        offset + 7 < buffer.count && buffer[offset + 6] == UInt8(ascii: "\\")
        && buffer[offset + 7] == UInt8(ascii: "u")
      guard followsEscape, let second = try hexCodeUnit(at: offset + 6),
        (0xDC00...0xDFFF).contains(second)
      else {
        throw error(at: offset, .loneSurrogate(escape: escapeText(at: offset), isHigh: true))
      }
      scalarValue = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
      length = 12
    case 0xDC00...0xDFFF:
      throw error(at: offset, .loneSurrogate(escape: escapeText(at: offset), isHigh: false))
    default:
      break
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw error(at: offset, .invalidEscape(escapeText(at: offset)))
    }
    scratch.append(contentsOf: String(scalar).utf8)
    return length
  }

  /// The code unit of `\uXXXX` at `offset`, or `nil` when a stream's bytes end inside it.
  private func hexCodeUnit(at offset: Int) throws(JSONTableError) -> UInt16? {
    var value: UInt16 = 0
    for position in (offset + 2)..<(offset + 6) {
      guard position < buffer.count else {
        guard isComplete else { return nil }
        throw error(at: offset, .invalidEscape(escapeText(at: offset)))
      }
      let byte = buffer[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(at: offset, .invalidEscape(escapeText(at: offset)))
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// The escape at `offset` as written, for a message: `\ud800`, or as much of `\u12` as there is.
  private func escapeText(at offset: Int) -> String {
    var end = offset + 2
    while end < min(offset + 6, buffer.count) && buffer[end].isHexDigit { end += 1 }
    return String(decoding: buffer[offset..<min(end, buffer.count)], as: UTF8.self)
  }

  /// The length of the valid UTF-8 sequence starting at `offset` (whose byte is 0x80 or above).
  ///
  /// - Returns: 2, 3 or 4; `nil` when a stream's bytes end inside the sequence.
  /// - Throws: ``JSONTableError/Reason/invalidUTF8(_:)`` at the first byte that is wrong.
  func utf8SequenceLength(at offset: Int) throws(JSONTableError) -> Int? {
    let lead = buffer[offset]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    case 0x80...0xBF:
      throw error(
        at: offset,
        .invalidUTF8(
          "byte \(JSONText.hex(lead)) continues a character, but no character starts before it"))
    default:
      throw error(at: offset, .invalidUTF8("byte \(JSONText.hex(lead)) never appears in UTF-8"))
    }
    for next in 1..<length {
      guard offset + next < buffer.count else {
        guard isComplete else { return nil }
        throw error(
          at: offset,
          .invalidUTF8(
            "the file ends inside the character that byte \(JSONText.hex(lead)) starts"))
      }
      let byte = buffer[offset + next]
      if next == 1 && (0x80...0xBF).contains(byte) && !second.contains(byte) {
        let what =
          switch lead {
          case 0xED: "a surrogate, which UTF-8 may not encode"
          case 0xF4: "a code point above U+10FFFF"
          default: "an overlong form of a shorter character"
          }
        throw error(
          at: offset,
          .invalidUTF8("bytes \(JSONText.hex(lead)) \(JSONText.hex(byte)) start \(what)"))
      }
      guard (0x80...0xBF).contains(byte) else {
        throw error(
          at: offset + next,
          .invalidUTF8(
            "byte \(JSONText.hex(byte)) does not continue the character that byte "
              + "\(JSONText.hex(lead)) at byte \(droppedCount + offset) starts"))
      }
    }
    return length
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hexadecimal digit.
  fileprivate var isHexDigit: Bool {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default:
      false
    }
  }
}
