package import TableKit

/// A statement's rows as a streamed data source: each row is stepped as a renderer asks for it
/// and its values written into the renderer's reused cell, so a table of any length is drawn
/// holding one row.
///
/// A pass that goes back to row 0 (a text renderer measuring, then drawing) resets the
/// statement and steps it again: a database file can always be read again
/// (``rereadableRowCount`` is `Int.max`). An error while stepping ends the rows; ``error`` keeps
/// it for the owner to report once the renderer returns.
///
/// ```swift
/// let source = DatabaseRowsDataSource(statement: try database.query("SELECT * FROM orders"))
/// let text = CSVTableRenderer().render(TableView(dataSource: source))
/// if let error = source.error { throw error }
/// ```
package final class DatabaseRowsDataSource: StreamedTableDataSource {
  /// The statement, stepped from its first row.
  package let statement: DatabaseStatement
  package let columns: [ColumnDefinition]
  /// The error that ended the rows early, if one did.
  package private(set) var error: DatabaseError?
  /// What `NULL` becomes.
  private let null: CellValue
  /// The index the statement's next step produces.
  private var nextRow = 0
  /// The number of rows, once a pass reached the end.
  private var total: Int?

  /// A source over `statement`'s rows.
  ///
  /// - Parameters:
  ///   - statement: The statement; reset here.
  ///   - nullText: The text shown for `NULL`; `nil` for an empty cell.
  package init(statement: DatabaseStatement, nullText: String? = nil) {
    statement.reset()
    self.statement = statement
    columns = statement.columnNames.map { ColumnDefinition($0) }
    null = nullText.map(CellValue.text) ?? .empty
  }

  package var rereadableRowCount: Int { Int.max }
  package var numberOfSections: Int { 1 }
  package func numberOfRows(inSection section: Int) -> Int { 0 }

  package func loadRow(_ row: Int) -> Bool {
    guard error == nil, row >= 0 else { return false }
    if let total, row >= total { return false }
    if row < nextRow {
      statement.reset()
      nextRow = 0
    }
    do {
      while nextRow <= row {
        guard try statement.step() else {
          total = nextRow
          return false
        }
        nextRow += 1
      }
    } catch {
      self.error = error
      return false
    }
    return true
  }

  /// The loaded row's number.
  package func representedObject(at position: TablePosition) -> Any { nextRow - 1 }

  package func cell(at position: TablePosition) -> Cell {
    var cell = Cell("")
    configureCell(&cell, at: position)
    return cell
  }

  /// Writes the loaded row's values into the renderer's reused cell.
  package func configureCell(_ cell: inout Cell, at position: TablePosition) {
    cell.prepareForReuse("", valueCount: columns.count)
    for index in columns.indices {
      let value = statement.value(at: index)
      cell.values[index] = value == .null ? null : value.cellValue
    }
  }
}
