package import TableKit

/// Reads a date, a time or both from text by a pattern (the `date:PATTERN` type of
/// ``ValueParser``): every field has a fixed or bounded number of digits, every other character
/// must be there as written.
///
/// Text of ASCII characters (nearly every date) is read byte by byte, without a Unicode look-up;
/// other text character by character, with the same rules and the same error offsets.
package struct DateTextReader: Hashable, Sendable {
  private enum Piece: Hashable, Sendable {
    /// A character that must be there, with its byte when it is one ASCII scalar.
    case literal(Character, byte: UInt8?)
    /// A run of `count` of one pattern letter (ASCII), as its byte.
    case field(UInt8, count: Int)
  }

  private let pieces: [Piece]

  /// A piece of a pattern whose every field has a fixed number of digits: a literal ASCII
  /// byte (`count` 0) or a field letter and its digits.
  private struct FixedPiece: Hashable, Sendable {
    var byte: UInt8
    var count: Int
  }

  /// The pattern as fixed pieces, when it is one (`yyyy-MM-dd`, `dd.MM.yyyy HH:mm:ss`): a
  /// value is then read in one pass over its bytes; `nil` for a pattern with a one-letter
  /// field, a fraction, an offset or a literal that is not ASCII.
  private let fixedPieces: [FixedPiece]?

  /// The letters the reader reads.
  static let letters: Set<Character> = ["y", "M", "d", "H", "m", "s", "S", "X"]

  /// Takes a pattern apart (it has been checked by ``unsupportedLetter(in:)``).
  ///
  /// - Parameter pattern: The pattern.
  package init(pattern: String) {
    var pieces: [Piece] = []
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        index += 1
        if index < characters.count, characters[index] == "'" {
          pieces.append(.literal("'", byte: UInt8(ascii: "'")))
          index += 1
          continue
        }
        while index < characters.count, characters[index] != "'" {
          pieces.append(Self.literal(characters[index]))
          index += 1
        }
        index += 1
      } else if character.isASCII, character.isLetter {
        var count = 1
        while index + count < characters.count, characters[index + count] == character {
          count += 1
        }
        pieces.append(.field(character.asciiValue ?? 0, count: count))
        index += count
      } else {
        pieces.append(Self.literal(character))
        index += 1
      }
    }
    self.pieces = pieces
    fixedPieces = Self.fixedPieces(pieces)
  }

  /// `pieces` as fixed pieces, or `nil` (see ``fixedPieces``).
  private static func fixedPieces(_ pieces: [Piece]) -> [FixedPiece]? {
    var fixed: [FixedPiece] = []
    for piece in pieces {
      switch piece {
      case .literal(_, let byte?) where byte != 0x0D:
        fixed.append(FixedPiece(byte: byte, count: 0))
      case .field(let letter, let count)
      where count > 1 && Array("yMdHms".utf8).contains(letter):
        fixed.append(FixedPiece(byte: letter, count: count))
      default:
        return nil
      }
    }
    return fixed
  }

  /// The piece for a literal character.
  private static func literal(_ character: Character) -> Piece {
    let scalars = character.unicodeScalars
    let byte = scalars.count == 1 && character.isASCII ? character.asciiValue : nil
    return .literal(character, byte: byte)
  }

  /// The first letter outside quotes that the reader does not read, and its offset.
  ///
  /// - Parameter pattern: The pattern.
  /// - Returns: The offset and the letter, or `nil` when every letter is read.
  package static func unsupportedLetter(in pattern: String) -> (Int, Character)? {
    var inQuote = false
    for (offset, character) in pattern.enumerated() {
      if character == "'" {
        inQuote.toggle()
      } else if !inQuote, character.isASCII, character.isLetter, !letters.contains(character) {
        return (offset, character)
      }
    }
    return nil
  }

  /// The value `text` holds.
  ///
  /// - Parameter text: The text.
  /// - Returns: A date, a time or a date-time, by the fields the pattern has.
  /// - Throws: ``ValueParserError`` at the first character that does not fit, or at 0 when the
  ///   fields name no such day or time.
  package func read(_ text: String) throws(ValueParserError) -> DateValue {
    // A value that fits a fixed pattern, read in one pass; any other (and any error) the
    // general way.
    if let fixedPieces,
      let value = text.utf8.withContiguousStorageIfAvailable({
        Self.read(text, bytes: $0, fixedPieces: fixedPieces)
      }) ?? nil
    {
      return value
    }
    // ASCII without CR (CR LF is one character): a byte is a character.
    // The bytes in place when the string holds them so (no array made for each value).
    let inPlace = text.utf8.withContiguousStorageIfAvailable {
      bytes -> Result<DateValue, ValueParserError>? in
      guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
      return Result { () throws(ValueParserError) in try readASCII(text, bytes: bytes) }
    }
    if let result = inPlace ?? nil { return try result.get() }
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      return try readASCII(text, bytes: ContiguousArray(text.utf8))
    }
    return try readCharacters(text)
  }

  /// ``read(_:)`` character by character, whatever the text: what the faster ways give, for
  /// tests.
  package func readCharacters(_ text: String) throws(ValueParserError) -> DateValue {
    try read(
      text, units: Array(text),
      matches: { character, piece in
        if case .literal(let expected, _) = piece { return character == expected }
        return false
      },
      isASCII: { character, ascii in character == Character(Unicode.Scalar(ascii)) },
      digit: { character in character.isASCII ? character.wholeNumberValue : nil })
  }

  /// The value `bytes` hold by a fixed pattern, or `nil` when they do not fit it or name no
  /// day or time (the general way then says why).
  private static func read(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, fixedPieces: [FixedPiece]
  ) -> DateValue? {
    var index = 0
    var fields = Fields()
    for piece in fixedPieces {
      guard piece.count > 0 else {
        guard index < bytes.count, bytes[index] == piece.byte else { return nil }
        index += 1
        continue
      }
      guard index + piece.count <= bytes.count else { return nil }
      var value = 0
      for _ in 0..<piece.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
        index += 1
      }
      fields.set(piece.byte, to: value)
    }
    guard index == bytes.count else { return nil }
    return fields.value(written: text)
  }

  /// ``read(_:)`` for ASCII text without CR, from its bytes.
  @inline(__always)
  private func readASCII<Bytes: RandomAccessCollection<UInt8>>(_ text: String, bytes: Bytes)
    throws(ValueParserError) -> DateValue where Bytes.Index == Int
  {
    try read(
      text, units: bytes,
      matches: { byte, piece in
        if case .literal(_, let expected) = piece { return byte == expected }
        return false
      },
      isASCII: { byte, ascii in byte == ascii },
      digit: { byte in byte &- 0x30 < 10 ? Int(byte &- 0x30) : nil })
  }

  /// Reads `units`, the text's characters or (ASCII text) its bytes.
  ///
  /// - Parameters:
  ///   - text: The text, for errors and the value's written form.
  ///   - units: Its characters, or its bytes.
  ///   - matches: Whether a unit is a literal piece's character.
  ///   - isASCII: Whether a unit is the given ASCII character.
  ///   - digit: A unit's value as an ASCII digit.
  /// - Returns: The value.
  /// - Throws: ``ValueParserError`` as ``read(_:)`` says.
  @inline(__always)
  private func read<Units: RandomAccessCollection>(
    _ text: String, units: Units, matches: (Units.Element, Piece) -> Bool,
    isASCII: (Units.Element, UInt8) -> Bool, digit: (Units.Element) -> Int?
  ) throws(ValueParserError) -> DateValue where Units.Index == Int {
    let count = units.count
    var index = 0
    var fields = Fields()
    /// What `Int(String(...))` makes of two characters: two digits, or a sign and a digit.
    func twoCharacterInteger(at start: Int) -> Int? {
      guard let low = digit(units[start + 1]) else { return nil }
      if let high = digit(units[start]) { return high * 10 + low }
      if isASCII(units[start], UInt8(ascii: "+")) { return low }
      if isASCII(units[start], UInt8(ascii: "-")) { return -low }
      return nil
    }
    for piece in pieces {
      switch piece {
      case .literal(let expected, _):
        guard index < count, matches(units[index], piece) else {
          throw ValueParserError(
            text: text, expected: "\(String(expected).debugDescription)", offset: index)
        }
        index += 1
      case .field(UInt8(ascii: "X"), _):
        guard index < count else {
          throw ValueParserError(text: text, expected: "Z or an offset ±hh:mm", offset: index)
        }
        if isASCII(units[index], UInt8(ascii: "Z")) {
          fields.offset = 0
          index += 1
          continue
        }
        let sign =
          isASCII(units[index], UInt8(ascii: "-"))
          ? -1 : isASCII(units[index], UInt8(ascii: "+")) ? 1 : 0
        guard sign != 0, index + 6 <= count, isASCII(units[index + 3], UInt8(ascii: ":")),
          let hours = twoCharacterInteger(at: index + 1),
          let minutes = twoCharacterInteger(at: index + 4)
        else {
          throw ValueParserError(text: text, expected: "Z or an offset ±hh:mm", offset: index)
        }
        fields.offset = sign * (hours * 3600 + minutes * 60)
        index += 6
      case .field(let letter, let runLength):
        // A run of one letter takes 1 to 4 digits (y) or 1 to 2 (others); a longer run exactly
        // that many; S takes what it says, up to nine.
        let isFraction = letter == UInt8(ascii: "S")
        let least = runLength > 1 || isFraction ? runLength : 1
        let most = runLength > 1 || isFraction ? runLength : (letter == UInt8(ascii: "y") ? 4 : 2)
        var digits = 0
        var value = 0
        while digits < most, index < count, let next = digit(units[index]) {
          value = value * 10 + next
          digits += 1
          index += 1
        }
        guard digits >= least else {
          let amount = least == most ? "\(least)" : "\(least) to \(most)"
          throw ValueParserError(
            text: text,
            expected:
              "\(amount) digits for \(String(repeating: Character(Unicode.Scalar(letter)), count: runLength))",
            offset: index)
        }
        if isFraction {
          var nanosecond = value
          for _ in runLength..<max(runLength, 9) { nanosecond *= 10 }
          fields.nanosecond = nanosecond
        } else {
          fields.set(letter, to: value)
        }
      }
    }
    guard index == count else {
      throw ValueParserError(text: text, expected: "the end of the value", offset: index)
    }
    guard let value = fields.value(written: text) else {
      throw ValueParserError(text: text, expected: "a day or time that exists", offset: 0)
    }
    return value
  }

  /// The fields of a value, as read (y M d H m s, the fraction of a second, the offset).
  private struct Fields {
    var year: Int?
    var month: Int?
    var day: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    var nanosecond = 0
    var offset: Int?

    /// Sets the field of pattern letter `letter` (y M d H m s; another is ignored).
    mutating func set(_ letter: UInt8, to value: Int) {
      switch letter {
      case UInt8(ascii: "y"): year = value
      case UInt8(ascii: "M"): month = value
      case UInt8(ascii: "d"): day = value
      case UInt8(ascii: "H"): hour = value
      case UInt8(ascii: "m"): minute = value
      case UInt8(ascii: "s"): second = value
      default: break
      }
    }

    /// The date, time or date-time the fields make (a time when there is no y, M or d; a
    /// date-time when there is also H or m), or `nil` when they name no such day or time.
    func value(written text: String) -> DateValue? {
      let hasDate = year != nil || month != nil || day != nil
      let hasTime = hour != nil || minute != nil
      switch (hasDate, hasTime) {
      case (true, true):
        return DateValue(
          written: text, year: year ?? 1, month: month ?? 1, day: day ?? 1, hour: hour ?? 0,
          minute: minute ?? 0, second: second ?? 0, nanosecond: nanosecond, utcOffset: offset)
      case (false, true):
        return DateValue(
          written: text, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0,
          nanosecond: nanosecond, utcOffset: offset)
      default:
        return DateValue(written: text, year: year ?? 1, month: month ?? 1, day: day ?? 1)
      }
    }
  }
}
