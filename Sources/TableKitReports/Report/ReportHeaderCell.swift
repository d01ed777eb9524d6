/// One cell of a report's header: a spanner's label over its columns, a column's label, or a gap
/// where a spanner row has no spanner over a column.
public struct ReportHeaderCell: Hashable, Sendable {
  /// The label (empty for a gap).
  public var label: String
  /// The columns it stands over.
  public var columns: Range<Int>
  /// Its footnote marks, in order.
  public var marks: [String]
  /// Whether it is a spanner's label (`false` for a column label or a gap).
  public var isSpanner: Bool
  /// The spanner's index in ``Report/spanners``, or `nil` for a column label or a gap.
  public var spannerIndex: Int?
  /// Whether it is a gap: a spanner row's place over a column no spanner of that row covers.
  public var isGap: Bool

  init(
    label: String, columns: Range<Int>, marks: [String], isSpanner: Bool,
    spannerIndex: Int? = nil, isGap: Bool = false
  ) {
    self.label = label
    self.columns = columns
    self.marks = marks
    self.isSpanner = isSpanner
    self.spannerIndex = spannerIndex
    self.isGap = isGap
  }
}
