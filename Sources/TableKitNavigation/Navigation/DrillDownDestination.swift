public import TableKit

/// The description of one level of a drill-down: the path of row indexes from the root to it.
///
/// The root level's path is empty; selecting the third row and then the second one in the level
/// it opened reaches the level at `[2, 1]`. A path is enough to make the level again from the
/// tree, so a router can save it and a walker can follow it.
public struct DrillDownDestination: NavigationDestination {
  /// Child indexes from the root, one per level.
  public let path: [Int]

  /// Creates the description of the level at `path`.
  ///
  /// - Parameter path: Child indexes from the root, one per level.
  public init(path: [Int]) {
    self.path = path
  }
}
