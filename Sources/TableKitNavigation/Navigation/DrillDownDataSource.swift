public import TableKit

/// The data source of one drill-down level: a row per child of a branch node.
///
/// A leaf shows its title; a branch shows its title, how many items it has ("2 items") and a
/// disclosure indicator. A branch with no children shows one unselectable row of kind
/// `CellKind.empty` reading ``emptyMessage``, so an empty level says so instead of showing an
/// empty table.
public final class DrillDownDataSource<Node: DrillDownNode>: TableDataSource {
  /// The branch whose children are the rows.
  public let node: Node
  /// The rows' nodes, the branch's children.
  public let nodes: [Node]
  /// The text of the row an empty level shows.
  public let emptyMessage: String

  /// Creates the data source of the level that `node` opens.
  ///
  /// - Parameters:
  ///   - node: The branch; a leaf is shown as an empty level.
  ///   - emptyMessage: The text of the row an empty level shows.
  public init(node: Node, emptyMessage: String = "No items") {
    self.node = node
    self.nodes = node.children ?? []
    self.emptyMessage = emptyMessage
  }

  /// One section.
  public var numberOfSections: Int { 1 }

  /// One row per child, or the one empty-state row.
  ///
  /// - Parameter section: The section.
  /// - Returns: The row count.
  public func numberOfRows(inSection section: Int) -> Int {
    section == 0 ? max(nodes.count, 1) : 0
  }

  /// The child node of the row, or ``emptyMessage`` for the empty-state row.
  ///
  /// - Parameter position: A row.
  /// - Returns: The node, or the message.
  public func representedObject(at position: TablePosition) -> Any {
    node(at: position) ?? emptyMessage
  }

  /// The child node at `position`, or `nil` for the empty-state row or a position past the rows.
  ///
  /// - Parameter position: A row.
  /// - Returns: The node, or `nil`.
  public func node(at position: TablePosition) -> Node? {
    guard position.section == 0, nodes.indices.contains(position.row) else { return nil }
    return nodes[position.row]
  }

  /// A leaf's title; a branch's title with its summary and a disclosure indicator; or the
  /// empty-state row.
  ///
  /// - Parameter position: A row.
  /// - Returns: What the row shows.
  public func cell(at position: TablePosition) -> Cell {
    guard let child = node(at: position) else {
      return Cell(emptyMessage, kind: .empty, isSelectable: false)
    }
    guard let summary = child.childSummary else { return Cell(child.title) }
    return Cell(
      child.title, detail: summary == child.title ? nil : summary,
      accessory: .disclosureIndicator)
  }
}
