import TableKit

/// A typed key into a stack's ``NavigationSession``.
///
/// The key carries the type of its value, so reading gives back that type with no cast at the
/// call site. Declare keys as static members so every level names them the same way:
///
/// ```swift
/// extension SessionKey where Value == Brand {
///   static let brand = SessionKey("brand")
/// }
/// ```
///
/// Two keys are the same slot when both their names and their value types are equal.
public struct SessionKey<Value: Sendable>: Hashable, Sendable {
  /// The key's name, used in error messages.
  public let name: String

  /// Creates a key named `name`.
  ///
  /// - Parameter name: The key's name.
  public init(_ name: String) {
    self.name = name
  }

  /// The slot the key's values are stored under: its name and its value type.
  var slot: SessionSlot {
    SessionSlot(name: name, type: ObjectIdentifier(Value.self))
  }
}

/// Where a session value is stored: a key's name together with its value type.
struct SessionSlot: Hashable {
  let name: String
  let type: ObjectIdentifier
}
