/// A report that cannot be drawn over a table: what is wrong and where.
///
/// ```text
/// The spanners "Money" (columns 1..<3) and "Prices" (columns 2..<4) cross; spanners must nest or stand apart.
/// The sum of column 2 needs more than 38 digits.
/// ```
public enum ReportError: Error, Hashable, Sendable {
  /// A spanner, summary, footnote or format names a column the table does not have.
  ///
  /// `part` says which (`spanner "Money"`, `summary "Total"`, `footnote 2`, `format`).
  case columnOutOfRange(part: String, column: Int, columnCount: Int)
  /// A spanner covers no column.
  case emptySpanner(label: String)
  /// Two spanners share some columns but neither holds the other.
  case spannersCross(
    first: String, firstColumns: Range<Int>, second: String, secondColumns: Range<Int>)
  /// The stub column is not one of the table's columns.
  case stubOutOfRange(column: Int, columnCount: Int)
  /// A footnote is attached to a section or a row the table does not have.
  case footnoteTargetMissing(footnote: Int)
  /// A sum needs more than `ExactDecimal.maximumDigits` digits (or, aligned to the
  /// column's largest scale, a value does): the total is refused rather than wrapped or rounded.
  case summaryOverflow(column: Int)
  /// The report needs every row before the first (a grand total or a subtotal at the top) and
  /// the table is a stream that cannot be read again, such as a pipe.
  case needsEveryRowFirst
  /// A subtotal at the top of its group over a stream whose groups come one after another as
  /// it is read (input already grouped): the group would have to be read twice.
  case summaryAtTopOfStreamedGroup
}
