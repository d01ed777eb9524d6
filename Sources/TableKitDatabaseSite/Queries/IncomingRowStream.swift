package import TableKitDatabase

/// The rows that reference each row of a table, per foreign key that references it, read for
/// the whole table by one statement a key in the table's key order: the rows of the short
/// filtered lists a list page's rows link to, without a query per page.
///
/// For each key the statement is
///
/// ```sql
/// SELECT p."id", r."id", r.* FROM "customers" AS p
///   JOIN "orders" AS r ON p."id" IS NOT NULL AND r."customer_id" IS +p."id"
///   ORDER BY p."id"
/// ```
///
/// with the condition of ``IncomingCountStream`` (the filtered list's own `IS`, the
/// referenced column's affinity taken away). SQLite builds one automatic index on the
/// referencing columns for the statement, where the batched query read the referencing table
/// once a hundred rows.
///
/// The statement orders by the referenced row only; a list orders its rows by their key, so
/// each row's group is sorted here by its key, which must be one integer (a rowid, or a key
/// whose values are integers: then SQLite's order is the integers' order, whatever the
/// column's collation). A group with another key, a statement that cannot be made or fails,
/// and a group whose size is not the count the caller knows, give `nil`: the caller reads
/// those lists as it would without the stream, and the key's stream is not used again.
package final class IncomingRowStream {
  /// One foreign key's statement and the row it has stepped to but not handed out yet.
  private struct Reference {
    var statement: DatabaseStatement
    /// Whether the statement holds a row not yet handed out.
    var pending = false
    /// Whether the statement has no more rows.
    var finished = false
  }

  /// Per foreign key that references the table, its statement, or `nil` once it is not used.
  private var references: [Reference?]
  /// How many columns the referenced table's key has.
  private let keyWidth: Int
  /// Per foreign key, how many columns the referencing table's key has.
  private let rowKeyWidths: [Int]

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
    self.references = references.map { reference in
      let (referencing, key) = reference
      guard referencing.kind == .table, !referencing.key.isEmpty,
        let (keyList, condition) = IncomingCountStream.join(table, key)
      else { return nil }
      let rowKeyList = referencing.key.map { "r." + SQLIdentifier.quoted($0) }
        .joined(separator: ", ")
      let sql =
        "SELECT \(keyList), \(rowKeyList), r.* FROM \(SQLIdentifier.quoted(table.name)) AS p "
        + "JOIN \(SQLIdentifier.quoted(referencing.name)) AS r ON \(condition)"
        + " ORDER BY \(keyList)"
      return (try? database.prepare(sql, table: referencing.name)).map { Reference(statement: $0) }
    }
  }

  /// For the rows with `keys` (some of a list page's rows, in the table's key order) whose
  /// numbers of referencing rows by foreign key `reference` are `counts`: the referencing
  /// rows of each whose count is at most `limit`, in their key order; `nil` where the stream
  /// cannot say (the caller reads them as it would without the stream).
  ///
  /// - Parameters:
  ///   - reference: The foreign key's place among the table's incoming keys.
  ///   - keys: The rows' keys, in order.
  ///   - counts: Each row's count of referencing rows, known from elsewhere: the stream's
  ///     groups must have exactly these sizes.
  ///   - limit: The most rows of a list worth keeping (a list of one page).
  /// - Returns: Per key, its rows (with `nil` for a count of 0 or over `limit`), or `nil`.
  package func rows(
    reference: Int, keys: [[DatabaseValue]], counts: [Int], limit: Int
  ) -> [DatabaseSiteBuilder.ListRows?]? {
    guard reference < references.count, var stream = references[reference] else { return nil }
    references[reference] = nil
    let rowKeyWidth = rowKeyWidths[reference]
    let names = Array(stream.statement.columnNames.dropFirst(keyWidth + rowKeyWidth))
    var found: [DatabaseSiteBuilder.ListRows?] = []
    found.reserveCapacity(keys.count)
    for (key, count) in zip(keys, counts) {
      if !stream.pending, !stream.finished {
        guard let stepped = try? stream.statement.step() else { return nil }
        stream.pending = stepped
        stream.finished = !stepped
      }
      let starts = stream.pending && sameKey(stream.statement, key)
      guard starts == (count > 0) else { return nil }
      guard starts else {
        found.append(nil)
        continue
      }
      var group: [(key: Int64, values: [DatabaseValue])] = []
      var size = 0
      repeat {
        size += 1
        if count <= limit {
          guard rowKeyWidth == 1,
            case .integer(let rowKey) = stream.statement.value(at: keyWidth)
          else { return nil }
          let values = (keyWidth + rowKeyWidth..<stream.statement.columnCount).map {
            stream.statement.value(at: $0)
          }
          group.append((rowKey, values))
        }
        guard let stepped = try? stream.statement.step() else { return nil }
        stream.pending = stepped
        stream.finished = !stepped
      } while stream.pending && sameKey(stream.statement, key)
      guard size == count else { return nil }
      if count > limit {
        found.append(nil)
        continue
      }
      group.sort { $0.key < $1.key }
      found.append(
        .init(
          columns: names, rows: group.map(\.values),
          keys: group.map { [DatabaseValue.integer($0.key)] }))
    }
    references[reference] = stream
    return found
  }

  /// Whether the row `statement` is on belongs to the referenced row with `key`.
  private func sameKey(_ statement: DatabaseStatement, _ key: [DatabaseValue]) -> Bool {
    key.count == keyWidth && IncomingCountStream.same((0..<keyWidth).map(statement.value(at:)), key)
  }
}
