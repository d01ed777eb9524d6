/// A record boundary in a file, with what a reader counts there: a reader made to start at it
/// reads on as the reader that reached it would have.
package struct ResumePoint: Hashable, Sendable {
  /// The offset in the file of the next record's first byte.
  package var byteOffset: Int
  /// The line that record starts on, from 1.
  package var line: Int
  /// The rows read before it, the header not counted.
  package var row: Int
  /// The column, from 1, that ``byteOffset`` stands in on its line: 1 at a line start, where
  /// CSV and TSV records and the chunks of a file always start; after the last record of a
  /// JSON Lines sample it may be further on.
  package var column: Int

  /// A boundary at `byteOffset`, on `line`, after `row` rows.
  ///
  /// - Parameters:
  ///   - byteOffset: The offset of the next record's first byte.
  ///   - line: Its line, from 1.
  ///   - row: The rows before it.
  ///   - column: The column the offset stands in on its line, from 1.
  package init(byteOffset: Int, line: Int, row: Int, column: Int = 1) {
    self.byteOffset = byteOffset
    self.line = line
    self.row = row
    self.column = column
  }
}
