public import TableKit
public import TableKitReports

/// Draws a report as aligned text: the title and subtitle, spanner labels centred over their
/// columns with a rule under each, column labels over a rule, each group under its label, summary
/// rows set off by a rule (`─` for subtotals, `═` for grand totals), and the notes below.
///
/// ```swift
/// let text = try TextReportRenderer(report: report).renderReport(table)
/// ```
///
/// For the sales report of the article "Writing a report" (TableKitReports):
///
/// ```text
/// Sales
/// November 2026
///
///              Figures
///           ──────────────
/// city        amount¹  qty
/// ────────  ─────────  ───
/// North
/// Oslo      EUR 10.00    2
/// Bergen    EUR -5.50    3
/// ────────  ─────────  ───
/// Subtotal   EUR 4.50    5
/// South
/// Rome       EUR 1.25
/// ────────  ─────────  ───
/// Subtotal   EUR 1.25  —
/// ════════  ═════════  ═══
/// Total      EUR 5.75  2.5
///
/// ¹ Excluding VAT
/// Source: the ledger.
/// ```
///
/// Numbers stand to the right of their column, text to the left; footnote marks follow their
/// text (digits as superscripts). Control characters in any text are shown visibly (`^[`), never
/// sent to the terminal. Widths come from a first pass over every row (the table is read twice,
/// one row at a time); over a stream that cannot be read again (a pipe) the widths come from the
/// labels and a value wider than its column pushes the rest of its line right instead of being
/// cut.
public struct TextReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// The distance between tab stops when a text holds tabs.
  public var tabWidth: Int
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates a text report renderer.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - tabWidth: The distance between tab stops, 1 through 64.
  public init(report: Report, tabWidth: Int = 4) {
    self.report = report
    self.tabWidth = min(max(tabWidth, 1), 64)
  }

  /// Draws the report; see ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the text goes.
  /// - Throws: `ReportError` from the walk.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    var grid = TextReportGrid(layout: layout, tabWidth: tabWidth)
    let stream = table.dataSource as? any StreamedTableDataSource
    if stream.map({ $0.rereadableRowCount == Int.max }) ?? true {
      _ = try layout.walk(table) { part in grid.measure(part) }
    }
    grid.fitSpanners()
    let report = layout.report
    var wroteTitle = false
    if let title = report.title, !title.isEmpty || !layout.titleMarks.isEmpty {
      grid.writeLine(grid.field(title, marks: layout.titleMarks), into: &output)
      wroteTitle = true
    }
    if let subtitle = report.subtitle, !subtitle.isEmpty {
      grid.writeLine(grid.field(subtitle, marks: []), into: &output)
      wroteTitle = true
    }
    if wroteTitle { output.write("\n") }
    grid.writeHeader(into: &output)
    let notes = try layout.walk(table) { part in grid.draw(part, into: &output) }
    guard !notes.isEmpty else { return }
    output.write("\n")
    for note in notes.footnotes {
      grid.writeLine(
        TextReportGrid.markText([note.mark]) + " " + grid.field(note.text, marks: []), into: &output
      )
    }
    for line in notes.sourceNotes + notes.remarks {
      grid.writeLine(grid.field(line, marks: []), into: &output)
    }
  }
}
