extension Database {
  /// A table or view as the schema lists it.
  public struct TableEntry: Hashable, Sendable {
    /// The name.
    public var name: String
    /// Table or view.
    public var kind: TableSchema.Kind
  }

  /// The tables and views, by name (SQLite's own `sqlite_…` tables left out).
  ///
  /// - Returns: The tables and views, sorted by name's bytes.
  /// - Throws: ``DatabaseError`` naming the table `sqlite_master` (the schema):
  ///   ``DatabaseError/Reason/corrupt(_:)`` when the schema cannot be read.
  public func tables() throws(DatabaseError) -> [TableEntry] {
    let statement = try prepare(
      """
      SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')
      AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
      """, table: "sqlite_master")
    var entries: [TableEntry] = []
    while try statement.step() {
      guard case .text(let name) = statement.value(at: 0) else { continue }
      let kind: TableSchema.Kind = statement.value(at: 1) == .text("view") ? .view : .table
      entries.append(TableEntry(name: name, kind: kind))
    }
    return entries
  }

  /// The table or view `name`, or an error listing those there are.
  ///
  /// - Parameter name: The name, exactly as the schema spells it.
  /// - Returns: Its entry.
  /// - Throws: ``DatabaseError/Reason/noSuchTable(_:available:)``.
  public func entry(named name: String) throws(DatabaseError) -> TableEntry {
    let all = try tables()
    guard let found = all.first(where: { $0.name == name }) else {
      throw DatabaseError(
        path: path, table: nil, reason: .noSuchTable(name, available: all.map(\.name)))
    }
    return found
  }

  /// The number of rows of the table or view `name` (`count(*)`; a view is run to count it).
  ///
  /// A view of an untrusted file may never end (a recursive one) or cost hours: the count
  /// stops after ``countWorkLimit`` of SQLite's work and throws, so a listing or an index
  /// never hangs on it.
  ///
  /// - Parameter name: The name.
  /// - Returns: The count.
  /// - Throws: ``DatabaseError`` naming the table; past the limit, SQLite's `SQLITE_INTERRUPT`
  ///   with a message saying why.
  public func rowCount(of name: String) throws(DatabaseError) -> Int {
    let statement = try prepare("SELECT count(*) FROM \(SQLIdentifier.quoted(name))", table: name)
    return try stoppingAfter(countWorkLimit, table: name) { () throws(DatabaseError) in
      guard try statement.step(), case .integer(let count) = statement.value(at: 0) else {
        return 0
      }
      return Int(count)
    }
  }

  /// The schema of the table or view `name`: columns, primary key, rowid, foreign keys.
  ///
  /// Names are bound as parameters of SQLite's `pragma_…` table functions, never written into
  /// SQL.
  ///
  /// - Parameter name: The name.
  /// - Returns: The schema.
  /// - Throws: ``DatabaseError/Reason/noSuchTable(_:available:)``, or SQLite's error naming
  ///   the table.
  public func schema(of name: String) throws(DatabaseError) -> TableSchema {
    let entry = try entry(named: name)
    let columnRows = try rows(
      "SELECT name, type, \"notnull\", pk, hidden FROM pragma_table_xinfo(?1)",
      binding: [.text(name)], table: name)
    var columns: [ColumnSchema] = []
    for row in columnRows {
      if case .integer(1) = row[4] { continue }  // hidden columns of virtual tables
      columns.append(
        ColumnSchema(
          name: row[0].displayText, declaredType: row[1].displayText,
          isNotNull: row[2] == .integer(1), primaryKeyIndex: Int(row[3].integerValue ?? 0)))
    }
    let primaryKey = columns.filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
    let hasRowID = entry.kind == .table ? try !isWithoutRowID(name) : false
    let names = Set(columns.map(\.name).map { $0.lowercased() })
    let rowIDName = hasRowID ? ["rowid", "_rowid_", "oid"].first { !names.contains($0) } : nil
    return TableSchema(
      name: name, kind: entry.kind, columns: columns, primaryKey: primaryKey, hasRowID: hasRowID,
      rowIDName: rowIDName, foreignKeys: try foreignKeys(of: name))
  }

  /// The foreign keys of table `name`, compound ones as one key of several columns; a key that
  /// names no referenced columns references the other table's primary key.
  private func foreignKeys(of name: String) throws(DatabaseError) -> [ForeignKey] {
    let keyRows = try rows(
      "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq",
      binding: [.text(name)], table: name)
    var keys: [ForeignKey] = []
    var currentID: DatabaseValue?
    var missingTargets = false
    for row in keyRows {
      if row[0] != currentID {
        currentID = row[0]
        keys.append(
          ForeignKey(columns: [], referencedTable: row[1].displayText, referencedColumns: []))
      }
      keys[keys.count - 1].columns.append(row[2].displayText)
      if row[3] == .null {
        missingTargets = true
      } else {
        keys[keys.count - 1].referencedColumns.append(row[3].displayText)
      }
    }
    guard missingTargets else { return keys }
    for index in keys.indices where keys[index].referencedColumns.count < keys[index].columns.count
    {
      let target = keys[index].referencedTable
      let targetKey = try rows(
        "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk",
        binding: [.text(target)], table: name
      ).map { $0[0].displayText }
      keys[index].referencedColumns = targetKey
    }
    return keys
  }

  /// Whether table `name` was declared `WITHOUT ROWID`: from `pragma_table_list` (SQLite
  /// 3.37 and later); before, from whether a rowid can be read at all.
  private func isWithoutRowID(_ name: String) throws(DatabaseError) -> Bool {
    if let listed = try? rows(
      "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?1",
      binding: [.text(name)], table: name), let first = listed.first
    {
      return first[0] == .integer(1)
    }
    // `_rowid_` and its two other names all fail only when there is no rowid (or every name is
    // a column's, when the question cannot be asked and none is used).
    for alias in ["rowid", "_rowid_", "oid"] {
      if (try? prepare(
        "SELECT \(alias) FROM \(SQLIdentifier.quoted(name)) LIMIT 0", table: name)) != nil
      {
        return false
      }
    }
    return true
  }

  /// Every row of `sql` with `values` bound, each as its values.
  package func rows(_ sql: String, binding values: [DatabaseValue] = [], table: String?)
    throws(DatabaseError) -> [[DatabaseValue]]
  {
    let statement = try prepare(sql, table: table)
    try statement.bind(values)
    var rows: [[DatabaseValue]] = []
    while try statement.step() { rows.append(statement.values) }
    return rows
  }
}

extension DatabaseValue {
  /// The integer, when the value is one.
  package var integerValue: Int64? {
    if case .integer(let number) = self { return number }
    return nil
  }
}
