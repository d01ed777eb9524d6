public import TableKit

/// The description of one level of a drill-down: the path of row indexes from the root to it.
///
/// The root level's path is empty; selecting the third row and then the second one in the level
/// it opened reaches the level at `[2, 1]`. A path is enough to make the level again from the
/// tree, so a router can save it and a walker can follow it.
///
/// A level's destination shares its parent's path rather than copying it, so making, hashing
/// and comparing the destinations of a walk cost the same at any depth; reading ``path`` builds
/// the array.
public struct DrillDownDestination: NavigationDestination {
  /// The indexes, linked to the parent level's.
  package let storage: DrillDownPath

  /// Child indexes from the root, one per level.
  ///
  /// - Complexity: O(n) for a path of n indexes.
  public var path: [Int] { storage.indexes }

  /// Creates the description of the level at `path`.
  ///
  /// - Parameter path: Child indexes from the root, one per level.
  public init(path: [Int]) {
    storage = DrillDownPath.of(path)
  }

  /// The destination of the level at `storage`.
  package init(storage: DrillDownPath) {
    self.storage = storage
  }

  /// Whether two destinations name the same level: the same indexes.
  ///
  /// - Parameters:
  ///   - lhs: A destination.
  ///   - rhs: Another destination.
  /// - Returns: Whether their paths are equal.
  public static func == (lhs: DrillDownDestination, rhs: DrillDownDestination) -> Bool {
    lhs.storage.holdsSameIndexes(as: rhs.storage)
  }

  /// Hashes the path's length and digest, in O(1).
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.count)
    hasher.combine(storage.digest)
  }
}

extension DrillDownDestination: CustomStringConvertible {
  /// `DrillDownDestination(path: [2, 1])`.
  public var description: String { "DrillDownDestination(path: \(path))" }
}
