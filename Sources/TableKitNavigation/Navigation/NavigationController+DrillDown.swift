import TableKit

extension NavigationController {
  /// Creates a stack that drills down into `root`, one ``DrillDownController`` per level.
  ///
  /// Selecting a branch pushes its level, titled from the row; selecting a leaf calls `onSelect`
  /// with the leaf and its path of row indexes from the root:
  ///
  /// ```swift
  /// var selected: [[Int]] = []
  /// let stack = NavigationController(drillingInto: ["a", "b", ["1", "2"], "c"] as NestedValue,
  ///                             title: "List") { selected.append($0.path) }
  /// try stack.selectRow(at: TablePosition(section: 0, row: 2))   // pushes "2 items"
  /// try stack.selectRow(at: TablePosition(section: 0, row: 1))   // selected == [[2, 1]]
  /// ```
  ///
  /// Every level is made from its ``DrillDownDestination``, so the stack can also push a level
  /// by its path, and a ``NavigationWalker`` can walk the whole tree. A level selected in the
  /// level above it is made in O(1) at any depth (its node is a child of the node the stack
  /// made last); a level pushed by a path from elsewhere is found from the root, O(depth).
  ///
  /// - Parameters:
  ///   - root: The tree; its children are the root level's rows.
  ///   - title: The root level's title.
  ///   - onSelect: Called with each leaf selected, in any level.
  public convenience init<Node: DrillDownNode>(
    drillingInto root: Node, title: String?,
    onSelect: @escaping (DrillDownSelection<Node>) -> Void = { _ in }
  ) {
    let rootPath = DrillDownPath()
    let rootLevel = DrillDownController(
      node: root, pathStorage: rootPath, title: title, onSelect: onSelect)
    rootLevel.navigationDestination = DrillDownDestination(storage: rootPath)
    let nodes = DrillDownNodes(root: root, path: rootPath)
    self.init(
      freeRoot: rootLevel, session: NavigationSession(),
      factory: { destination, _ throws(NavigationError) in
        guard let path = (destination as? DrillDownDestination)?.storage,
          let node = nodes.node(at: path), node.children != nil
        else { throw .unknownDestination(String(describing: destination)) }
        return DrillDownController(
          node: node, pathStorage: path, title: node.title, onSelect: onSelect)
      })
  }
}
