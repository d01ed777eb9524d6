/// A label over adjacent columns, drawn above their labels.
///
/// Spanners nest to any depth: a spanner over columns that another spanner covers stands above
/// it. Two spanners over the same columns stack in the order given (the later one above). Two
/// spanners that share some columns but where neither holds the other cross, and the report
/// refuses them (``ReportError/spannersCross(first:firstColumns:second:secondColumns:)``).
///
/// ```swift
/// let spanners = [
///   ColumnSpanner("Price", columns: 2..<4),
///   ColumnSpanner("Money", columns: 1..<4),
/// ]
/// ```
public struct ColumnSpanner: Hashable, Sendable {
  /// The label.
  public var label: String
  /// The columns it covers, by index.
  public var columns: Range<Int>

  /// Creates a spanner.
  ///
  /// - Parameters:
  ///   - label: The label.
  ///   - columns: The adjacent columns it covers.
  public init(_ label: String, columns: Range<Int>) {
    self.label = label
    self.columns = columns
  }
}
