import TableKit
package import TableKitDatabase
import TableRender

extension DatabaseSiteBuilder {
  /// The statement that finds `key`'s target, or `nil` when it can have none (it references
  /// a view, a table with no key, or other columns than it has).
  private func targetStatement(of key: ForeignKey) throws(DatabaseError) -> DatabaseStatement? {
    guard let referenced = schemas(key.referencedTable), referenced.kind == .table,
      !referenced.key.isEmpty, !key.referencedColumns.isEmpty,
      key.referencedColumns.count == key.columns.count
    else { return nil }
    return try statement(
      "SELECT \(SQLIdentifier.list(referenced.key)) FROM "
        + "\(SQLIdentifier.quoted(referenced.name)) WHERE "
        + "\(Database.isClause(key.referencedColumns)) LIMIT 1", table: referenced.name)
  }

  /// The key `statement` (a ``targetStatement(of:)``) finds for `values`, or `nil`.
  private func target(by statement: DatabaseStatement, values: [DatabaseValue])
    throws(DatabaseError) -> [DatabaseValue]?
  {
    guard !values.contains(.null) else { return nil }
    statement.reset()
    try statement.bind(values)
    return try statement.step() ? statement.values : nil
  }

  /// The key of the row each foreign key of `table` references from the row whose `columns`
  /// hold `values`, in the order of the keys: `nil` for a dangling reference or a `NULL`.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - columns: The names of the row's columns.
  ///   - values: The row's values.
  /// - Returns: One target a foreign key.
  /// - Throws: `DatabaseError` naming the table whose rows could not be read.
  package func targets(table name: String, columns: [String], values: [DatabaseValue])
    throws(DatabaseError) -> [[DatabaseValue]?]
  {
    let foreignKeys = try schema(name).foreignKeys
    let statements: [DatabaseStatement?]
    if let known = targetStatements[name] {
      statements = known
    } else {
      var made: [DatabaseStatement?] = []
      for foreignKey in foreignKeys { made.append(try targetStatement(of: foreignKey)) }
      targetStatements[name] = made
      statements = made
    }
    var targets: [[DatabaseValue]?] = []
    for (foreignKey, statement) in zip(foreignKeys, statements) {
      guard let statement else {
        targets.append(nil)
        continue
      }
      targets.append(
        try target(by: statement, values: Self.values(of: foreignKey.columns, columns, values)))
    }
    return targets
  }

  /// The values of `wanted` among a row's `columns` and `values` (`NULL` for a column the row
  /// lacks).
  private static func values(
    of wanted: [String], _ columns: [String], _ values: [DatabaseValue]
  ) -> [DatabaseValue] {
    wanted.map { column in columns.firstIndex(of: column).map { values[$0] } ?? .null }
  }

  /// The filtered lists a row page links to from "links from other tables": per key of
  /// ``incomingKeys(_:)`` that `counts` gives rows, the first page of those rows.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - columns: The names of the row's columns.
  ///   - values: The row's values.
  ///   - counts: The count of each incoming key's rows.
  /// - Returns: The lists' first pages, in the order of the keys.
  package func incomingLists(
    table name: String, columns: [String], values: [DatabaseValue], counts: [Int]
  ) -> [DatabaseSiteLevel] {
    zip(incomingKeys(name), counts).compactMap { reference, count in
      incomingList(
        reference, matched: Self.values(of: reference.key.referencedColumns, columns, values),
        count: count)
    }
  }

  /// The first page of the rows of `reference` whose key is `matched`, or `nil` when `count`
  /// says there are none.
  private func incomingList(
    _ reference: (table: String, key: ForeignKey), matched: [DatabaseValue], count: Int
  ) -> DatabaseSiteLevel? {
    count == 0
      ? nil
      : .filtered(table: reference.table, columns: reference.key.columns, values: matched, page: 1)
  }

  /// The schema of `table`, or `nil` when there is no such table or view.
  private func schemas(_ table: String) -> TableSchema? {
    try? schema(table)
  }

  /// The page of one row of a table: each column and its value, a foreign key's values links
  /// to the row they reference (a dangling one marked, not a link), and the links from other
  /// tables with their counts.
  ///
  /// - Parameters:
  ///   - name: The table.
  ///   - key: The row's key.
  ///   - columns: The names of the row's columns.
  ///   - values: The row's values.
  ///   - targets: The key of the row each foreign key references (``targets(table:columns:values:)``),
  ///     or `nil` to look them up here.
  ///   - incomingCounts: The count of each of ``incomingKeys(_:)``, read already for the whole
  ///     list page (``incomingLinks(to:columns:rows:)``), or `nil` to count them here.
  /// - Returns: The page.
  /// - Throws: `DatabaseError` naming the table whose rows could not be read.
  package func rowPage(
    table name: String, key: [DatabaseValue], columns: [String], values: [DatabaseValue],
    targets: [[DatabaseValue]?]? = nil, incomingCounts: [Int]? = nil
  ) throws(DatabaseError) -> DatabaseSitePage {
    let schema = try schema(name)
    var targets = targets ?? []
    if targets.count != schema.foreignKeys.count {
      targets = try self.targets(table: name, columns: columns, values: values)
    }
    let level = DatabaseSiteLevel.row(table: name, key: key)
    var page = newPage(level, csvColumns: columns)
    var shown = values.map { HTMLValue.value(Self.shownCell($0)) }
    var json = DatabaseJSON()
    json.raw("{")
    json.key("table")
    json.string(name)
    json.raw(",")
    json.key("key")
    json.row(columns: schema.key, values: key)
    json.raw(",")
    json.key("row")
    json.row(columns: columns, values: values)
    json.raw(",\n")
    json.key("foreign_keys")
    json.raw("[")
    for (number, foreignKey) in schema.foreignKeys.enumerated() {
      let indices = foreignKey.columns.map { columns.firstIndex(of: $0) }
      let keyValues = indices.map { $0.map { values[$0] } ?? .null }
      let targetLevel = targets[number].map {
        DatabaseSiteLevel.row(table: foreignKey.referencedTable, key: $0)
      }
      for index in indices.compactMap({ $0 }) where values[index] != .null {
        let text = Self.shown(values[index])
        if let targetLevel {
          shown[index] = link(Self.visible(text, or: "(empty text)"), to: targetLevel, from: &page)
        } else if !keyValues.contains(.null) {
          shown[index] = .value(
            .text("\(text) (dangling: no such row in \(foreignKey.referencedTable))"))
        }
      }
      if number > 0 { json.raw(",") }
      json.raw("\n{")
      json.key("columns")
      strings(foreignKey.columns, into: &json)
      json.raw(",")
      json.key("table")
      json.string(foreignKey.referencedTable)
      json.raw(",")
      json.key("to")
      strings(foreignKey.referencedColumns, into: &json)
      json.raw(",")
      json.key("target")
      json.path(targetLevel.map(jsonPath(of:)))
      json.raw("}")
    }
    json.raw("],\n")
    let table = DatabaseSiteTable(columns: ["Column", "Value"])
    for (index, column) in columns.enumerated() {
      table.append([.value(.text(column)), shown[index]])
    }
    page.csv.append(values.map { .value($0.cellValue) })
    page.sections = [(nil, table)]
    json.key("incoming")
    json.raw("[")
    let links = DatabaseSiteTable(columns: ["Table", "Columns", "Rows"])
    for (number, reference) in incomingKeys(name).enumerated() {
      let matched = Self.values(of: reference.key.referencedColumns, columns, values)
      var count = incomingCounts?[number] ?? 0
      if incomingCounts == nil, !matched.contains(.null),
        matched.count == reference.key.columns.count
      {
        let statement = try statement(
          "SELECT count(*) FROM \(SQLIdentifier.quoted(reference.table)) WHERE "
            + Database.isClause(reference.key.columns), table: reference.table)
        try statement.bind(matched)
        if try statement.step(), case .integer(let found) = statement.value(at: 0) {
          count = Int(found)
        }
      }
      let list = incomingList(reference, matched: matched, count: count)
      links.append([
        .value(.text(reference.table)),
        .value(.text(reference.key.columns.joined(separator: ", "))),
        list.map { link(String(count), to: $0, from: &page) } ?? .value(.integer(0)),
      ])
      if number > 0 { json.raw(",") }
      json.raw("\n{")
      json.key("table")
      json.string(reference.table)
      json.raw(",")
      json.key("columns")
      strings(reference.key.columns, into: &json)
      json.raw(",\"count\":\(count),")
      json.key("list")
      json.path(list.map(jsonPath(of:)))
      json.raw("}")
    }
    json.raw("]}\n")
    if !links.rows.isEmpty { page.sections.append(("Links from other tables", links)) }
    page.json = json.bytes
    return page
  }

  /// Appends `texts` as a JSON array of strings.
  private func strings(_ texts: [String], into json: inout DatabaseJSON) {
    json.raw("[")
    for (index, text) in texts.enumerated() {
      if index > 0 { json.raw(",") }
      json.string(text)
    }
    json.raw("]")
  }
}
