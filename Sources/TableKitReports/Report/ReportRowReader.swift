import TableKit

/// Reads a table's rows one at a time into one reused cell: every row of a section, or a
/// stream's rows from the first until the input ends.
struct ReportRowReader {
  let table: TableView
  let stream: (any StreamedTableDataSource)?
  private let hasColumns: Bool
  private var cell = Cell("")

  /// The stream, when its rows come in groups it declares.
  let groups: (any GroupedStreamDataSource)?

  init(table: TableView) {
    self.table = table
    stream = table.dataSource as? any StreamedTableDataSource
    groups = table.dataSource as? any GroupedStreamDataSource
    hasColumns = !table.dataSource.columns.isEmpty
  }

  /// The sections to walk: a stream's one, or every section of the table's shape.
  var sections: Range<Int> {
    stream == nil ? 0..<table.shape.rowCounts.count : 0..<1
  }

  /// Reads every row of a grouped stream and hands `body` its section, its position in the
  /// section and its values.
  ///
  /// - Parameters:
  ///   - groups: The stream (``groups``).
  ///   - body: Called for each row.
  /// - Throws: What `body` throws; the rows after it are not read.
  mutating func readGroupedRows<Failure: Error>(
    of groups: any GroupedStreamDataSource,
    _ body: (_ section: Int, TablePosition, [CellValue]) throws(Failure) -> Void
  ) throws(Failure) {
    var row = 0
    var section = -1
    var rowInSection = 0
    while groups.loadRow(row) {
      if groups.sectionOfLoadedRow != section {
        section = groups.sectionOfLoadedRow
        rowInSection = 0
      }
      let position = TablePosition(section: section, row: rowInSection)
      groups.configureCell(&cell, at: position)
      try body(section, position, hasColumns ? cell.values : [.text(cell.text)])
      row += 1
      rowInSection += 1
    }
  }

  /// Reads every row of `section` and hands `body` its position and values (a table with no
  /// declared columns has one value, the cell's text).
  mutating func readRows<Failure: Error>(
    of section: Int, _ body: (TablePosition, [CellValue]) throws(Failure) -> Void
  ) throws(Failure) {
    if let stream {
      var row = 0
      while stream.loadRow(row) {
        let position = TablePosition(section: 0, row: row)
        stream.configureCell(&cell, at: position)
        try body(position, hasColumns ? cell.values : [.text(cell.text)])
        row += 1
      }
      return
    }
    let dataSource = table.dataSource
    for row in 0..<table.shape.rowCounts[section] {
      let position = TablePosition(section: section, row: row)
      dataSource.configureCell(&cell, at: position)
      try body(position, hasColumns ? cell.values : [.text(cell.text)])
    }
  }
}
