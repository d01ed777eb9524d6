package import TableKit
import TableKitFiles

/// Why a JSON table could not be read: the file, the place in it and what is wrong, in plain
/// words.
///
/// ```text
/// ledger.json:3:14: the number 1e400 needs 401 digits; tablekit keeps numbers exactly and holds at most 38
/// ledger.json:2:9: invalid UTF-8 at byte 27 (line 2, column 9): byte 0xFF never appears in UTF-8
/// ledger.json:1:44: expected `,` or `]` after a value, found the end of the file
/// ```
package struct JSONTableError: Error, Hashable, Sendable {
  /// What is wrong.
  package enum Reason: Hashable, Sendable {
    /// The file could not be read; the system's words.
    case cannotRead(String)
    /// The bytes at the position are not UTF-8; what is wrong with them.
    case invalidUTF8(String)
    /// A `\u` escape names half of a surrogate pair without the other half; the escape as
    /// written and whether it is the high (first) half.
    case loneSurrogate(escape: String, isHigh: Bool)
    /// A backslash starts something that is not a JSON escape; the escape as written.
    case invalidEscape(String)
    /// A string holds this control character (below U+0020) unescaped.
    case controlCharacter(UInt8)
    /// A string starts at the position and has no closing quote.
    case unterminatedString
    /// The number as written breaks JSON's grammar, and why.
    case invalidNumber(text: String, why: String)
    /// The number as written is valid JSON but cannot be kept exactly, and why.
    case numberOutOfRange(text: String, ExactDecimalError.Reason)
    /// Something stands where something else was expected; both in words.
    case unexpected(found: String, expected: String)
    /// Something follows the end of the document.
    case trailingContent(found: String)
    /// A key the table needs is missing from the object at `place`.
    case missingKey(String, place: String)
    /// A key stands twice in the object at `place`.
    case duplicateKey(String, place: String)
    /// The table has both `rows` and `sections`.
    case bothRowsAndSections
    /// The value at `place` is not of the kind it must be.
    case wrongValue(place: String, expected: String, found: String)
    /// A row's length differs from the number of columns.
    case rowLength(row: Int, section: Int, count: Int, columns: Int)
    /// The string or number that starts at the position is longer than the limit given, in
    /// bytes as written.
    case tokenTooLong(limit: Int)
  }

  /// The path of the file, as the user gave it.
  package var path: String
  /// Where in the file, or `nil` for an error about the whole file.
  package var position: JSONPosition?
  /// What is wrong.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The path of the file, as the user gave it.
  ///   - position: Where in the file, or `nil` for an error about the whole file.
  ///   - reason: What is wrong.
  package init(path: String, position: JSONPosition?, reason: Reason) {
    self.path = path
    self.position = position
    self.reason = reason
  }
}

extension JSONTableError: CustomStringConvertible {
  /// `path:line:column: message`, or `path: message` without a position.
  package var description: String {
    let path = BytePath.displayed(self.path)
    if case .cannotRead(let why) = reason { return "cannot read \(path): \(why)" }
    guard let position else { return "\(path): \(message)" }
    return "\(path):\(position): \(message)"
  }

  /// The sentence that says what is wrong, without the place.
  package var message: String {
    let limit = ExactDecimal.maximumDigits
    switch reason {
    case .cannotRead(let why):
      return "cannot read the file: \(why)"
    case .invalidUTF8(let why):
      guard let position else { return "invalid UTF-8: \(why)" }
      return "invalid UTF-8 at byte \(position.byteOffset) (line \(position.line), column "
        + "\(position.column)): \(why)"
    case .loneSurrogate(let escape, true):
      return "the escape \(escape) is a lone surrogate: a high surrogate (\\ud800 to \\udbff) "
        + "must be followed by a low one (\\udc00 to \\udfff)"
    case .loneSurrogate(let escape, false):
      return "the escape \(escape) is a lone surrogate: a low surrogate (\\udc00 to \\udfff) "
        + "must follow a high one (\\ud800 to \\udbff)"
    case .invalidEscape(let escape):
      return "\(escape) is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
        + "or \\u and four hex digits"
    case .controlCharacter(let byte):
      return "a string holds the control character \(JSONText.scalarName(UInt32(byte))) "
        + "unescaped; inside a string write it as an escape such as \\n or \\u00XX"
    case .unterminatedString:
      return "the string that starts here has no closing quote"
    case .invalidNumber(let text, let why):
      return "the number \(text) is not valid JSON: \(why)"
    case .numberOutOfRange(let text, .tooManyDigits(let count)):
      return "the number \(text) needs \(count) digits; tablekit keeps numbers exactly and "
        + "holds at most \(limit)"
    case .numberOutOfRange(let text, .scaleOutOfRange(let scale)):
      return "the number \(text) has \(scale) digits after the point; tablekit keeps numbers "
        + "exactly and holds at most \(limit)"
    case .numberOutOfRange(let text, _):
      return "the number \(text) cannot be read as a decimal number"
    case .unexpected(let found, let expected):
      return "expected \(expected), found \(found)"
    case .trailingContent(let found):
      return "found \(found) after the end of the table; a file holds one JSON document"
    case .missingKey(let key, let place):
      return "missing \"\(key)\" in \(place)"
    case .duplicateKey(let key, let place):
      return "\"\(key)\" stands twice in \(place)"
    case .bothRowsAndSections:
      return "the table has both \"rows\" and \"sections\"; give \"rows\" for one untitled "
        + "section or \"sections\" for several"
    case .wrongValue(let place, let expected, let found):
      return "\(place) must be \(expected), found \(found)"
    case .rowLength(let row, let section, let count, let columns):
      return "row \(row) of section \(section) has \(count) values, but the table has "
        + "\(columns) columns"
    case .tokenTooLong(let limit):
      return "the string or number that starts here is longer than "
        + "\(InputLimits.describe(bytes: limit)), the most a field may take; raise the limit "
        + "with --max-field-bytes"
    }
  }
}
