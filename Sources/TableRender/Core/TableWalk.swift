import TableKit

extension Table {
  /// Visits every section header, row and footer in display order, positions taken from the
  /// table's shape so the data source is only asked for rows it has.
  ///
  /// Each row's cell and represented object are handed to `row` as arguments, borrowed for the
  /// call: packing them into a value first (an enum of steps, say) would copy and destroy the
  /// cell and the object for every row, which costs more than making the cell. The cell is one
  /// cell reused for every row through `TableDataSource.configureCell(_:at:)`, so a data source
  /// that fills it in place costs no allocation per row. A `row` that keeps the cell keeps a
  /// copy (safe, but the next row then allocates again).
  ///
  /// - Parameters:
  ///   - sectionHeader: Called as a section starts, with its header title.
  ///   - row: Called for each row with its position, generic cell and represented object.
  ///   - sectionFooter: Called as a section ends, with its footer title.
  func walk(
    sectionHeader: (_ section: Int, _ title: String?) -> Void,
    row: (_ position: TablePosition, _ cell: Cell, _ object: Any) -> Void,
    sectionFooter: (_ section: Int, _ title: String?) -> Void
  ) {
    let dataSource = self.dataSource
    var cell = Cell("")
    if let stream = dataSource as? any StreamedTableDataSource {
      // One section whose rows are read as they are drawn; its count is known at its end.
      sectionHeader(0, stream.titleForHeader(inSection: 0))
      var index = 0
      while stream.loadRow(index) {
        let position = TablePosition(section: 0, row: index)
        let object = stream.representedObject(at: position)
        stream.configureCell(&cell, at: position)
        row(position, cell, object)
        index += 1
      }
      sectionFooter(0, stream.titleForFooter(inSection: 0))
      return
    }
    for (section, rows) in shape.rowCounts.enumerated() {
      sectionHeader(section, dataSource.titleForHeader(inSection: section))
      for index in 0..<rows {
        let position = TablePosition(section: section, row: index)
        let object = dataSource.representedObject(at: position)
        dataSource.configureCell(&cell, at: position)
        row(position, cell, object)
      }
      sectionFooter(section, dataSource.titleForFooter(inSection: section))
    }
  }
}

extension Table {
  /// The most rows a first pass (widths, alignment) may read before the walk starts again from
  /// the first row: every row, or the rows a streamed data source can read again.
  var firstPassRowLimit: Int {
    (dataSource as? any StreamedTableDataSource)?.rereadableRowCount ?? Int.max
  }

  /// Visits up to `limit` rows in display order for a first pass, with no section titles.
  ///
  /// `body` returns `false` to stop early. A streamed data source is read through
  /// `StreamedTableDataSource.loadRow(_:)`, at most ``firstPassRowLimit`` rows.
  func visitLeadingRows(limit: Int, _ body: (_ position: TablePosition) -> Bool) {
    let limit = min(limit, firstPassRowLimit)
    if let stream = dataSource as? any StreamedTableDataSource {
      var index = 0
      while index < limit, stream.loadRow(index) {
        guard body(TablePosition(section: 0, row: index)) else { return }
        index += 1
      }
      return
    }
    var visited = 0
    for (section, rows) in shape.rowCounts.enumerated() {
      for row in 0..<rows {
        guard visited < limit else { return }
        visited += 1
        guard body(TablePosition(section: section, row: row)) else { return }
      }
    }
  }
}
