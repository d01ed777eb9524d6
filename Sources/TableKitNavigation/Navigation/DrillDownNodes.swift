/// Finds the node of a drill-down level from its path, in O(1) for a child of a level made
/// before.
///
/// It keeps the nodes of the levels it made last, root first, each with its path. A level
/// selected in a level of that chain is a child of that level's node, found by comparing the
/// path's parent with the chain's paths by identity; the chain above that level is dropped, so
/// a depth-first walk or a person drilling down and back pays O(1) a level, amortized. Any
/// other path (pushed by indexes, restored) is followed from the root, and the chain becomes
/// that path's levels.
final class DrillDownNodes<Node: DrillDownNode> {
  /// The levels made last, root first: each path and its node.
  private var chain: [(path: DrillDownPath, node: Node)]

  /// A finder whose chain is the root level.
  init(root: Node, path: DrillDownPath) {
    chain = [(path, root)]
  }

  /// The node at `path`, or `nil` when an index is outside its level or passes through a leaf.
  func node(at path: DrillDownPath) -> Node? {
    if let parent = path.parent,
      let level = chain.lastIndex(where: { $0.path === parent })
    {
      chain.removeSubrange((level + 1)...)
      guard let children = chain[level].node.children, children.indices.contains(path.index)
      else { return nil }
      chain.append((path, children[path.index]))
      return children[path.index]
    }
    var paths: [DrillDownPath] = []
    var step: DrillDownPath? = path
    while let current = step, current.parent != nil {
      paths.append(current)
      step = current.parent
    }
    var levels = [chain[0]]
    for current in paths.reversed() {
      guard let children = levels[levels.count - 1].node.children,
        children.indices.contains(current.index)
      else { return nil }
      levels.append((current, children[current.index]))
    }
    chain = levels
    return levels[levels.count - 1].node
  }
}
