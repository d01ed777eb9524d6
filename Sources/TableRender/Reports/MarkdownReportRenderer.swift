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
/// The alignment row follows the first row drawn: a column whose first value is a number is
/// aligned right (`---:`).
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
    // A group's label row waits for the header, which waits for the first row's alignments.
    var pendingGroup: ReportGroup?
    func writeHeader(numeric: [Bool]) {
      defer {
        if let group = pendingGroup {
          Self.writeGroupRow(group, columns: layout.columnCount, into: &output)
        }
        pendingGroup = nil
      }
      guard !wroteHeader else { return }
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
    }
    let notes = try layout.walk(table) { part in
      switch part {
      case .groupStart(let group):
        if wroteHeader {
          Self.writeGroupRow(group, columns: layout.columnCount, into: &output)
        } else {
          pendingGroup = group
        }
      case .row(_, let cells):
        writeHeader(numeric: cells.map(\.isNumeric))
        Self.writeRow(cells, bold: false, into: &output)
      case .summary(let summary):
        writeHeader(numeric: summary.cells.map(\.isNumeric))
        Self.writeRow(summary.cells, bold: true, into: &output)
      case .groupEnd:
        // A group with no rows still shows its label.
        if pendingGroup != nil { writeHeader(numeric: []) }
      }
    }
    writeHeader(numeric: [])
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
