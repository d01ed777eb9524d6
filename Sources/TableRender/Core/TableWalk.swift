import TableKit

/// One step of walking a table in display order, as renderers see it.
enum TableWalkStep {
  /// A section starts; `title` is its header title, if any.
  case sectionHeader(section: Int, title: String?)
  /// A row of the current section: its generic cell and the object it represents.
  case row(position: TablePosition, cell: Cell, object: Any)
  /// A section ends; `title` is its footer title, if any.
  case sectionFooter(section: Int, title: String?)
}

extension Table {
  /// Visits every section header, row and footer in display order, positions taken from the
  /// table's shape so the data source is only asked for rows it has.
  func walk(_ visit: (TableWalkStep) -> Void) {
    let dataSource = self.dataSource
    for (section, rows) in shape.rowCounts.enumerated() {
      visit(.sectionHeader(section: section, title: dataSource.titleForHeader(inSection: section)))
      for row in 0..<rows {
        let position = TablePosition(section: section, row: row)
        let object = dataSource.representedObject(at: position)
        visit(.row(position: position, cell: dataSource.cell(at: position), object: object))
      }
      visit(.sectionFooter(section: section, title: dataSource.titleForFooter(inSection: section)))
    }
  }
}
