import TableKit

/// The rows of a JSON document as a table: each row a ``JSONRecord``.
///
/// It answers as a `SectionedDataSource<Any>` of records would, but fills each cell straight from
/// the row, with no type lookup per row: a render of a million rows spent most of its time
/// finding each record's representation.
final class JSONTableDataSource: TableDataSource {
  let document: JSONTableDocument
  let columns: [ColumnDefinition]

  init(document: JSONTableDocument) {
    self.document = document
    self.columns = document.columns.map { ColumnDefinition($0) }
  }

  var numberOfSections: Int { document.sections.count }

  func numberOfRows(inSection section: Int) -> Int {
    document.sections.indices.contains(section) ? document.sections[section].rows.count : 0
  }

  /// The row's values, or `nil` for a position outside the document.
  private func values(at position: TablePosition) -> [CellValue]? {
    guard document.sections.indices.contains(position.section) else { return nil }
    let rows = document.sections[position.section].rows
    return rows.indices.contains(position.row) ? rows[position.row] : nil
  }

  func representedObject(at position: TablePosition) -> Any {
    JSONRecord(values: values(at: position) ?? [])
  }

  func cell(at position: TablePosition) -> Cell {
    JSONRecord(values: values(at: position) ?? []).tableCell
  }

  func configureCell(_ cell: inout Cell, at position: TablePosition) {
    cell = self.cell(at: position)
  }

  func titleForHeader(inSection section: Int) -> String? {
    document.sections.indices.contains(section) ? document.sections[section].header : nil
  }

  func titleForFooter(inSection section: Int) -> String? {
    document.sections.indices.contains(section) ? document.sections[section].footer : nil
  }
}
