public import TableKit

/// One step of a report as it streams to a renderer: a group starts, a row, a summary row, a
/// group ends.
///
/// The header (``ReportLayout/headerRows``) comes before the first part and the notes
/// (``ReportNotes``) after the last.
public enum ReportPart: Sendable {
  /// A row group (a section) begins; its label is the section's header title.
  case groupStart(ReportGroup)
  /// A data row.
  case row(position: TablePosition, cells: [ReportCell])
  /// A summary row: a subtotal inside a group, or a grand total outside every group.
  case summary(ReportSummary)
  /// A row group ends.
  case groupEnd(ReportGroup)
}

/// A row group: a section, its label and the label's footnote marks.
public struct ReportGroup: Hashable, Sendable {
  /// The section's index.
  public var section: Int
  /// The section's header title, or `nil` when it has none.
  public var label: String?
  /// The label's footnote marks.
  public var marks: [String]
}

/// A summary row as a renderer draws it.
public struct ReportSummary: Hashable, Sendable {
  /// The row's label, such as `Total`.
  public var label: String
  /// The column the label stands in (the stub column, or 0).
  public var labelColumn: Int
  /// Whether it is a subtotal of a group or a grand total.
  public var scope: SummaryRow.Scope
  /// Where it stands relative to its rows.
  public var placement: SummaryRow.Placement
  /// One cell per column: the label in ``labelColumn``, aggregates where asked, empty text
  /// elsewhere.
  public var cells: [ReportCell]
}

/// What comes after the last row: the footnotes with their marks, the source notes, and remarks
/// the summaries made (such as money of several currencies not added together).
public struct ReportNotes: Hashable, Sendable {
  /// Each footnote's mark and text, in mark order.
  public var footnotes: [(mark: String, text: String)] {
    zip(marks, texts).map { ($0, $1) }
  }
  var marks: [String]
  var texts: [String]
  /// The report's source notes.
  public var sourceNotes: [String]
  /// Sentences the summaries added, in the order they arose.
  public var remarks: [String]

  /// Whether there is nothing to draw after the rows.
  public var isEmpty: Bool { marks.isEmpty && sourceNotes.isEmpty && remarks.isEmpty }
}
