public import TableKit

/// The controller of one drill-down level: selecting a branch opens its level, selecting a leaf
/// reports it with its path from the root.
///
/// Make a whole drill-down with ``NavigationController/init(drillingInto:title:onSelect:)``; each level
/// it pushes is a `DrillDownController` titled from the row that opened it, described by its
/// ``DrillDownDestination`` (the path from the root).
public final class DrillDownController<Node: DrillDownNode>: TableController {
  /// The row indexes from the root to this level.
  ///
  /// - Complexity: O(n) for a level n deep; the level keeps its path linked to its parent's.
  public var path: [Int] { pathStorage.indexes }
  /// The path, shared with the parent level's.
  package let pathStorage: DrillDownPath
  /// The branch this level shows.
  public let node: Node
  /// Called with each leaf selected in this level.
  private let onSelect: (DrillDownSelection<Node>) -> Void

  /// Creates the level of `node`, reached through `path`.
  ///
  /// - Parameters:
  ///   - node: The branch to show.
  ///   - path: The row indexes from the root to this level.
  ///   - title: The level's title.
  ///   - onSelect: Called with each leaf selected in this level.
  public convenience init(
    node: Node, path: [Int], title: String?,
    onSelect: @escaping (DrillDownSelection<Node>) -> Void
  ) {
    self.init(node: node, pathStorage: .of(path), title: title, onSelect: onSelect)
  }

  /// Creates the level of `node`, reached through `pathStorage`, in O(1).
  package init(
    node: Node, pathStorage: DrillDownPath, title: String?,
    onSelect: @escaping (DrillDownSelection<Node>) -> Void
  ) {
    self.node = node
    self.pathStorage = pathStorage
    self.onSelect = onSelect
    super.init(title: title, dataSource: DrillDownDataSource(node: node))
  }

  /// The level a branch row opens; `nil` for a leaf or the empty-state row.
  ///
  /// - Parameters:
  ///   - position: A row.
  ///   - object: The object the row represents.
  /// - Returns: A ``DrillDownDestination`` one index deeper, or `nil`.
  public override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    guard let child = object as? Node, child.children != nil else { return nil }
    return DrillDownDestination(storage: DrillDownPath(parent: pathStorage, index: position.row))
  }

  /// Reports a selected leaf with its path from the root.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  public override func didSelectRow(at position: TablePosition, representing object: Any) {
    guard let leaf = object as? Node, leaf.children == nil else { return }
    onSelect(DrillDownSelection(leaf: leaf, path: path + [position.row]))
  }
}
