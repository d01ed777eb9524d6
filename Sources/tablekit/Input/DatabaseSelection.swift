import TableKitArguments

/// What the command line asks of a database input: a table, a query or, with neither, the list
/// of its tables and views; and how `NULL` is shown.
package struct DatabaseSelection {
  /// The table or view to render, exactly as the schema names it.
  package var table: String?
  /// A statement that reads, whose rows to render.
  package var query: String?
  /// The text shown for `NULL` (`--null`); `nil` leaves it to the format: ``nullWord`` in the
  /// formats a person reads, no value in CSV (where the empty text is `""`) and workbooks.
  package var nullText: String?

  /// How `NULL` is shown, unless `--null` says otherwise, where the format could not otherwise
  /// tell it from the empty text: the word DuckDB's and MySQL's clients show.
  package static let nullWord = "NULL"
  /// The argument that chose a table or a query, for the message when both are given or the
  /// input is not a database.
  var token: ArgumentToken?

  /// Nothing chosen: a database input lists its tables.
  package init() {}

  /// Whether a table or query was asked for.
  package var isChosen: Bool { token != nil }

  /// Records `token` as the choice, refusing a second one.
  mutating func choose(_ token: ArgumentToken) throws(UsageError) {
    if let earlier = self.token {
      throw .conflictingOptions(token, earlier: earlier, reason: "one table or query at a time")
    }
    self.token = token
  }
}
