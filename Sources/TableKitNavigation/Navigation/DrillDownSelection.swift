import TableKit

/// A leaf selected in a drill-down, with where it is in the tree.
public struct DrillDownSelection<Node: DrillDownNode> {
  /// The selected leaf.
  public let leaf: Node
  /// The row indexes from the root to the leaf, one per level: `[2, 1]` for the second row of
  /// the level the root's third row opened.
  public let path: [Int]

  /// Creates a selection of `leaf` at `path`.
  ///
  /// - Parameters:
  ///   - leaf: The selected leaf.
  ///   - path: The row indexes from the root to the leaf.
  public init(leaf: Node, path: [Int]) {
    self.leaf = leaf
    self.path = path
  }
}

extension DrillDownSelection: Sendable where Node: Sendable {}
extension DrillDownSelection: Equatable where Node: Equatable {}
extension DrillDownSelection: Hashable where Node: Hashable {}
