import TableKit

/// The columns a renderer lays a table out in, and each row's value for each of them.
///
/// A data source that declares `TableDataSource.columns` gets exactly those, with a header row.
/// One that declares none gets two untitled columns, the cell's text and its detail, and no
/// header row. A cell's `Cell.values` fill the declared columns in order; a cell without values
/// fills them with its text and detail; missing values are empty, and values beyond the declared
/// columns are not shown.
struct TableLayout {
  /// The columns, declared or implicit.
  let columns: [TableColumn]
  /// Whether the columns were declared, so their titles form a header row.
  let hasHeaderRow: Bool

  /// The layout for the data source of `table`.
  init(for table: Table) {
    let declared = table.dataSource.columns
    if declared.isEmpty {
      columns = [TableColumn(""), TableColumn("")]
      hasHeaderRow = false
    } else {
      columns = declared
      hasHeaderRow = true
    }
  }

  /// The value `cell` shows in each column, exactly one per column.
  func values(of cell: Cell) -> [CellValue] {
    var values: [CellValue] = []
    values.reserveCapacity(columns.count)
    if cell.values.isEmpty {
      values.append(.text(cell.text))
      values.append(cell.detailText.map(CellValue.text) ?? .empty)
    } else {
      values.append(contentsOf: cell.values.prefix(columns.count))
    }
    while values.count < columns.count { values.append(.empty) }
    if values.count > columns.count { values.removeLast(values.count - columns.count) }
    return values
  }

  /// Whether values in `column` line up to the right, given one of its values.
  func isRightAligned(column: Int, value: CellValue) -> Bool {
    switch columns[column].alignment {
    case .right: true
    case .left, .center: false
    case .automatic: value.isNumeric
    }
  }
}
