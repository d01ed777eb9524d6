/// Text that does not hold the value its column's type declares.
///
/// The message quotes the text (escaped, so hostile input prints as data), says what was
/// expected and at which character (counted from 0), so a reader can add it to a field's
/// position and point at `file:line:column:`.
public struct ValueParserError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was read.
  public let text: String
  /// What the parser expected, such as `2 digits for MM`.
  public let expected: String
  /// The character (counted from 0) where the text stops fitting.
  public let offset: Int

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - text: The text that was read.
  ///   - expected: What was expected.
  ///   - offset: The character where the text stops fitting.
  public init(text: String, expected: String, offset: Int) {
    self.text = text
    self.expected = expected
    self.offset = offset
  }

  /// `"29.2.2024": expected 2 digits for MM at character 3`.
  public var description: String {
    "\(text.debugDescription): expected \(expected) at character \(offset)"
  }
}
