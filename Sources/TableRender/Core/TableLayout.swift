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

  /// The data source's overrides, so a table's override wins over format representations.
  let registry: RepresentationRegistry

  /// The layout for the data source of `table`.
  init(for table: Table) {
    registry = table.dataSource.representations
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
    if cell.values.isEmpty {
      return fitted(
        [.text(cell.text), cell.detailText.map(CellValue.text) ?? .empty], empty: .empty)
    }
    return fitted(cell.values, empty: .empty)
  }

  /// The values a text format shows for a row: the object's ``TextRepresentable`` values unless
  /// the table overrides its type, else the cell's.
  func textValues(of cell: Cell, object: Any) -> [CellValue] {
    if let representable = object as? any TextRepresentable, !registry.overrides(object) {
      return fitted(representable.textValues, empty: .empty)
    }
    return values(of: cell)
  }

  /// The values CSV exports for a row: the object's ``CSVRepresentable`` values unless the table
  /// overrides its type, else the cell's.
  func csvValues(of cell: Cell, object: Any) -> [CellValue] {
    if let representable = object as? any CSVRepresentable, !registry.overrides(object) {
      return fitted(representable.csvValues, empty: .empty)
    }
    return values(of: cell)
  }

  /// The content HTML shows for a row: the object's ``HTMLRepresentable`` values unless the
  /// table overrides its type, else the cell's values.
  func htmlValues(of cell: Cell, object: Any) -> [HTMLValue] {
    if let representable = object as? any HTMLRepresentable, !registry.overrides(object) {
      return fitted(representable.htmlValues, empty: .value(.empty))
    }
    return values(of: cell).map(HTMLValue.value)
  }

  /// `values` cut or padded with `empty` to exactly one per column.
  private func fitted<Value>(_ values: [Value], empty: Value) -> [Value] {
    if values.count == columns.count { return values }
    if values.count > columns.count { return Array(values.prefix(columns.count)) }
    return values + repeatElement(empty, count: columns.count - values.count)
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
