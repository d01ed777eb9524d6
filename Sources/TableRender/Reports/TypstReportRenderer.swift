public import TableKit
public import TableKitReports

/// Draws a report as a Typst document: the title as a heading and the subtitle under it, one
/// `#table` whose `table.header` holds the spanner rows (each spanner a centred
/// `table.cell(colspan:)` with a `table.hline` under it) and the column labels, group labels as
/// cells across the table, summary rows under a rule with strong labels, footnote marks as
/// superscripts, and the notes after the table.
///
/// ```swift
/// let typst = try TypstReportRenderer(report: report).renderReport(table)
/// ```
///
/// For the sales report of the article "Writing a report" (TableKitReports):
///
/// ```text
/// #heading(level: 1, "Sales")
/// #emph("November 2026")
///
/// #table(
///   columns: 3,
///   align: (left, right, right),
///   stroke: none,
///   table.hline(),
///   table.header(
///     [], table.cell(colspan: 2, align: center, "Figures"),
///     table.hline(start: 1, end: 3, stroke: 0.5pt),
///     strong("city"), [#strong("amount")#super("1")], strong("qty"),
///   ),
///   table.hline(stroke: 0.5pt),
///   table.cell(colspan: 3, strong("North")),
///   "Oslo", "EUR 10.00", "2",
///   "Bergen", "EUR -5.50", "3",
///   table.hline(stroke: 0.5pt),
///   strong("Subtotal"), "EUR 4.50", "5",
///   …
///   table.hline(),
/// )
///
/// #block[
/// #set text(size: 0.85em)
/// #super("1") #"Excluding VAT"
///
/// #"Source: the ledger."
/// ]
/// ```
///
/// - The title is a level-one heading (as the plain ``TypstTableRenderer`` writes it) and the
///   subtitle an emphasized paragraph under it; the header rows repeat on every page, as a
///   `table.header` does.
/// - A group's label is a strong cell across every column; a run of summary rows is set off
///   from the rows by a thin `table.hline`, and a summary's label is strong.
/// - Footnote marks are `super(…)` after their text; footnotes, source notes and the summaries'
///   remarks follow the table in a small block, one paragraph each.
///
/// Every text is a Typst string literal (see `TypstEscaping`), which Typst shows as text and
/// never reads as markup or code: a spanner `#read("/etc/passwd")` is shown as those
/// characters. Where a text carries marks it stands in a content block as `#"text"`, still a
/// literal. Columns are placed as the plain renderer places them (numbers to the right). Rows
/// stream: one is held at a time.
public struct TypstReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates a Typst report renderer.
  ///
  /// - Parameter report: The report.
  public init(report: Report) {
    self.report = report
  }

  /// Draws the report; see ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the Typst source goes.
  /// - Throws: `ReportError` from the walk; what was written before stays in `output`, with the
  ///   table left open.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    var wroteTitle = false
    if let title = report.title, !title.isEmpty || !layout.titleMarks.isEmpty {
      output.write("#heading(level: 1, ")
      Self.writeText(title, marks: layout.titleMarks, into: &output)
      output.write(")\n")
      wroteTitle = true
    }
    if let subtitle = report.subtitle, !subtitle.isEmpty {
      output.write("#emph(")
      TypstEscaping.writeLiteral(subtitle, into: &output)
      output.write(")\n")
      wroteTitle = true
    }
    if wroteTitle { output.write("\n") }
    writeStart(layout, table: table, into: &output)
    var rules = TypesetReportRules()
    let notes = try layout.walk(table) { part in
      Self.write(part, layout: layout, rules: &rules, into: &output)
    }
    output.write("  table.hline(),\n)\n")
    Self.writeNotes(notes, into: &output)
  }

  /// Writes the table's opening, its column placements and its header.
  private func writeStart(
    _ layout: ReportLayout, table: TableView, into output: inout OutputBuffer
  ) {
    var tableLayout = TableLayout(for: table)
    let placements = ColumnPlacement.placements(for: table, layout: &tableLayout)
    output.write("#table(\n  columns: ")
    output.write(integer: layout.columnCount)
    output.write(",\n  align: (")
    for column in 0..<layout.columnCount {
      if column > 0 { output.write(", ") }
      switch column < placements.count ? placements[column] : .unspecified {
      case .left, .unspecified: output.write("left")
      case .right: output.write("right")
      case .center: output.write("center")
      }
    }
    // A one-element array needs a trailing comma to be an array, not a parenthesized value.
    output.write(layout.columnCount == 1 ? ",),\n" : "),\n")
    output.write("  stroke: none,\n  table.hline(),\n  table.header(\n")
    for row in layout.headerRows {
      output.write("    ")
      for (index, cell) in row.enumerated() {
        if index > 0 { output.write(", ") }
        if cell.isSpanner {
          output.write("table.cell(colspan: ")
          output.write(integer: cell.columns.count)
          output.write(", align: center, ")
          Self.writeText(cell.label, marks: cell.marks, into: &output)
          output.write(byte: UInt8(ascii: ")"))
        } else if cell.isGap {
          output.write("[]")
        } else {
          Self.writeText(cell.label, marks: cell.marks, strong: true, into: &output)
        }
      }
      output.write(",\n")
      for cell in row where cell.isSpanner {
        output.write("    table.hline(start: ")
        output.write(integer: cell.columns.lowerBound)
        output.write(", end: ")
        output.write(integer: cell.columns.upperBound)
        output.write(", stroke: 0.5pt),\n")
      }
    }
    output.write("  ),\n  table.hline(stroke: 0.5pt),\n")
  }

  /// Writes one part of the walk, with the rule or space the rules put before it.
  private static func write(
    _ part: ReportPart, layout: ReportLayout, rules: inout TypesetReportRules,
    into output: inout OutputBuffer
  ) {
    var drawsRow = true
    if case .groupStart(let group) = part {
      drawsRow = !(group.label ?? "").isEmpty || !group.marks.isEmpty
    }
    let separator = rules.separator(before: part, drawsRow: drawsRow)
    if separator == .rule { output.write("  table.hline(stroke: 0.5pt),\n") }
    switch part {
    case .groupStart(let group):
      guard drawsRow else { return }
      output.write("  table.cell(colspan: ")
      output.write(integer: layout.columnCount)
      // The space above a group that follows rows is the label cell's own top inset.
      output.write(separator == .space ? ", inset: (x: 5pt, top: 12pt, bottom: 5pt), " : ", ")
      writeText(group.label ?? "", marks: group.marks, strong: true, into: &output)
      output.write("),\n")
    case .row(_, let cells):
      writeRow(cells, labelColumn: nil, into: &output)
    case .summary(let summary):
      writeRow(summary.cells, labelColumn: summary.labelColumn, into: &output)
    case .groupEnd:
      break
    }
  }

  /// Writes a row's cells; the cell in `labelColumn` (a summary's label) is strong.
  private static func writeRow(
    _ cells: [ReportCell], labelColumn: Int?, into output: inout OutputBuffer
  ) {
    output.write("  ")
    for (column, cell) in cells.enumerated() {
      if column > 0 { output.write(", ") }
      if cell.text.isEmpty && cell.marks.isEmpty {
        output.write("[]")
      } else {
        writeText(cell.text, marks: cell.marks, strong: column == labelColumn, into: &output)
      }
    }
    output.write(",\n")
  }

  /// Writes a text as a value: `"text"`, `strong("text")`, or with marks
  /// `[#strong("text")#super("1,2")]`.
  private static func writeText(
    _ text: String, marks: [String], strong: Bool = false, into output: inout OutputBuffer
  ) {
    if !marks.isEmpty { output.write("[#") }
    if strong { output.write("strong(") }
    TypstEscaping.writeLiteral(text, into: &output)
    if strong { output.write(byte: UInt8(ascii: ")")) }
    guard !marks.isEmpty else { return }
    writeMarks(marks, into: &output)
    output.write(byte: UInt8(ascii: "]"))
  }

  /// Writes footnote marks in markup: `#super("1,2")`.
  private static func writeMarks(_ marks: [String], into output: inout OutputBuffer) {
    output.write("#super(")
    TypstEscaping.writeLiteral(marks.joined(separator: ","), into: &output)
    output.write(byte: UInt8(ascii: ")"))
  }

  /// Writes the footnotes, source notes and remarks after the table, one paragraph each.
  private static func writeNotes(_ notes: ReportNotes, into output: inout OutputBuffer) {
    guard !notes.isEmpty else { return }
    output.write("\n#block[\n#set text(size: 0.85em)\n")
    for note in notes.footnotes {
      writeMarks([note.mark], into: &output)
      output.write(" #")
      TypstEscaping.writeLiteral(note.text, into: &output)
      output.write("\n\n")
    }
    for line in notes.sourceNotes + notes.remarks {
      output.write(byte: UInt8(ascii: "#"))
      TypstEscaping.writeLiteral(line, into: &output)
      output.write("\n\n")
    }
    output.write("]\n")
  }
}
