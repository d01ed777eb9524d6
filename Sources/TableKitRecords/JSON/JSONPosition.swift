/// A place in a JSON input: its byte offset and the line and column a reader sees there.
///
/// Byte offsets count from 0 (the first byte of the input is byte 0, as `cmp -l` less one and
/// `xxd` show them); lines and columns count from 1. In JSON a line ends at a line feed; in CSV
/// and TSV, where a record may end with a carriage return alone, at a line feed, a carriage
/// return and line feed, or a carriage return alone, inside quoted fields too. A column counts
/// characters (Unicode scalars), so `é` is one column although it is two bytes, and a tab is one
/// column.
package struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
  /// The offset of the byte from the start of the input, from 0.
  package var byteOffset: Int
  /// The line, from 1.
  package var line: Int
  /// The column in characters, from 1.
  package var column: Int

  /// Creates a position.
  ///
  /// - Parameters:
  ///   - byteOffset: The offset of the byte from the start of the input, from 0.
  ///   - line: The line, from 1.
  ///   - column: The column in characters, from 1.
  package init(byteOffset: Int, line: Int, column: Int) {
    self.byteOffset = byteOffset
    self.line = line
    self.column = column
  }

  /// `line:column`, the way compilers and editors write a place in a file.
  package var description: String { "\(line):\(column)" }
}
