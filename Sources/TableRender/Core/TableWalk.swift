import TableKit

extension TableView {
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
  /// Each section's rows are read from `TableDataSource.rowSource(forSection:)`, so a composed
  /// table costs one walk down the composition a section, not one a row. A stream whose rows
  /// come in groups (`GroupedStreamDataSource`) has a section start where its loaded row's
  /// section changes, and each end once the next one's first row (or the end) was read.
  ///
  /// - Parameters:
  ///   - sectionHeader: Called as a section starts, with its header title.
  ///   - row: Called for each row with its position, generic cell and represented object.
  ///   - sectionFooter: Called as a section ends, with its footer title.
  ///   - parallelRows: Offered a ``ParallelRowSource`` once, at the first row after the rows it
  ///     keeps, with that row's index: it hands the source the renderer's row consumer and
  ///     returns how many rows were consumed (`nil` for none). Rows it does not consume reach
  ///     `row` as usual.
  func walk(
    sectionHeader: (_ section: Int, _ title: String?) -> Void,
    row: (_ position: TablePosition, _ cell: Cell, _ object: Any) -> Void,
    sectionFooter: (_ section: Int, _ title: String?) -> Void,
    parallelRows: (_ source: any ParallelRowSource, _ firstRow: Int) -> Int? = { _, _ in nil }
  ) {
    let dataSource = self.dataSource
    var cell = Cell("")
    if let groups = dataSource as? any GroupedStreamDataSource {
      walk(groups, sectionHeader: sectionHeader, row: row, sectionFooter: sectionFooter)
      return
    }
    if let stream = dataSource as? any StreamedTableDataSource {
      // One section whose rows are read as they are drawn; its count is known at its end.
      sectionHeader(0, stream.titleForHeader(inSection: 0))
      var index = 0
      var offered = false
      while true {
        if !offered, index >= stream.numberOfRows(inSection: 0) {
          offered = true
          if let source = stream as? any ParallelRowSource {
            index += parallelRows(source, index) ?? 0
          }
        }
        guard stream.loadRow(index) else { break }
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
      // Rows are read where they live: a composed table's leaf, not through every level.
      let source = dataSource.rowSource(forSection: section)
      let reader = source.dataSource
      for index in 0..<rows {
        let position = TablePosition(section: section, row: index)
        let readAt = source.position(ofRow: index)
        let object = reader.representedObject(at: readAt)
        reader.configureCell(&cell, at: readAt)
        row(position, cell, object)
      }
      sectionFooter(section, dataSource.titleForFooter(inSection: section))
    }
  }

  /// The walk of a stream whose rows come in groups: a section starts where the loaded row's
  /// section changes, and ends once the next one's first row (or the end) was read.
  ///
  /// Out of line, so the walk of every other data source carries none of this code.
  @inline(never)
  private func walk(
    _ groups: any GroupedStreamDataSource,
    sectionHeader: (_ section: Int, _ title: String?) -> Void,
    row: (_ position: TablePosition, _ cell: Cell, _ object: Any) -> Void,
    sectionFooter: (_ section: Int, _ title: String?) -> Void
  ) {
    var cell = Cell("")
    // Sections the stream declares as its rows pass: each starts at its first row.
    var index = 0
    var section = -1
    var rowInSection = 0
    while groups.loadRow(index) {
      if groups.sectionOfLoadedRow != section {
        if section >= 0 { sectionFooter(section, groups.titleForFooter(inSection: section)) }
        section = groups.sectionOfLoadedRow
        rowInSection = 0
        sectionHeader(section, groups.titleForHeader(inSection: section))
      }
      let position = TablePosition(section: section, row: rowInSection)
      let object = groups.representedObject(at: position)
      groups.configureCell(&cell, at: position)
      row(position, cell, object)
      index += 1
      rowInSection += 1
    }
    if section >= 0 { sectionFooter(section, groups.titleForFooter(inSection: section)) }
  }
}

extension TableView {
  /// The most rows a first pass (widths, alignment) may read before the walk starts again from
  /// the first row: every row, or the rows a streamed data source can read again.
  var firstPassRowLimit: Int {
    (dataSource as? any StreamedTableDataSource)?.rereadableRowCount ?? Int.max
  }

  /// Visits up to `limit` rows in display order for a first pass, with no section titles.
  ///
  /// `body` is handed the data source to read the row from and the row's position there (a
  /// composed table's rows are read from `TableDataSource.rowSource(forSection:)`, as in
  /// ``walk(sectionHeader:row:sectionFooter:)``), and returns `false` to stop early. A streamed
  /// data source is read through `StreamedTableDataSource.loadRow(_:)`, at most
  /// ``firstPassRowLimit`` rows.
  ///
  /// `parallelRows` is offered a ``ParallelRowSource`` once, as in
  /// ``walk(sectionHeader:row:sectionFooter:parallelRows:)``, when every row is visited (`limit`
  /// is `Int.max`); rows it consumes do not reach `body`.
  func visitLeadingRows(
    limit: Int,
    parallelRows: (_ source: any ParallelRowSource, _ firstRow: Int) -> Int? = { _, _ in nil },
    _ body: (_ reader: any TableDataSource, _ position: TablePosition) -> Bool
  ) {
    let visitsAll = limit == Int.max
    let limit = min(limit, firstPassRowLimit)
    if let stream = dataSource as? any StreamedTableDataSource {
      var index = 0
      var offered = !visitsAll
      while index < limit {
        if !offered, index >= stream.numberOfRows(inSection: 0) {
          offered = true
          if let source = stream as? any ParallelRowSource {
            index += parallelRows(source, index) ?? 0
          }
        }
        guard index < limit, stream.loadRow(index) else { return }
        guard body(stream, TablePosition(section: 0, row: index)) else { return }
        index += 1
      }
      return
    }
    var visited = 0
    for (section, rows) in shape.rowCounts.enumerated() {
      let source = dataSource.rowSource(forSection: section)
      // Taken out once a section: read from `source` on every row, it is copied (and retained).
      let reader = source.dataSource
      for row in 0..<rows {
        guard visited < limit else { return }
        visited += 1
        guard body(reader, source.position(ofRow: row)) else { return }
      }
    }
  }
}
