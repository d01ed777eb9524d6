package import TableKitDatabase

/// The number of rows that reference each row of a table, per foreign key that references it,
/// read for the whole table by one statement a key, in the table's key order: the order in
/// which the export reads the table's list pages.
///
/// For each key the statement is
///
/// ```sql
/// SELECT p."id", count(r."customer_id") FROM "customers" AS p
///   LEFT JOIN "orders" AS r ON p."id" IS NOT NULL AND r."customer_id" IS +p."id"
///   GROUP BY p."id" ORDER BY p."id"
/// ```
///
/// The condition is the count query's own (`"customer_id" IS ?` with the referenced row's
/// value bound): `+` takes the referenced column's affinity away, as a bound value has none,
/// and the referencing column, on the left, gives the collation. SQLite builds an index on the
/// referencing columns for the statement (an automatic index), so a table whose referencing
/// columns have none is read once, not once a page.
///
/// Each page's keys are checked, byte for byte, against the keys the statement steps to; a
/// key whose statement cannot be made, fails, or is out of step gives `nil`, and the caller
/// counts that page as it would without the stream.
package final class IncomingCountStream {
  /// Per foreign key that references the table, its statement, or `nil` once it is not used.
  private var statements: [DatabaseStatement?]
  /// How many columns the table's key has.
  private let keyWidth: Int

  /// The streams of `table`'s rows, for `references` (its incoming keys, in order).
  ///
  /// - Parameters:
  ///   - database: The database.
  ///   - table: The referenced table's schema (a table with a key).
  ///   - references: The foreign keys that reference it, with their tables.
  ///   - skipping: Per key, whether its counts come from elsewhere (an
  ///     ``IncomingRowStream``): it gets no statement.
  package init(
    database: Database, table: TableSchema, references: [(table: String, key: ForeignKey)],
    skipping: [Bool] = []
  ) {
    keyWidth = table.key.count
    statements = references.enumerated().map { number, reference in
      let key = reference.key
      guard number >= skipping.count || !skipping[number],
        let (keyList, condition) = Self.join(table, key)
      else { return nil }
      let sql =
        "SELECT \(keyList), count(r.\(SQLIdentifier.quoted(key.columns[0]))) FROM "
        + "\(SQLIdentifier.quoted(table.name)) AS p LEFT JOIN "
        + "\(SQLIdentifier.quoted(reference.table)) AS r ON \(condition)"
        + " GROUP BY \(keyList) ORDER BY \(keyList)"
      return try? database.prepare(sql, table: reference.table)
    }
  }

  /// For the rows with `keys`, the next rows of the table in key order: per foreign key, the
  /// count of each row's referencing rows, or `nil` when the stream cannot say.
  ///
  /// - Parameter keys: The keys of a list page's rows, in order.
  /// - Returns: One array of counts (or `nil`) a foreign key.
  package func counts(for keys: [[DatabaseValue]]) -> [[Int]?] {
    statements.indices.map { index in
      guard let statement = statements[index] else { return nil }
      var counts: [Int] = []
      counts.reserveCapacity(keys.count)
      for key in keys {
        guard (try? statement.step()) == true,
          Self.same((0..<keyWidth).map(statement.value(at:)), key),
          case .integer(let count) = statement.value(at: keyWidth)
        else {
          statements[index] = nil
          return nil
        }
        counts.append(Int(count))
      }
      return counts
    }
  }

  /// The referenced table `p`'s key columns, and the condition that joins `r`'s rows to the
  /// row of `p` that `key` references (none for a `NULL` in `p`; the filtered list's own `IS`,
  /// `p`'s affinity taken away as a bound value has none): `nil` when `key` does not fit
  /// `table`.
  static func join(_ table: TableSchema, _ key: ForeignKey) -> (keys: String, condition: String)? {
    let columns = Set(table.columns.map(\.name))
    guard !table.key.isEmpty, !key.columns.isEmpty,
      key.columns.count == key.referencedColumns.count,
      key.referencedColumns.allSatisfy(columns.contains)
    else { return nil }
    let keyList = table.key.map { "p." + SQLIdentifier.quoted($0) }.joined(separator: ", ")
    let notNull = key.referencedColumns.map { "p.\(SQLIdentifier.quoted($0)) IS NOT NULL" }
    let matches = zip(key.columns, key.referencedColumns).map {
      "r.\(SQLIdentifier.quoted($0)) IS +p.\(SQLIdentifier.quoted($1))"
    }
    return (keyList, (notNull + matches).joined(separator: " AND "))
  }

  /// Whether two keys are the same values, texts compared by their bytes (Swift's `==` on
  /// `String` would call canonically equivalent texts equal; SQLite does not).
  static func same(_ lhs: [DatabaseValue], _ rhs: [DatabaseValue]) -> Bool {
    lhs.count == rhs.count
      && zip(lhs, rhs).allSatisfy { left, right in
        switch (left, right) {
        case (.text(let left), .text(let right)): left.utf8.elementsEqual(right.utf8)
        default: left == right
        }
      }
  }
}
