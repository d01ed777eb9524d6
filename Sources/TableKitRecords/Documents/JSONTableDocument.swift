package import TableKit

/// A table read from JSON: a title, column titles, and sections of rows.
///
/// ```json
/// {"title": "Ledger", "columns": ["id", "name", "amount"],
///  "sections": [{"header": "November", "footer": "2 rows", "rows": [[1, "Acme", 12.50]]}]}
/// ```
///
/// `rows` may stand at the top level instead of `sections` for a table of one untitled section
/// (not both). `title`, `header` and `footer` may be missing or `null`; other keys are skipped.
/// Every row has one value per column.
///
/// Values: a string becomes text, `true` and `false` booleans, `null` an empty cell. A number is
/// never rounded and never goes through a `Double`:
/// - an integer literal that fits `Int` (64 bits) becomes an integer: `42`, `-7`;
/// - any other number with at most 38 digits written out, at most 38 of them after the point,
///   becomes an exact decimal written digit for digit as given: `100.10` stays `100.10`,
///   `123456789012345678901234567890` stays whole. An exponent is written out in plain
///   notation: `1.5e3` becomes `1500` and `2.50E-3` becomes `0.00250`. Zero has no sign: `-0`
///   becomes `0` and `-0.0` becomes `0.0`;
/// - any other number is an error naming it, where it stands and how many digits it needs
///   (`1e400` needs 401, `1e-400` has 400 after the point).
///
/// The reader checks everything a user can get wrong and says where, as `file:line:column:`
/// (lines and columns from 1, columns in characters) and in plain words: invalid UTF-8 (with
/// its byte offset, from 0), lone surrogates in `\u` escapes, bad escapes, control characters
/// and missing quotes in strings, JSON's number grammar (no `+`, no leading zeros, no `.5` or
/// `5.`), misplaced punctuation, anything after the table, a top level that is not an object,
/// missing `columns` or `rows`, values of the wrong kind, and rows whose length differs from the
/// number of columns. A leading UTF-8 byte order mark is skipped.
package struct JSONTableDocument: Hashable, Sendable {
  /// The table's title, if it has one.
  package var title: String?
  /// The column titles.
  package var columns: [String]
  /// The sections, in order.
  package var sections: [Section]

  /// One titled group of rows.
  package struct Section: Hashable, Sendable {
    /// The section's header title, if it has one.
    package var header: String?
    /// The section's footer title, if it has one.
    package var footer: String?
    /// The rows, each one value per column.
    package var rows: [[CellValue]]

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - header: The header title.
    ///   - footer: The footer title.
    ///   - rows: The rows, each one value per column.
    package init(header: String? = nil, footer: String? = nil, rows: [[CellValue]]) {
      self.header = header
      self.footer = footer
      self.rows = rows
    }
  }

  /// Creates a document from its parts.
  ///
  /// - Parameters:
  ///   - title: The table's title.
  ///   - columns: The column titles.
  ///   - sections: The sections.
  package init(title: String? = nil, columns: [String], sections: [Section]) {
    self.title = title
    self.columns = columns
    self.sections = sections
  }

  /// Reads a document from the bytes of a JSON file: the one entry point of the reader.
  ///
  /// ```swift
  /// let document = try JSONTableDocument(
  ///   parsing: Array(#"{"columns": ["n"], "rows": [[1], [2.50]]}"#.utf8), path: "n.json")
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The whole file, as UTF-8.
  ///   - path: The file's path, named in errors.
  /// - Throws: ``JSONTableError`` naming the path, the line and column, and what is wrong.
  /// - Complexity: O(n) in the number of bytes.
  package init(parsing bytes: some Collection<UInt8>, path: String) throws(JSONTableError) {
    var reader = JSONTableReader(tokenizer: JSONTokenizer(path: path, bytes: Array(bytes)))
    self = try reader.readDocument()
  }

  /// Reads a document from a stream of chunks, holding about one chunk of input at a time.
  ///
  /// The result, and any error, is the one ``init(parsing:path:)`` gives for the same bytes,
  /// except that a row whose length is found wrong only when `columns` comes after it may be
  /// placed at its end rather than its start when its bytes were already dropped.
  ///
  /// - Parameters:
  ///   - path: The file's path, named in errors.
  ///   - maximumTokenBytes: The most bytes a string or number may take as written (a field
  ///     limit, ``InputLimits/maximumFieldBytes``); a longer one is
  ///     ``JSONTableError/Reason/tokenTooLong(limit:)``, read no more than a byte past it.
  ///   - nextChunk: The next bytes of the input, or `nil` (or an empty chunk) at its end.
  /// - Throws: ``JSONTableError`` naming the path, the line and column, and what is wrong, or
  ///   what `nextChunk` throws.
  package init(
    path: String, maximumTokenBytes: Int = .max,
    nextChunk: @escaping () throws(JSONTableError) -> [UInt8]?
  ) throws(JSONTableError) {
    var reader = JSONTableReader(
      tokenizer: JSONTokenizer(path: path, bytes: [], isComplete: false), nextChunk: nextChunk)
    reader.maximumTokenBytes = max(maximumTokenBytes, 1)
    self = try reader.readDocument()
  }
}
