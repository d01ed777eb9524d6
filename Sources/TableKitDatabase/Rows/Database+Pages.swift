extension Database {
  /// Up to `limit` rows of `table` after the row whose key is `key`, in key order:
  /// `WHERE (k₁, k₂) > (?, ?) ORDER BY k₁, k₂ LIMIT n`.
  ///
  /// Rows are ordered by the key as SQLite compares values (integers and reals by value, then
  /// text, then blobs). A row whose primary key holds `NULL` (possible in a table with a rowid
  /// and a primary key that is not `INTEGER`) compares with nothing and is never on a page.
  ///
  /// - Parameters:
  ///   - table: The table's schema (``schema(of:)``).
  ///   - key: The last key of the page before; `nil` for the first page.
  ///   - limit: The most rows.
  /// - Returns: The page.
  /// - Throws: ``DatabaseError/Reason/noKey`` for a view,
  ///   ``DatabaseError/Reason/keyMismatch(expected:given:)`` for a key of the wrong size, or
  ///   SQLite's error naming the table.
  public func page(of table: TableSchema, after key: [DatabaseValue]?, limit: Int)
    throws(DatabaseError) -> DatabasePage
  {
    let keyColumns = try self.keyColumns(of: table, given: key?.count)
    // A primary key's values are read from the row's own columns; a rowid is selected before
    // them (so a table at SQLite's 2,000-column limit can still be paged by its primary key).
    let keyIndices = keyColumns.map { name in table.columns.firstIndex { $0.name == name } }
    let selectsKey = keyIndices.contains(nil)
    let selected = selectsKey ? "\(SQLIdentifier.list(keyColumns)), *" : "*"
    var sql = "SELECT \(selected) FROM \(SQLIdentifier.quoted(table.name))"
    let placeholders = keyColumns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    if key != nil {
      sql += " WHERE (\(SQLIdentifier.list(keyColumns))) > (\(placeholders))"
    }
    sql += " ORDER BY \(SQLIdentifier.list(keyColumns)) LIMIT ?\(keyColumns.count + 1)"
    let statement = try prepare(sql, table: table.name)
    try statement.bind((key ?? keyColumns.map { _ in .null }) + [.integer(Int64(max(limit, 0)))])
    let skipped = selectsKey ? keyColumns.count : 0
    var page = DatabasePage(
      columns: Array(statement.columnNames.dropFirst(skipped)), rows: [], keys: [])
    while try statement.step() {
      let values = statement.values
      if selectsKey {
        page.keys.append(Array(values.prefix(skipped)))
      } else {
        page.keys.append(keyIndices.map { values[$0 ?? 0] })
      }
      page.rows.append(Array(values.dropFirst(skipped)))
    }
    return page
  }

  /// The row of `table` whose key is `key`, or `nil` when there is none (a dangling
  /// reference).
  ///
  /// - Parameters:
  ///   - table: The table's schema.
  ///   - key: The key's values, one per column of ``TableSchema/key``.
  /// - Returns: The row's values, or `nil`.
  /// - Throws: As ``page(of:after:limit:)``.
  public func row(of table: TableSchema, key: [DatabaseValue]) throws(DatabaseError)
    -> [DatabaseValue]?
  {
    try row(of: table.name, matching: key, in: try keyColumns(of: table, given: key.count))
  }

  /// The first row of table `name` whose `columns` hold `values` (the row a foreign key
  /// references), or `nil`.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - values: The values, one per column.
  ///   - columns: The columns.
  /// - Returns: The row's values, or `nil`.
  /// - Throws: SQLite's error naming the table.
  public func row(of name: String, matching values: [DatabaseValue], in columns: [String])
    throws(DatabaseError) -> [DatabaseValue]?
  {
    let statement = try prepare(
      "SELECT * FROM \(SQLIdentifier.quoted(name)) WHERE \(matchClause(columns)) LIMIT 1",
      table: name)
    try statement.bind(values)
    return try statement.step() ? statement.values : nil
  }

  /// How many rows of table `name` hold `values` in `columns`: the rows that refer to one row
  /// through a foreign key.
  ///
  /// - Parameters:
  ///   - name: The referencing table.
  ///   - columns: Its foreign key's columns.
  ///   - values: The referenced row's values of the key's referenced columns.
  /// - Returns: The count.
  /// - Throws: SQLite's error naming the table.
  public func count(in name: String, where columns: [String], equal values: [DatabaseValue])
    throws(DatabaseError) -> Int
  {
    let statement = try prepare(
      "SELECT count(*) FROM \(SQLIdentifier.quoted(name)) WHERE \(matchClause(columns))",
      table: name)
    try statement.bind(values)
    guard try statement.step(), case .integer(let count) = statement.value(at: 0) else { return 0 }
    return Int(count)
  }

  /// The foreign keys of every table that reference table `name`, with the referencing table.
  ///
  /// - Parameter name: The referenced table.
  /// - Returns: Each referencing table's name and key, by table name.
  /// - Throws: ``DatabaseError`` from reading a schema.
  public func incomingForeignKeys(to name: String) throws(DatabaseError)
    -> [(table: String, key: ForeignKey)]
  {
    var found: [(table: String, key: ForeignKey)] = []
    for entry in try tables() where entry.kind == .table {
      for key in try schema(of: entry.name).foreignKeys where key.referencedTable == name {
        found.append((entry.name, key))
      }
    }
    return found
  }

  /// `(c₁, c₂) = (?1, ?2)`: the columns quoted, the values bound.
  private func matchClause(_ columns: [String]) -> String {
    let placeholders = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    return "(\(SQLIdentifier.list(columns))) = (\(placeholders))"
  }

  /// The key columns of `table`, checked against a key of `given` values.
  private func keyColumns(of table: TableSchema, given: Int?) throws(DatabaseError) -> [String] {
    let key = table.key
    guard !key.isEmpty else {
      throw DatabaseError(path: path, table: table.name, reason: .noKey)
    }
    if let given, given != key.count {
      throw DatabaseError(
        path: path, table: table.name, reason: .keyMismatch(expected: key.count, given: given))
    }
    return key
  }
}
