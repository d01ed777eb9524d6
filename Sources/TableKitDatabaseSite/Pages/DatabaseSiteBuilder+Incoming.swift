package import TableKitDatabase

extension DatabaseSiteBuilder {
  /// The counts of the rows referencing each row of table `name`, for its list pages in order.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - skipping: Per incoming key, whether its counts come from an ``IncomingRowStream``.
  /// - Returns: The stream.
  /// - Throws: `DatabaseError` when the table's schema cannot be read.
  package func incomingCountStream(of name: String, skipping: [Bool] = [])
    throws(DatabaseError) -> IncomingCountStream
  {
    IncomingCountStream(
      database: database, table: try schema(name), references: incomingKeys(name),
      skipping: skipping)
  }

  /// The rows referencing each row of table `name`, with their counts, for its list pages in
  /// order.
  package func incomingRowStream(of name: String) throws(DatabaseError) -> IncomingRowStream {
    var references: [(table: TableSchema, key: ForeignKey)] = []
    for reference in incomingKeys(name) {
      references.append((try schema(reference.table), reference.key))
    }
    return IncomingRowStream(database: database, table: try schema(name), references: references)
  }

  /// The links from other tables of one list page's rows, read for the whole page at once: the
  /// counts the row pages show and the rows of the short lists they link to.
  package struct IncomingLinks {
    /// Per row of the page, the count of each of ``incomingKeys(_:)`` in order.
    package var counts: [[Int]]
    /// The filtered lists the rows link to, by their levels' ``DatabaseSiteLevel/exactKey``,
    /// with their number of rows and, for a list of one page, its rows.
    package var lists: [[UInt8]: (total: Int, rows: ListRows?)] = [:]
  }

  /// The most rows of filtered lists one query reads ahead for a list page (a few pages' worth,
  /// so memory stays bounded whatever the counts).
  private var rowsReadAhead: Int { max(rowsPerPage, 1_000) }

  /// The links from other tables to each of `rows` (a page of table `name` with `columns`):
  /// one counting query a referencing key and a hundred rows, and one query reading the rows
  /// of the lists of one page, instead of a count and a page query for each row.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - columns: Its columns, as the rows hold them.
  ///   - rows: The rows of one list page.
  ///   - streamed: Per key of ``incomingKeys(_:)``, the counts of the rows an
  ///     ``IncomingCountStream`` read, or `nil` to count them here.
  ///   - shortLists: A stream of the table's referencing rows and the page's rows' keys, to
  ///     take the counts and the short lists' rows from; without it (or where it cannot say)
  ///     they are counted and read here.
  /// - Returns: The counts and the lists' rows.
  /// - Throws: `DatabaseError` naming the table that could not be read.
  package func incomingLinks(
    to name: String, columns: [String], rows: [[DatabaseValue]], streamed: [[Int]?] = [],
    shortLists: (stream: IncomingRowStream, keys: [[DatabaseValue]])? = nil
  ) throws(DatabaseError) -> IncomingLinks {
    var links = IncomingLinks(counts: rows.map { _ in [] })
    for (number, reference) in incomingKeys(name).enumerated() {
      let indices = reference.key.referencedColumns.map { columns.firstIndex(of: $0) }
      var asked: [Int] = []
      var keys: [[DatabaseValue]] = []
      for (row, values) in rows.enumerated() {
        let matched = indices.map { $0.map { values[$0] } ?? .null }
        guard !matched.contains(.null), matched.count == reference.key.columns.count else {
          continue
        }
        asked.append(row)
        keys.append(matched)
      }
      if let shortLists, shortLists.keys.count == rows.count,
        let found = shortLists.stream.read(
          reference: number, keys: shortLists.keys, limit: rowsPerPage)
      {
        for row in rows.indices { links.counts[row].append(found[row].count) }
        var unread: (keys: [[DatabaseValue]], counts: [Int]) = ([], [])
        for (index, row) in asked.enumerated() where found[row].count > 0 {
          let level = DatabaseSiteLevel.filtered(
            table: reference.table, columns: reference.key.columns, values: keys[index], page: 1)
          links.lists[level.exactKey] = (found[row].count, found[row].rows)
          if found[row].rows == nil, found[row].count <= rowsPerPage {
            unread.keys.append(keys[index])
            unread.counts.append(found[row].count)
          }
        }
        // Short lists whose rows the stream could not order are read in batches.
        try readShortLists(of: reference, keys: unread.keys, counts: unread.counts, into: &links)
        continue
      }
      var counts = rows.map { _ in 0 }
      if number < streamed.count, let streamed = streamed[number] {
        for row in asked { counts[row] = streamed[row] }
      } else if !keys.isEmpty {
        let found = try database.counts(
          in: reference.table, whereIs: reference.key.columns, equalEach: keys)
        for (index, row) in asked.enumerated() { counts[row] = found[index] }
      }
      for row in rows.indices { links.counts[row].append(counts[row]) }
      try readShortLists(of: reference, keys: keys, counts: asked.map { counts[$0] }, into: &links)
    }
    return links
  }

  /// Notes the filtered list of each key with its count, and reads the rows of those of one
  /// page, a few hundred rows a query.
  private func readShortLists(
    of reference: (table: String, key: ForeignKey), keys: [[DatabaseValue]], counts: [Int],
    into links: inout IncomingLinks
  ) throws(DatabaseError) {
    let schema = try schema(reference.table)
    let readsRows = schema.kind == .table && !schema.key.isEmpty
    var batch: [(level: DatabaseSiteLevel, key: [DatabaseValue])] = []
    var batchRows = 0
    func readBatch() throws(DatabaseError) {
      guard !batch.isEmpty else { return }
      let pages = try database.pages(
        of: schema, whereIs: reference.key.columns, equalEach: batch.map(\.key))
      for (index, page) in pages.enumerated() {
        let level = batch[index].level
        links.lists[level.exactKey]?.rows = ListRows(
          columns: page.columns, rows: page.rows, keys: page.keys)
      }
      batch.removeAll(keepingCapacity: true)
      batchRows = 0
    }
    for (index, key) in keys.enumerated() where counts[index] > 0 {
      let level = DatabaseSiteLevel.filtered(
        table: reference.table, columns: reference.key.columns, values: key, page: 1)
      links.lists[level.exactKey] = (counts[index], nil)
      guard readsRows, counts[index] <= rowsPerPage else { continue }
      if batchRows + counts[index] > rowsReadAhead || batch.count == Database.keysPerBatch {
        try readBatch()
      }
      batch.append((level, key))
      batchRows += counts[index]
    }
    try readBatch()
  }
}
