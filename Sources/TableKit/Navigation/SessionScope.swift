/// How long a session value lives.
public enum SessionScope: Hashable, Sendable {
  /// As long as the level that wrote it is on the stack (the default): popping the level removes
  /// the value, and a value the same key had from a lower level shows again.
  case level
  /// As long as the stack, whichever level wrote it, until it is removed or written again.
  case stack
}
