import TableKit

/// Rows held in memory, one section.
final class StaticDataSource: TableDataSource {
  let columns: [ColumnDefinition]
  let rows: [[CellValue]]
  init(columns: [ColumnDefinition], rows: [[CellValue]]) {
    self.columns = columns
    self.rows = rows
  }
  var numberOfSections: Int { 1 }
  func numberOfRows(inSection section: Int) -> Int { rows.count }
  func representedObject(at position: TablePosition) -> Any { position.row }
  func cell(at position: TablePosition) -> Cell { Cell("", values: rows[position.row]) }
}
