package import TableKit
package import TableRender

/// One table of a site page, held whole (a page's rows, never a database table's): columns and
/// rows of values, some of them links.
///
/// A renderer that draws links (HTML) reads each row's ``DatabaseSiteRow/htmlValues``; every
/// other renderer (CSV, text, Markdown) reads the cell's plain values.
package final class DatabaseSiteTable: TableDataSource {
  package let columns: [ColumnDefinition]
  package private(set) var rows: [DatabaseSiteRow] = []

  /// An empty table with columns titled `titles`.
  package init(columns titles: [String]) {
    columns = titles.map { ColumnDefinition($0) }
  }

  /// Appends a row.
  package func append(_ values: [HTMLValue]) {
    rows.append(DatabaseSiteRow(htmlValues: values))
  }

  package var numberOfSections: Int { 1 }

  package func numberOfRows(inSection section: Int) -> Int { rows.count }

  package func representedObject(at position: TablePosition) -> Any { rows[position.row] }

  package func cell(at position: TablePosition) -> Cell {
    var cell = Cell("")
    configureCell(&cell, at: position)
    return cell
  }

  package func configureCell(_ cell: inout Cell, at position: TablePosition) {
    let row = rows[position.row].htmlValues
    cell.prepareForReuse("", valueCount: row.count)
    for (index, value) in row.enumerated() {
      switch value {
      case .value(let plain): cell.values[index] = plain
      case .link(let text, _): cell.values[index] = .text(text)
      }
    }
  }
}

/// A row of a ``DatabaseSiteTable``: its values as HTML shows them.
package struct DatabaseSiteRow: HTMLRepresentable {
  package var htmlValues: [HTMLValue]
}
