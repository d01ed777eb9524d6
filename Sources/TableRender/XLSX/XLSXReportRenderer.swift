public import TableKit
public import TableKitReports

/// Draws a report as an Excel workbook (`.xlsx`), streamed: the rows go out as the report walks
/// them, in flat memory.
///
/// The sheet, top to bottom:
///
/// - **Title and subtitle**, each one cell merged across the table's width (the title bold and
///   larger, the subtitle italic), the title's footnote marks raised after it.
/// - **Spanners**, one row per level, each spanner a bold, centred cell merged over its
///   columns; then the **column labels** in bold. The pane is frozen under the labels.
/// - **Groups**: the group's label in bold, then its rows at outline level 1, so Excel's
///   outline buttons fold a group to its label and summary (`summaryBelow` follows where the
///   subtotals stand).
/// - **Summary rows** in bold with a thin rule above. A subtotal or a grand total at the bottom
///   of its rows is a formula: `SUBTOTAL(9,C4:C9)` for a sum, `SUBTOTAL(1,…)` a mean,
///   `SUBTOTAL(5,…)` a minimum, `SUBTOTAL(4,…)` a maximum, `SUBTOTAL(3,…)` a count of values,
///   with the report's exact value cached in `<v>`, so a library that reads cached values gets
///   the exact number and Excel, recalculating, the same sum. The grand total's range runs
///   over every group; `SUBTOTAL` leaves out the subtotals inside it.
/// - An **autofilter** over the labels and the body (the grand total at the bottom stays out
///   of it), and, after a blank row, the **footnotes** (mark raised, then the text), the
///   **source notes** (italic) and the report's remarks.
///
/// A summary is its value alone, without a formula, when a formula could give another number:
/// a custom aggregate; a summary at the top of its rows; a value the exactness rule writes as
/// text (more than 15 significant digits, see ``XLSXTableRenderer``); a column whose rows hold
/// a value Excel would count otherwise (a number written as text, a decimal shown rounded);
/// and a grand total over a column where a subtotal is a value alone. A mean's cached value is
/// the report's (rounded as the report rounds it); Excel recalculating shows its own average in
/// the same format.
///
/// Cells keep their types as in ``XLSXTableRenderer``; a footnote mark on a text cell is a
/// raised run after the text, on a number a suffix in its number format (the cell stays a
/// number). Every text (title, spanners, labels, notes, values) is a string cell, escaped;
/// formula-looking text is never a formula.
///
/// ```swift
/// try XLSXReportRenderer(report: report).write(table, toFile: "report.xlsx")
/// ```
///
/// The output is binary: write it to a file or a descriptor, not to a `String`.
public struct XLSXReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// The sheet's name (at most 31 characters, none of `: \ / ? * [ ]`; others are replaced).
  public var sheetName: String
  /// Told how many values were written as text because a number cell would have changed
  /// them, once a render ends, when there were any.
  public var inexactValues: (@Sendable (_ count: Int) -> Void)?
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates an XLSX report renderer.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - sheetName: The sheet's name.
  ///   - inexactValues: Told the count of values written as text to stay exact, if any.
  public init(
    report: Report, sheetName: String = "Sheet1",
    inexactValues: (@Sendable (_ count: Int) -> Void)? = nil
  ) {
    self.report = report
    self.sheetName = sheetName
    self.inexactValues = inexactValues
  }

  /// Draws the report as a workbook to the sink behind `output`; see
  /// ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: The buffer whose sink receives the workbook (what it holds is flushed first).
  /// - Throws: `ReportError` from the walk; the archive is then left unfinished.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    output.flush()
    let parts = XLSXTableRenderer(sheetName: sheetName)
    let archive = parts.beginArchive(sink: output.sink)
    var sheet = XLSXReportSheet(layout: layout, sink: archive)
    let notes = try layout.walk(table) { sheet.draw($0) }
    sheet.finish(notes)
    parts.endArchive(
      archive, lastColumn: sheet.sheet.columnLetters.last, filteredRows: sheet.filteredRows,
      styles: sheet.sheet.styles)
    if sheet.sheet.inexactCount > 0 { inexactValues?(sheet.sheet.inexactCount) }
  }
}
