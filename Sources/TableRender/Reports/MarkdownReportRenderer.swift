public import TableKit
public import TableKitReports

/// Draws a report as one GitHub-Flavoured Markdown table, with the title as a heading and the
/// notes as paragraphs under it.
///
/// GFM has one header row, so spanners are written into the column labels, outermost first
/// (`Money / amount`), and every spanner's text is kept. A group starts with a row whose first
/// cell is its label in bold; summary rows are bold throughout. Footnote marks are `<sup>`
/// elements after their text. Every text is escaped as the plain Markdown renderer escapes it, so a label cannot
/// become a link, a tag or a new cell.
///
/// ```text
/// # Sales<sup>1</sup>
///
/// | city | Money / amount | Money / qty |
/// | --- | ---: | ---: |
/// | **North** |  |  |
/// | Oslo | EUR 10.00 | 2 |
/// | **Subtotal** | **EUR 10.00** | **2** |
///
/// <sup>1</sup> Excluding VAT
/// ```
///
/// The alignment row follows the first data row: a column whose first value is a number is
/// aligned right (`---:`). Group labels and summaries above that row wait for it (a few rows,
/// never the table's).
public struct MarkdownReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates a Markdown report renderer.
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
  ///   - output: Where the Markdown goes.
  /// - Throws: `ReportError` from the walk.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    if let title = report.title, !title.isEmpty || !layout.titleMarks.isEmpty {
      output.write("# ")
      MarkdownEscaping.write(title, into: &output)
      Self.writeMarks(layout.titleMarks, into: &output)
      output.write("\n\n")
    }
    if let subtitle = report.subtitle, !subtitle.isEmpty {
      output.write("*")
      MarkdownEscaping.write(subtitle, into: &output)
      output.write("*\n\n")
    }
    let labels = layout.qualifiedColumnLabels()
    let labelMarks = layout.headerRows.last?.map(\.marks) ?? []
    let spannerMarks = layout.headerRows.dropLast().flatMap { $0 }.flatMap(\.marks)
    var wroteHeader = false
    // The alignment row follows the first data row, so what comes before it (group labels,
    // summaries at the top) waits: a few rows, never the table's rows.
    var waiting: [ReportPart] = []
    func draw(_ part: ReportPart) {
      switch part {
      case .groupStart(let group):
        Self.writeGroupRow(group, columns: layout.columnCount, into: &output)
      case .row(_, let cells):
        Self.writeRow(cells, bold: false, into: &output)
      case .summary(let summary):
        Self.writeRow(summary.cells, bold: true, into: &output)
      case .groupEnd:
        break
      }
    }
    func writeHeader(numeric: [Bool]) {
      wroteHeader = true
      output.write("|")
      for (column, label) in labels.enumerated() {
        output.write(" ")
        MarkdownEscaping.write(label, into: &output)
        // Spanner marks go with the first column's label, so none is lost.
        Self.writeMarks((column == 0 ? spannerMarks : []) + labelMarks[column], into: &output)
        output.write(" |")
      }
      output.write("\n|")
      for column in labels.indices {
        output.write(column < numeric.count && numeric[column] ? " ---: |" : " --- |")
      }
      output.write("\n")
      for part in waiting { draw(part) }
      waiting = []
    }
    let notes = try layout.walk(table) { part in
      if wroteHeader {
        draw(part)
      } else if case .row(_, let cells) = part {
        writeHeader(numeric: cells.map(\.isNumeric))
        draw(part)
      } else {
        waiting.append(part)
      }
    }
    if !wroteHeader {
      let firstSummary = waiting.lazy.compactMap { part -> [ReportCell]? in
        if case .summary(let summary) = part { summary.cells } else { nil }
      }.first
      writeHeader(numeric: firstSummary?.map(\.isNumeric) ?? [])
    }
    for note in notes.footnotes {
      output.write("\n")
      Self.writeMarks([note.mark], into: &output)
      output.write(" ")
      MarkdownEscaping.write(note.text, into: &output)
      output.write("\n")
    }
    for line in notes.sourceNotes + notes.remarks {
      output.write("\n")
      MarkdownEscaping.write(line, into: &output)
      output.write("\n")
    }
  }

  /// A group's label in bold in the first cell, the other cells empty; nothing for a group
  /// with no label.
  private static func writeGroupRow(
    _ group: ReportGroup, columns: Int, into output: inout OutputBuffer
  ) {
    guard let label = group.label, !label.isEmpty || !group.marks.isEmpty else { return }
    output.write("| **")
    MarkdownEscaping.write(label, into: &output)
    output.write("**")
    writeMarks(group.marks, into: &output)
    output.write(" |")
    for _ in 1..<max(columns, 1) { output.write("  |") }
    output.write("\n")
  }

  private static func writeRow(_ cells: [ReportCell], bold: Bool, into output: inout OutputBuffer) {
    output.write("|")
    for cell in cells {
      output.write(" ")
      let strong = bold && !cell.text.isEmpty
      if strong { output.write("**") }
      MarkdownEscaping.write(cell.text, into: &output)
      if strong { output.write("**") }
      writeMarks(cell.marks, into: &output)
      output.write(" |")
    }
    output.write("\n")
  }

  private static func writeMarks(_ marks: [String], into output: inout OutputBuffer) {
    for mark in marks {
      output.write("<sup>")
      MarkdownEscaping.write(mark, into: &output)
      output.write("</sup>")
    }
  }
}
