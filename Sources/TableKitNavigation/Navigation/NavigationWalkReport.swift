import TableKit

/// What a ``NavigationWalker`` walk covered, and whether a bound cut it short.
public struct NavigationWalkReport: Hashable, Sendable {
  /// The levels visited, the starting level included.
  public var levelsVisited = 0
  /// Rows not followed because they led back to a destination already on the path.
  public var cyclesSkipped = 0
  /// Whether rows were not followed because they were on level
  /// ``NavigationWalker/maximumDepth``.
  public var reachedDeepestLevel = false
  /// Whether the walk stopped at ``NavigationWalker/maximumLevels`` levels.
  public var reachedMaximumLevels = false

  /// Creates an empty report.
  public init() {}
}
