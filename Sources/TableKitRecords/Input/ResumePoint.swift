/// A record boundary in a file, with what a reader counts there: a reader made to start at it
/// reads on as the reader that reached it would have.
package struct ResumePoint: Hashable, Sendable {
  /// The offset in the file of the next record's first byte.
  package var byteOffset: Int
  /// The line that record starts on, from 1.
  package var line: Int
  /// The rows read before it, the header not counted.
  package var row: Int

  /// A boundary at `byteOffset`, on `line`, after `row` rows.
  ///
  /// - Parameters:
  ///   - byteOffset: The offset of the next record's first byte.
  ///   - line: Its line, from 1.
  ///   - row: The rows before it.
  package init(byteOffset: Int, line: Int, row: Int) {
    self.byteOffset = byteOffset
    self.line = line
    self.row = row
  }
}
