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
  /// by its path, and a ``NavigationWalker`` can walk the whole tree.
  ///
  /// - Parameters:
  ///   - root: The tree; its children are the root level's rows.
  ///   - title: The root level's title.
  ///   - onSelect: Called with each leaf selected, in any level.
  public convenience init<Node: DrillDownNode>(
    drillingInto root: Node, title: String?,
    onSelect: @escaping (DrillDownSelection<Node>) -> Void = { _ in }
  ) {
    let rootLevel = DrillDownController(node: root, path: [], title: title, onSelect: onSelect)
    rootLevel.navigationDestination = DrillDownDestination(path: [])
    self.init(
      freeRoot: rootLevel, session: NavigationSession(),
      factory: { destination, _ throws(NavigationError) in
        guard let path = (destination as? DrillDownDestination)?.path,
          let node = root.descendant(at: path), node.children != nil
        else { throw .unknownDestination(String(describing: destination)) }
        return DrillDownController(node: node, path: path, title: node.title, onSelect: onSelect)
      })
  }
}
