public import TableKit

/// A note under the table, marked where it applies: the title, a column label, a group or a cell.
///
/// Marks are given automatically in reading order (the title, the spanners and column labels
/// left to right and top to bottom, then groups and cells as the rows run), so the first note met
/// while reading is `1` (or `*`), whatever order the notes were added in. Notes with the same text
/// share one mark.
///
/// ```swift
/// let notes = [
///   Footnote("Excluding VAT", on: .column(2)),
///   Footnote("Estimated", on: .cell(TablePosition(section: 0, row: 3), column: 2)),
/// ]
/// ```
public struct Footnote: Hashable, Sendable {
  /// Where a note's mark goes.
  public enum Target: Hashable, Sendable {
    /// The report's title.
    case title
    /// A column's label.
    case column(Int)
    /// A spanner's label, by its index in ``Report/spanners``.
    case spanner(Int)
    /// A group's label (a section's index).
    case group(Int)
    /// One cell: a row and a column.
    case cell(TablePosition, column: Int)
  }

  /// The note's text.
  public var text: String
  /// Where its mark goes.
  public var target: Target

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - text: The note's text.
  ///   - target: Where its mark goes.
  public init(_ text: String, on target: Target) {
    self.text = text
    self.target = target
  }
}
