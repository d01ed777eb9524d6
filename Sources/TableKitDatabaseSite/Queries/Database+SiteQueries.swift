package import TableKitDatabase

extension Database {
  /// The clause `"a" IS ?1 AND "b" IS ?2 …` for `columns`, its placeholders from `first`.
  static func isClause(_ columns: [String], first: Int = 1) -> String {
    columns.enumerated().map { "\(SQLIdentifier.quoted($1)) IS ?\(first + $0)" }
      .joined(separator: " AND ")
  }

  /// A page of table `table`'s rows where each of `columns` `IS` the matching value, in key
  /// order, after the key `key` (keyset pagination, as `page(of:after:limit:)`).
  ///
  /// - Returns: The rows and their keys.
  /// - Throws: `DatabaseError` naming the table.
  package func page(
    of table: TableSchema, where columns: [String], equal values: [DatabaseValue],
    after key: [DatabaseValue]?, limit: Int
  ) throws(DatabaseError) -> DatabasePage {
    let keyColumns = table.key
    guard !keyColumns.isEmpty else {
      throw DatabaseError(path: path, table: table.name, reason: .noKey)
    }
    var sql =
      "SELECT \(SQLIdentifier.list(keyColumns)), * FROM \(SQLIdentifier.quoted(table.name))"
      + " WHERE \(Self.isClause(columns))"
    if key != nil {
      let placeholders = keyColumns.indices.map { "?\(columns.count + 1 + $0)" }
      sql +=
        " AND (\(SQLIdentifier.list(keyColumns))) > (\(placeholders.joined(separator: ", ")))"
    }
    sql += " ORDER BY \(SQLIdentifier.list(keyColumns)) LIMIT \(max(limit, 0))"
    let statement = try prepare(sql, table: table.name)
    try statement.bind(values + (key ?? []))
    var page = DatabasePage(
      columns: Array(statement.columnNames.dropFirst(keyColumns.count)), rows: [], keys: [])
    while try statement.step() {
      let row = statement.values
      page.keys.append(Array(row.prefix(keyColumns.count)))
      page.rows.append(Array(row.dropFirst(keyColumns.count)))
    }
    return page
  }

  /// The number of rows of `name` where each of `columns` `IS` the matching value.
  package func count(in name: String, whereIs columns: [String], equal values: [DatabaseValue])
    throws(DatabaseError) -> Int
  {
    let statement = try prepare(
      "SELECT count(*) FROM \(SQLIdentifier.quoted(name)) WHERE \(Self.isClause(columns))",
      table: name)
    try statement.bind(values)
    guard try statement.step(), case .integer(let count) = statement.value(at: 0) else { return 0 }
    return Int(count)
  }

  /// The columns of `table` that get a facet: not in the primary key, holding no blob and no
  /// value longer than `DatabaseSiteBuilder.maximumAddressBytes` (each value's list is
  /// addressed by it), with between 2 and `maximum` distinct values other than `NULL`.
  package func facetColumns(of table: TableSchema, maximum: Int) throws(DatabaseError)
    -> [String]
  {
    var found: [String] = []
    let name = SQLIdentifier.quoted(table.name)
    for column in table.columns where column.primaryKeyIndex == 0 {
      let quoted = SQLIdentifier.quoted(column.name)
      // The distinct values are counted only up to one past `maximum`: a column of many
      // values (a note, an amount) stops early instead of sorting all of them.
      let limit = maximum < Int.max ? maximum + 1 : maximum
      let distinct = try prepare(
        "SELECT count(*) FROM (SELECT DISTINCT \(quoted) FROM \(name)"
          + " WHERE \(quoted) IS NOT NULL LIMIT \(limit))", table: table.name)
      guard try distinct.step(), case .integer(let count) = distinct.value(at: 0),
        count >= 2, count <= maximum
      else { continue }
      let unaddressable = try prepare(
        "SELECT EXISTS (SELECT 1 FROM \(name) WHERE typeof(\(quoted)) = 'blob'"
          + " OR length(CAST(\(quoted) AS BLOB)) > \(DatabaseSiteBuilder.maximumAddressBytes))",
        table: table.name)
      if try unaddressable.step(), unaddressable.value(at: 0) == .integer(0) {
        found.append(column.name)
      }
    }
    return found
  }

  /// The values of `column` in `table` and how many rows hold each: by count, most first,
  /// then by value in SQLite's order (`NULL` first).
  package func facetValues(of table: String, column: String) throws(DatabaseError)
    -> [(value: DatabaseValue, count: Int)]
  {
    let quoted = SQLIdentifier.quoted(column)
    return try rows(
      "SELECT \(quoted), count(*) FROM \(SQLIdentifier.quoted(table)) GROUP BY \(quoted)"
        + " ORDER BY count(*) DESC, \(quoted)", table: table
    ).map { ($0[0], Int($0[1].integerValue ?? 0)) }
  }
}
