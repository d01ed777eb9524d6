import TableKitDatabase

extension DatabaseSiteBuilder {
  /// The page of any one level, read on its own: what the export writes for it, for `tablekit
  /// open` and for tests.
  ///
  /// A list's page `n` is reached by keyset pagination from the first (a view's by reading past
  /// the rows before it), never by `OFFSET`.
  ///
  /// - Parameter level: The level.
  /// - Returns: Its page.
  /// - Throws: ``DatabaseSiteError/database(_:)`` when the database cannot be read;
  ///   ``DatabaseSiteError/noSuchLevel(_:)`` when the table, row, page or facet does not exist.
  package func page(for level: DatabaseSiteLevel) throws(DatabaseSiteError) -> DatabaseSitePage {
    // A table the database lacks is a level that does not exist, as a missing row is: the
    // address names it, so it is the address that is wrong, not the database.
    if let table = level.table, !entries.contains(where: { $0.name == table }) {
      throw .noSuchLevel(url(of: level))
    }
    do throws(DatabaseError) {
      switch level {
      case .index:
        return try indexPage()
      case .facet(let table, let column):
        guard try facets(table).contains(where: { $0 == column }) else { break }
        return try facetPage(table: table, column: column)
      case .row(let table, let key):
        let schema = try schema(table)
        guard schema.kind == .table, schema.key.count == key.count,
          let values = try database.row(of: table, matching: key, in: schema.key)
        else { break }
        return try rowPage(
          table: table, key: key, columns: schema.columns.map(\.name), values: values)
      case .list(let table, let number), .filtered(let table, _, _, let number):
        var columns: [String] = []
        var values: [DatabaseValue] = []
        if case .filtered(_, let matched, let equal, _) = level {
          guard matched.count == equal.count else { break }
          columns = matched
          values = equal
        }
        let total =
          columns.isEmpty
          ? try rowCount(table) : try database.count(in: table, whereIs: columns, equal: values)
        guard number <= pageCount(total) else { break }
        let rows = try listRows(table, columns: columns, values: values, page: number)
        return try listPage(level, rows: rows, total: total)
      }
    } catch {
      throw .database(error)
    }
    throw .noSuchLevel(url(of: level))
  }

  /// The rows of page `number` of `table`'s list where `columns` hold `values`.
  private func listRows(
    _ table: String, columns: [String], values: [DatabaseValue], page number: Int
  ) throws(DatabaseError) -> ListRows {
    let schema = try schema(table)
    if schema.kind == .table, !schema.key.isEmpty {
      var after: [DatabaseValue]?
      var read = DatabasePage(columns: [], rows: [], keys: [])
      for _ in 1...number {
        read =
          columns.isEmpty
          ? try database.page(of: schema, after: after, limit: rowsPerPage)
          : try database.page(
            of: schema, where: columns, equal: values, after: after, limit: rowsPerPage)
        after = read.keys.last
      }
      return ListRows(columns: read.columns, rows: read.rows, keys: read.keys)
    }
    var sql = "SELECT * FROM \(SQLIdentifier.quoted(table))"
    if !columns.isEmpty { sql += " WHERE " + Database.isClause(columns) }
    let statement = try database.prepare(sql, table: table)
    try statement.bind(values)
    var rows: [[DatabaseValue]] = []
    var skipped = 0
    while rows.count < rowsPerPage, try statement.step() {
      if skipped < (number - 1) * rowsPerPage {
        skipped += 1
      } else {
        rows.append(statement.values)
      }
    }
    return ListRows(columns: statement.columnNames, rows: rows, keys: nil)
  }
}
