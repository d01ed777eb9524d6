/// Text or parts that do not make an ``ExactDecimal``: what was given and what is wrong with it.
///
/// ```text
/// "1e-400" has 400 digits after the point; an exact decimal holds at most 38.
/// "1e400" needs 401 digits; an exact decimal holds at most 38.
/// ```
public struct ExactDecimalError: Error, Hashable, Sendable {
  /// What is wrong with the number.
  public enum Reason: Hashable, Sendable {
    /// The text is empty.
    case empty
    /// The character at this offset (counted in characters from 0) cannot stand there.
    case unexpectedCharacter(offset: Int)
    /// Written out in plain notation, the number needs this many digits, more than 38
    /// (leading zeros before the point do not count).
    case tooManyDigits(Int)
    /// The number would need this many digits after the point (or a negative scale was given),
    /// outside 0…38.
    case scaleOutOfRange(Int)
  }

  /// The text that was read, or the parts written as text.
  public let text: String
  /// What is wrong with it.
  public let reason: Reason

  /// Creates an error for `text`.
  ///
  /// - Parameters:
  ///   - text: The text that was read, or the parts written as text.
  ///   - reason: What is wrong with it.
  public init(text: String, reason: Reason) {
    self.text = text
    self.reason = reason
  }
}

extension ExactDecimalError: CustomStringConvertible {
  /// A sentence naming the number and what is wrong with it.
  public var description: String {
    let limit = ExactDecimal.maximumDigits
    let quoted = "\"\(text)\""
    switch reason {
    case .empty:
      return "An empty text is not a number."
    case .unexpectedCharacter(let offset):
      return "\(quoted) is not a decimal number: unexpected character at offset \(offset)."
    case .tooManyDigits(let count):
      return "\(quoted) needs \(count) digits; an exact decimal holds at most \(limit)."
    case .scaleOutOfRange(let scale) where scale > limit:
      return
        "\(quoted) has \(scale) digits after the point; an exact decimal holds at most \(limit)."
    case .scaleOutOfRange(let scale):
      return
        "\(quoted) has scale \(scale); a scale counts digits after the point, 0 through \(limit)."
    }
  }
}
