import TableKit

/// What opening a URL or restoring a saved stack built, and why each level it did not build was
/// dropped.
///
/// The stack is the longest valid prefix: a level is built only when its URL routes, it is a
/// child of the level before, its objects resolve and its selection fits its table; a level
/// after a dropped one is dropped as ``RestoreFailure/parentDropped``. When not even the root
/// could be built, ``navigationController`` is `nil` and the app shows its usual first level.
public struct RestoreReport {
  /// The rebuilt stack, or `nil` when no level was.
  public let navigationController: NavigationController?

  /// The levels not rebuilt, in order, each with its reason.
  public let dropped: [DroppedLevel]

  /// Whether every level was rebuilt.
  public var isComplete: Bool { dropped.isEmpty }
}

@available(*, unavailable)
extension RestoreReport: Sendable {}

/// A level that opening or restoring did not rebuild.
public struct DroppedLevel: Hashable, Sendable {
  /// The level's place in the saved stack, root 0; `nil` when the whole text failed.
  public let index: Int?
  /// The level's URL, when it had one.
  public let url: String?
  /// Why it was dropped.
  public let reason: RestoreFailure

  /// Creates a record of a dropped level.
  ///
  /// - Parameters:
  ///   - index: The level's place, or `nil` for the whole text.
  ///   - url: The level's URL, when known.
  ///   - reason: Why it was dropped.
  public init(index: Int?, url: String?, reason: RestoreFailure) {
    self.index = index
    self.url = url
    self.reason = reason
  }
}
