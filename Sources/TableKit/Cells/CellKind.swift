/// A style identifier for a cell: what UIKit calls the reuse identifier.
///
/// Renderers use the kind to style rows of one sort alike, for example as the CSS class of an HTML
/// row. Kinds are open: declare your own as static members.
///
/// ```swift
/// extension CellKind {
///   static let phoneNumber: CellKind = "phone-number"
/// }
/// ```
public struct CellKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The identifier's text.
  public var rawValue: String

  /// Creates a kind from its identifier.
  ///
  /// - Parameter rawValue: The identifier, for example `"phone-number"`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a kind from a string literal.
  ///
  /// - Parameter value: The identifier.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The kind of a cell that names no kind of its own.
  public static let `default`: CellKind = "default"

  /// The kind of a cell made from a value's description because its type has no representation.
  public static let fallback: CellKind = "description"
}

extension CellKind: CustomStringConvertible {
  /// The identifier.
  public var description: String { rawValue }
}
