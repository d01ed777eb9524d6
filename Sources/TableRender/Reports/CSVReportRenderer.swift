public import TableKit
public import TableKitReports

/// Draws a report as CSV (RFC 4180) that a spreadsheet can filter: one header row, a `row` column
/// that says what each row is, and a `group` column with the row's group label.
///
/// - **One header row.** Spanners are written into the column names, outermost first:
///   `Money / amount`. A spreadsheet's filter and a CSV reader both take the first row as the
///   names.
/// - **`row` column.** `data` for a row of the table, `subtotal` for a group's summary, `total`
///   for a grand total; filter on `data` to drop every summary.
/// - **Notes after the rows.** `title`, `subtitle`, `footnote` (its mark in the `group` column),
///   `source note` and `remark` rows carry their text in the first table column, so the file
///   stays rectangular. Footnote marks are not written into cells: a value stays a value.
/// - **Numbers stay numbers.** With the formula guard on, text that a spreadsheet would run
///   (`=…`, `+…`, `-…`, `@…`) gets a leading `'`; a number's formatted text (`EUR -5.50`,
///   `-€5.00`) is never guarded.
///
/// ```text
/// row,group,city,Money / amount,Money / qty
/// data,North,Oslo,EUR 10.00,2
/// subtotal,North,Subtotal,EUR 10.00,2
/// total,,Total,EUR 10.00,2
/// footnote,1,Excluding VAT,,
/// ```
public struct CSVReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// Whether text that a spreadsheet would run as a formula gets a leading `'`.
  public var guardsFormulas: Bool
  /// How a cell holding the empty text is written; ``CSVTableRenderer/EmptyText/unquoted``
  /// (alike with no value) by default, ``CSVTableRenderer/EmptyText/quoted`` (`""`) to keep a
  /// database's `''` apart from its `NULL`.
  public var emptyText: CSVTableRenderer.EmptyText
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates a CSV report renderer.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - guardsFormulas: Whether formula-looking text gets a leading `'` (numbers never do).
  ///   - emptyText: How a cell holding the empty text is written.
  public init(
    report: Report, guardsFormulas: Bool = true,
    emptyText: CSVTableRenderer.EmptyText = .unquoted
  ) {
    self.report = report
    self.guardsFormulas = guardsFormulas
    self.emptyText = emptyText
  }

  /// Draws the report; see ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the CSV goes.
  /// - Throws: `ReportError` from the walk.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    let writer = CSVReportRecord(
      guardsFormulas: guardsFormulas, quotesEmptyText: emptyText == .quoted,
      columnCount: layout.columnCount)
    writer.write(
      kind: "row", group: "group",
      cells: layout.qualifiedColumnLabels().map { ReportCell(text: $0, isNumeric: false) },
      into: &output)
    var group = ""
    let notes = try layout.walk(table) { part in
      switch part {
      case .groupStart(let start):
        group = start.label ?? ""
      case .row(_, let cells):
        writer.write(kind: "data", group: group, cells: cells, into: &output)
      case .summary(let summary):
        let isGrand = summary.scope == .grand
        writer.write(
          kind: isGrand ? "total" : "subtotal", group: isGrand ? "" : group, cells: summary.cells,
          into: &output)
      case .groupEnd:
        group = ""
      }
    }
    if let title = report.title, !title.isEmpty { writer.note("title", "", title, into: &output) }
    if let subtitle = report.subtitle, !subtitle.isEmpty {
      writer.note("subtitle", "", subtitle, into: &output)
    }
    for note in notes.footnotes { writer.note("footnote", note.mark, note.text, into: &output) }
    for line in notes.sourceNotes { writer.note("source note", "", line, into: &output) }
    for line in notes.remarks { writer.note("remark", "", line, into: &output) }
  }
}

/// Writes one CSV record of a report: the row kind, the group, then one field per column.
struct CSVReportRecord {
  let guardsFormulas: Bool
  /// Whether a cell whose value is the empty text is written `""`.
  let quotesEmptyText: Bool
  let columnCount: Int

  func write(kind: String, group: String, cells: [ReportCell], into output: inout OutputBuffer) {
    field(kind, guarded: true, into: &output)
    output.write(",")
    field(group, guarded: true, into: &output)
    for cell in cells {
      output.write(",")
      if quotesEmptyText, cell.text.isEmpty, case .text(let text) = cell.value, text.isEmpty {
        output.write("\"\"")
      } else {
        field(cell.text, guarded: !cell.isNumeric, into: &output)
      }
    }
    output.write("\r\n")
  }

  /// A note row: its kind, a mark or nothing, the text in the first column, the rest empty.
  func note(_ kind: String, _ mark: String, _ text: String, into output: inout OutputBuffer) {
    var cells = [ReportCell(text: text, isNumeric: false)]
    cells += Array(repeating: ReportCell(text: "", isNumeric: false), count: columnCount - 1)
    write(kind: kind, group: mark, cells: cells, into: &output)
  }

  private func field(_ text: String, guarded: Bool, into output: inout OutputBuffer) {
    CSVEscaping.writeField(
      text, guardsFormulas: guardsFormulas && guarded, quotesSurroundingSpaces: true, into: &output)
  }
}
