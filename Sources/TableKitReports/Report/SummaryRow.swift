/// A row of aggregates drawn with each group (a subtotal) or once for the whole table (a grand
/// total), at the top or the bottom.
///
/// ```swift
/// let subtotal = SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [2: .sum])
/// let total = SummaryRow(label: "Total", scope: .grand, aggregates: [2: .sum, 3: .mean])
/// ```
///
/// A grand total at the top needs every row before the first is drawn: the report reads the
/// table twice (a file can be read again; a pipe cannot, and the command line refuses it). A
/// subtotal at the top reads its group twice.
public struct SummaryRow: Sendable {
  /// Which rows a summary covers.
  public enum Scope: Hashable, Sendable {
    /// One summary per group, over the group's rows.
    case eachGroup
    /// One summary over every row of the table.
    case grand
  }

  /// Where a summary stands relative to the rows it covers.
  public enum Placement: Hashable, Sendable {
    /// Before the rows (needs them read first).
    case top
    /// After the rows.
    case bottom
  }

  /// The text in the stub (the first column, or the stub column), such as `Total`.
  public var label: String
  /// Which rows it covers.
  public var scope: Scope
  /// Where it stands.
  public var placement: Placement
  /// The aggregate for each column, by column index; other columns stay empty.
  public var aggregates: [Int: Aggregate]
  /// The text shown where an aggregate has no value: a text column's sum, money of mixed
  /// currencies, the mean of no values.
  public var missingText: String

  /// Creates a summary row.
  ///
  /// - Parameters:
  ///   - label: The text in the stub.
  ///   - scope: Each group or the whole table.
  ///   - placement: Above or below the rows it covers.
  ///   - aggregates: The aggregate for each column index.
  ///   - missingText: The text where an aggregate has no value.
  public init(
    label: String, scope: Scope, placement: Placement = .bottom, aggregates: [Int: Aggregate],
    missingText: String = "—"
  ) {
    self.label = label
    self.scope = scope
    self.placement = placement
    self.aggregates = aggregates
    self.missingText = missingText
  }
}
