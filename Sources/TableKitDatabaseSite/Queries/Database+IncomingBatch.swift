package import TableKitDatabase

extension Database {
  /// The most keys one batched query asks about (each key binds one parameter a column, so a
  /// library built with SQLite's old limit of 999 parameters still takes a key of 9 columns).
  package static let keysPerBatch = 100

  /// For each of `keys`, how many rows of `table` have `columns` `IS` its values: one pass over
  /// the table a hundred keys, where a count query a key reads the whole table each time when
  /// `columns` have no index.
  ///
  /// The query is `SELECT sum("a" IS ?1 AND "b" IS ?2), sum("a" IS ?3 …) … FROM t WHERE "a" IN
  /// (?1, ?3, …)`: each sum is the count query's own condition, and the `IN` only skips rows
  /// that no key can match (`x IN (y, z)` is `x = y OR x = z`, the same affinity and collation
  /// as `x IS y` for a value that is not `NULL`), so the counts are the ones the count query
  /// gives.
  ///
  /// - Parameters:
  ///   - table: The referencing table.
  ///   - columns: Its columns that hold the key (a foreign key's columns).
  ///   - keys: The keys' values, one value a column, none `NULL`.
  /// - Returns: One count a key, in order.
  /// - Throws: `DatabaseError` naming the table.
  package func counts(
    in table: String, whereIs columns: [String], equalEach keys: [[DatabaseValue]]
  ) throws(DatabaseError) -> [Int] {
    var counts: [Int] = []
    counts.reserveCapacity(keys.count)
    var start = 0
    while start < keys.count {
      let chunk = Array(keys[start..<min(keys.count, start + Self.keysPerBatch)])
      let sums = chunk.indices.map { "sum(\(Self.isConjunction(columns, key: $0)))" }
      let statement = try prepare(
        "SELECT \(sums.joined(separator: ", ")) FROM \(SQLIdentifier.quoted(table))"
          + " WHERE \(Self.inClause(columns, keys: chunk.count))", table: table)
      try statement.bind(chunk.flatMap { $0 })
      let found = try statement.step()
      for index in chunk.indices {
        counts.append(found ? Int(statement.value(at: index).integerValue ?? 0) : 0)
      }
      start += chunk.count
    }
    return counts
  }

  /// For each of `keys`, the rows of `table` where `columns` `IS` its values, in key order.
  ///
  /// The rows are those ``page(of:where:equal:after:limit:)`` reads for a list's first page, read
  /// in one pass over the table for all the keys. Ask only for keys whose rows are few (a list
  /// of one page).
  ///
  /// - Parameters:
  ///   - table: The referencing table (with a key).
  ///   - columns: Its columns that hold the key.
  ///   - keys: The keys' values, one value a column, none `NULL`; at most ``keysPerBatch``.
  /// - Returns: One page a key, in order, with every row that matches it.
  /// - Throws: `DatabaseError` naming the table.
  package func pages(
    of table: TableSchema, whereIs columns: [String], equalEach keys: [[DatabaseValue]]
  ) throws(DatabaseError) -> [DatabasePage] {
    let keyColumns = table.key
    guard !keyColumns.isEmpty else {
      throw DatabaseError(path: path, table: table.name, reason: .noKey)
    }
    let flags = keys.indices.map { "(\(Self.isConjunction(columns, key: $0)))" }
    let statement = try prepare(
      "SELECT \(flags.joined(separator: ", ")), \(SQLIdentifier.list(keyColumns)), * FROM "
        + "\(SQLIdentifier.quoted(table.name)) WHERE \(Self.inClause(columns, keys: keys.count))"
        + " ORDER BY \(SQLIdentifier.list(keyColumns))", table: table.name)
    try statement.bind(keys.flatMap { $0 })
    let names = Array(statement.columnNames.dropFirst(keys.count + keyColumns.count))
    var pages = keys.map { _ in DatabasePage(columns: names, rows: [], keys: []) }
    while try statement.step() {
      let row = statement.values
      let key = Array(row[keys.count..<keys.count + keyColumns.count])
      let values = Array(row[(keys.count + keyColumns.count)...])
      for index in keys.indices where row[index] == .integer(1) {
        pages[index].keys.append(key)
        pages[index].rows.append(values)
      }
    }
    return pages
  }

  /// `"a" IS ?n AND "b" IS ?n+1 …` for the key at `index` of a batch (its values bound from
  /// parameter `index × columns.count + 1`).
  private static func isConjunction(_ columns: [String], key index: Int) -> String {
    isClause(columns, first: index * columns.count + 1)
  }

  /// `"a" IN (?1, ?k+1, …)`: the first column against every key's first value, so the table's
  /// rows that no key can match are skipped before the conditions are tested.
  private static func inClause(_ columns: [String], keys: Int) -> String {
    let placeholders = (0..<keys).map { "?\($0 * columns.count + 1)" }
    return "\(SQLIdentifier.quoted(columns[0])) IN (\(placeholders.joined(separator: ", ")))"
  }
}
