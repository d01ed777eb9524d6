import TableKit

/// A value of nested lists, for drilling down into data such as `["a", "b", ["1", "2"], "c"]`.
///
/// String and array literals make one, so the nested list reads as written:
///
/// ```swift
/// let list: NestedValue = ["a", "b", ["1", "2"], "c"]
/// ```
///
/// A list shows as a row reading how many items it has ("2 items"), unless it is given a title.
public enum NestedValue: Hashable, Sendable {
  /// A leaf: one text.
  case value(String)
  /// A list of values, with an optional title for its row and its level.
  case list([NestedValue], title: String? = nil)
}

extension NestedValue: ExpressibleByStringLiteral {
  /// Creates a leaf from a string literal.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self = .value(value)
  }
}

extension NestedValue: ExpressibleByArrayLiteral {
  /// Creates an untitled list from an array literal.
  ///
  /// - Parameter elements: The values of the list.
  public init(arrayLiteral elements: NestedValue...) {
    self = .list(elements)
  }
}
