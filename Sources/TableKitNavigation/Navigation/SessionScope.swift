import TableKit

/// How long a session value lives.
public enum SessionScope: Hashable, Sendable {
  /// As long as the level that wrote it is on the stack (the default): popping the level removes
  /// the value, and a value the same key had from a lower level shows again.
  case level
  /// As long as the stack, whichever level wrote it, until it is removed or written again.
  ///
  /// The stack's values sit beneath the root's layer in the lookup: reading looks at the levels
  /// from the top down and only then at the stack's values, so a level-scoped value under the
  /// same key hides a stack-scoped one while its level is on the stack. Use distinct keys for
  /// the two lifetimes, or ``NavigationSession/removeValue(for:)`` first, to avoid the shadow.
  case stack
}
