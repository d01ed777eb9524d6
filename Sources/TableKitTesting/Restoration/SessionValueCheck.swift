import TableKit
public import TableKitNavigation

/// A session value a restoration must bring back, compared by `==`.
///
/// A stack's session cannot be listed, so ``assertRestoration(of:router:resolver:factory:sessionValues:fileID:filePath:line:column:)``
/// compares the keys it is given:
///
/// ```swift
/// sessionValues: [.value(SessionKey<Brand>.brand), .value(SessionKey<String>.model)]
/// ```
public struct SessionValueCheck {
  /// The key's name, for messages.
  public let name: String
  let describe: (NavigationSession) -> String
  let equal: (NavigationSession, NavigationSession) -> Bool

  /// Compares the value for `key` in both sessions.
  public static func value<Value: Equatable & Sendable>(_ key: SessionKey<Value>)
    -> SessionValueCheck
  {
    SessionValueCheck(
      name: key.name,
      describe: { session in session.value(for: key).map { String(reflecting: $0) } ?? "nil" },
      equal: { $0.value(for: key) == $1.value(for: key) })
  }
}
