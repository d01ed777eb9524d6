package import TableKitDatabase

/// The rows that reference each row of a table, per foreign key that references it, read for
/// the whole table by one statement a key in the table's key order: each row's count of
/// referencing rows, and the rows of the lists short enough for one page, without a query per
/// list page.
///
/// For each key the statement is
///
/// ```sql
/// SELECT p."id", r."customer_id", r."id", r.* FROM "customers" AS p
///   LEFT JOIN "orders" AS r ON p."id" IS NOT NULL AND r."customer_id" IS +p."id"
///   ORDER BY p."id"
/// ```
///
/// with the condition of ``IncomingCountStream`` (the filtered list's own `IS`, the
/// referenced column's affinity taken away). SQLite builds one automatic index on the
/// referencing columns for the statement, where a batched query read the referencing table
/// once a hundred rows. Every referenced row has a group (a row of `NULL`s when nothing
/// references it), so each list page's keys are checked one by one against the groups the
/// statement steps to; the count is the number of the group's rows whose first referencing
/// column is not `NULL`, as `count()` counts.
///
/// The statement orders by the referenced row only; a list orders its rows by their key, so a
/// short list's rows are sorted here by their key, which must be one integer (a rowid, or a
/// key whose values are integers: then SQLite's order is the integers' order, whatever the
/// column's collation). A short list with another key comes with its count and no rows, for
/// the caller to read. A statement that cannot be made or fails, and a page out of step, give
/// `nil`: the caller counts and reads that page as it would without the stream, and the key's
/// stream is not used again.
package final class IncomingRowStream {
  /// One foreign key's statement and whether it holds a row not handed out yet.
  private struct Reference {
    var statement: DatabaseStatement
    /// Whether the statement holds a row not yet handed out.
    var pending = false
  }

  /// What the stream says of one referenced row for one foreign key.
  package struct Incoming {
    /// How many rows reference it.
    package var count: Int
    /// Those rows in their key order, when there are from 1 to the page's limit and their
    /// keys are integers (else the caller reads them).
    package var rows: DatabaseSiteBuilder.ListRows?
  }

  /// Per foreign key that references the table, its statement, or `nil` once it is not used.
  private var references: [Reference?]
  /// How many columns the referenced table's key has.
  private let keyWidth: Int
  /// Per foreign key, how many columns the referencing table's key has.
  private let rowKeyWidths: [Int]
  /// Per foreign key, whether it has a statement (the counts of the others come from
  /// elsewhere).
  package let isStreamed: [Bool]

  /// The streams of `table`'s rows, for `references` (its incoming keys, in order); a key
  /// whose referencing table is not a table with a key gets none.
  ///
  /// - Parameters:
  ///   - database: The database.
  ///   - table: The referenced table's schema (a table with a key).
  ///   - references: The foreign keys that reference it, with their tables' schemas.
  package init(
    database: Database, table: TableSchema,
    references: [(table: TableSchema, key: ForeignKey)]
  ) {
    keyWidth = table.key.count
    rowKeyWidths = references.map { $0.table.key.count }
    let made = references.map { reference -> Reference? in
      let (referencing, key) = reference
      guard referencing.kind == .table, !referencing.key.isEmpty,
        let (keyList, condition) = IncomingCountStream.join(table, key)
      else { return nil }
      let rowKeyList = referencing.key.map { "r." + SQLIdentifier.quoted($0) }
        .joined(separator: ", ")
      let sql =
        "SELECT \(keyList), r.\(SQLIdentifier.quoted(key.columns[0])), \(rowKeyList), r.* "
        + "FROM \(SQLIdentifier.quoted(table.name)) AS p "
        + "LEFT JOIN \(SQLIdentifier.quoted(referencing.name)) AS r ON \(condition)"
        + " ORDER BY \(keyList)"
      return (try? database.prepare(sql, table: referencing.name)).map { Reference(statement: $0) }
    }
    self.references = made
    isStreamed = made.map { $0 != nil }
  }

  /// For the rows with `keys` (a list page's rows, in the table's key order): each one's count
  /// of rows referencing it by foreign key `reference`, with those rows when there are at most
  /// `limit`; `nil` where the stream cannot say (the caller counts and reads them as it would
  /// without the stream).
  ///
  /// - Parameters:
  ///   - reference: The foreign key's place among the table's incoming keys.
  ///   - keys: The keys of the page's rows, in order.
  ///   - limit: The most rows of a list worth keeping (a list of one page).
  /// - Returns: One ``Incoming`` a key, or `nil`.
  package func read(reference: Int, keys: [[DatabaseValue]], limit: Int) -> [Incoming]? {
    guard reference < references.count, var stream = references[reference] else { return nil }
    references[reference] = nil
    let rowKeyWidth = rowKeyWidths[reference]
    let first = keyWidth + 1 + rowKeyWidth
    let names = Array(stream.statement.columnNames.dropFirst(first))
    var found: [Incoming] = []
    found.reserveCapacity(keys.count)
    for key in keys {
      if !stream.pending {
        guard let stepped = try? stream.statement.step() else { return nil }
        stream.pending = stepped
      }
      // Every referenced row has its group, in the order of the page's rows.
      guard stream.pending, sameKey(stream.statement, key) else { return nil }
      var count = 0
      var sortable = rowKeyWidth == 1
      var group: [(key: Int64, values: [DatabaseValue])] = []
      repeat {
        if stream.statement.value(at: keyWidth) != .null {
          count += 1
          if count <= limit, sortable {
            if case .integer(let rowKey) = stream.statement.value(at: keyWidth + 1) {
              group.append(
                (rowKey, (first..<stream.statement.columnCount).map(stream.statement.value(at:))))
            } else {
              sortable = false
              group = []
            }
          }
        }
        guard let stepped = try? stream.statement.step() else { return nil }
        stream.pending = stepped
      } while stream.pending && sameKey(stream.statement, key)
      guard count > 0, count <= limit, sortable else {
        found.append(Incoming(count: count, rows: nil))
        continue
      }
      group.sort { $0.key < $1.key }
      let rows = DatabaseSiteBuilder.ListRows(
        columns: names, rows: group.map(\.values),
        keys: group.map { [DatabaseValue.integer($0.key)] })
      found.append(Incoming(count: count, rows: rows))
    }
    references[reference] = stream
    return found
  }

  /// Whether the row `statement` is on belongs to the referenced row with `key`.
  private func sameKey(_ statement: DatabaseStatement, _ key: [DatabaseValue]) -> Bool {
    key.count == keyWidth
      && IncomingCountStream.same((0..<keyWidth).map(statement.value(at:)), key)
  }
}
