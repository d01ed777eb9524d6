package import TableKit

/// Reads a date, a time or both from text by a pattern (the `date:PATTERN` type of
/// ``ValueParser``): every field has a fixed or bounded number of digits, every other character
/// must be there as written.
package struct DateTextReader {
  private enum Piece {
    case literal(Character)
    case field(Character, count: Int)
  }

  private let pieces: [Piece]

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
          pieces.append(.literal("'"))
          index += 1
          continue
        }
        while index < characters.count, characters[index] != "'" {
          pieces.append(.literal(characters[index]))
          index += 1
        }
        index += 1
      } else if character.isASCII, character.isLetter {
        var count = 1
        while index + count < characters.count, characters[index + count] == character {
          count += 1
        }
        pieces.append(.field(character, count: count))
        index += count
      } else {
        pieces.append(.literal(character))
        index += 1
      }
    }
    self.pieces = pieces
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
    let characters = Array(text)
    var index = 0
    var fields: [Character: Int] = [:]
    var nanosecond = 0
    var offset: Int?
    for piece in pieces {
      switch piece {
      case .literal(let expected):
        guard index < characters.count, characters[index] == expected else {
          throw ValueParserError(
            text: text, expected: "\(String(expected).debugDescription)", offset: index)
        }
        index += 1
      case .field("X", _):
        guard index < characters.count else {
          throw ValueParserError(text: text, expected: "Z or an offset ±hh:mm", offset: index)
        }
        if characters[index] == "Z" {
          offset = 0
          index += 1
          continue
        }
        let sign = characters[index] == "-" ? -1 : characters[index] == "+" ? 1 : 0
        guard sign != 0, index + 6 <= characters.count, characters[index + 3] == ":",
          let hours = Int(String(characters[(index + 1)..<(index + 3)])),
          let minutes = Int(String(characters[(index + 4)..<(index + 6)]))
        else {
          throw ValueParserError(text: text, expected: "Z or an offset ±hh:mm", offset: index)
        }
        offset = sign * (hours * 3600 + minutes * 60)
        index += 6
      case .field(let letter, let count):
        // A run of one letter takes 1 to 4 digits (y) or 1 to 2 (others); a longer run exactly
        // that many; S takes what it says, up to nine.
        let bounds: ClosedRange<Int> =
          letter == "S"
          ? count...count : count > 1 ? count...count : (letter == "y" ? 1...4 : 1...2)
        var digits = 0
        var value = 0
        while digits < bounds.upperBound, index < characters.count,
          let digit = characters[index].wholeNumberValue, characters[index].isASCII
        {
          value = value * 10 + digit
          digits += 1
          index += 1
        }
        guard digits >= bounds.lowerBound else {
          let amount =
            bounds.count == 1
            ? "\(bounds.lowerBound)" : "\(bounds.lowerBound) to \(bounds.upperBound)"
          throw ValueParserError(
            text: text, expected: "\(amount) digits for \(String(repeating: letter, count: count))",
            offset: index)
        }
        if letter == "S" {
          nanosecond = value
          for _ in count..<max(count, 9) { nanosecond *= 10 }
        } else {
          fields[letter] = value
        }
      }
    }
    guard index == characters.count else {
      throw ValueParserError(text: text, expected: "the end of the value", offset: index)
    }
    let hasDate = fields["y"] != nil || fields["M"] != nil || fields["d"] != nil
    let hasTime = fields["H"] != nil || fields["m"] != nil
    let value: DateValue?
    switch (hasDate, hasTime) {
    case (true, true):
      value = DateValue(
        written: text, year: fields["y"] ?? 1, month: fields["M"] ?? 1, day: fields["d"] ?? 1,
        hour: fields["H"] ?? 0, minute: fields["m"] ?? 0, second: fields["s"] ?? 0,
        nanosecond: nanosecond, utcOffset: offset)
    case (false, true):
      value = DateValue(
        written: text, hour: fields["H"] ?? 0, minute: fields["m"] ?? 0,
        second: fields["s"] ?? 0, nanosecond: nanosecond, utcOffset: offset)
    default:
      value = DateValue(
        written: text, year: fields["y"] ?? 1, month: fields["M"] ?? 1, day: fields["d"] ?? 1)
    }
    guard let value else {
      throw ValueParserError(text: text, expected: "a day or time that exists", offset: 0)
    }
    return value
  }
}
