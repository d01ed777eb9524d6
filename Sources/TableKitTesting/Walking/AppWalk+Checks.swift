import TableKit

extension AppWalk {
  /// The checks every level gets: what a user would notice on any screen.
  ///
  /// - The level has a title (its breadcrumb and the next level's back button show it).
  /// - The table agrees with its data source: the data source's section and row counts are the
  ///   ones the table shows (a data source changed without a reload or a changeset disagrees).
  /// - No row falls back to its description (`CellKind.fallback`): every type shown
  ///   has a table representation.
  /// - Every selected row is inside the table.
  ///
  /// - Parameter level: The level, on top of the stack.
  /// - Returns: The problems found, in words.
  public static func standardChecks(_ level: AppLevel) -> [String] {
    var problems: [String] = []
    let controller = level.controller
    if (controller.title ?? "").isEmpty { problems.append("the level has no title") }
    let table = controller.table
    let source = controller.dataSource
    let sourceShape = TableShape(
      rowCounts: (0..<max(0, source.numberOfSections)).map { source.numberOfRows(inSection: $0) })
    if sourceShape != table.shape {
      problems.append(
        "the table shows \(table.shape), but its data source has \(sourceShape) "
          + "(changed without a reload or a changeset)")
    }
    for (index, kind) in level.rendering.kinds.enumerated() {
      guard case .row(let position) = kind,
        let cell = try? table.cell(at: position), cell.kind == .fallback
      else { continue }
      problems.append(
        "row \(position.row) of section \(position.section) shows its description "
          + "(\(level.rendering.lines[index].dropFirst(2))): its type has no table representation")
    }
    for position in table.selectedPositions where !table.shape.contains(position) {
      problems.append("the selected row \(position) is outside the table")
    }
    return problems
  }
}
