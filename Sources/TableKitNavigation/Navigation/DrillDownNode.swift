import TableKit

/// A node of a tree that a drill-down shows one level at a time.
///
/// A node is a leaf (``children`` is `nil`) or a branch whose children make the next level (an
/// empty array is a branch with nothing in it, shown with an empty-state row). Conform any tree
/// you have, a folder hierarchy, a menu, a category tree:
///
/// ```swift
/// struct Folder: DrillDownNode {
///   var title: String
///   var children: [Folder]?
/// }
/// ```
public protocol DrillDownNode {
  /// The text of the node's row, and the title of its level when it is a branch.
  var title: String { get }
  /// The nodes of the next level, or `nil` for a leaf.
  var children: [Self]? { get }
}

extension DrillDownNode {
  /// How many children a branch has, in words: "No items", "1 item", "2 items"; `nil` for a
  /// leaf.
  public var childSummary: String? {
    guard let children else { return nil }
    switch children.count {
    case 0: return "No items"
    case 1: return "1 item"
    default: return "\(children.count) items"
    }
  }

  /// The node reached by following `path`, one child index per level, or `nil` when an index is
  /// outside its level or passes through a leaf.
  ///
  /// - Parameter path: Child indexes from this node.
  /// - Returns: The node, or `nil`.
  public func descendant(at path: [Int]) -> Self? {
    var node = self
    for index in path {
      guard let children = node.children, children.indices.contains(index) else { return nil }
      node = children[index]
    }
    return node
  }
}
