public import TableKit
public import TableKitReports

/// Draws a report as an HTML table: a `<caption>` with the title and subtitle, spanners as
/// `<th colspan scope="colgroup">`, a `<tbody>` per group opened by a `<th scope="rowgroup">`,
/// subtotals in their group's `<tbody>`, a grand total at the bottom in `<tfoot>` (at the top in
/// a `<tbody>` of its own), and footnote marks linked to their notes and back.
///
/// ```swift
/// let html = try HTMLReportRenderer(report: report).renderReport(table)
/// ```
///
/// ```text
/// <table class="report">
/// <caption>Sales<sup><a href="#report-note-1" id="report-ref-1-1">1</a></sup></caption>
/// <thead>
/// <tr><td></td><th colspan="2" scope="colgroup">Money</th></tr>
/// <tr><th scope="col">region</th><th scope="col">amount</th><th scope="col">price</th></tr>
/// </thead>
/// <tbody>
/// <tr><th scope="rowgroup" colspan="3">North</th></tr>
/// <tr><td>Oslo</td><td class="number">EUR 10.00</td><td class="number">2.50</td></tr>
/// <tr class="summary"><th scope="row">Subtotal</th><td class="number">EUR 10.00</td><td></td></tr>
/// </tbody>
/// …
/// ```
///
/// As a document (``HTMLTableRenderer/Mode/document(title:language:)``) the table and its notes
/// stand in a `<main>`, and the title is the page's `<h1>`, inside the caption (or the page's
/// title above the table when the report has none), as axe-core asks of a page.
///
/// Every text is escaped: a label, a footnote or a value of `<script>` is shown, never run. The
/// rows stream: one row is held at a time.
public struct HTMLReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// A fragment (the default) or a standalone document.
  public var mode: HTMLTableRenderer.Mode
  /// The prefix of the ids that link marks and notes, so two reports on a page keep apart.
  public var idPrefix: String
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates an HTML report renderer.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - mode: A `<table>` fragment or a whole document.
  ///   - idPrefix: The prefix of footnote ids (escaped as an attribute value).
  public init(report: Report, mode: HTMLTableRenderer.Mode = .fragment, idPrefix: String = "report")
  {
    self.report = report
    self.mode = mode
    self.idPrefix = idPrefix
  }

  /// Draws the report; see ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the HTML goes.
  /// - Throws: `ReportError` from the walk.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    var isDocument = false
    if case .document(let title, let language) = mode {
      isDocument = true
      HTMLTableRenderer.writeHead(title: title, language: language, into: &output)
      output.write("<main>\n")
      // A page needs a level-one heading: the title's, in the caption; else the page's title.
      if (layout.report.title ?? "").isEmpty {
        output.write("<h1>")
        output.writeEscapedHTML(title)
        output.write("</h1>\n")
      }
    }
    var marks = HTMLMarks(layout: layout, prefix: idPrefix)
    output.write("<table class=\"report\">\n")
    writeCaption(layout, heading: isDocument, marks: &marks, into: &output)
    output.write("<thead>\n")
    for row in layout.headerRows {
      output.write("<tr>")
      for cell in row {
        if cell.isGap {
          output.write("<td></td>")
        } else if cell.isSpanner {
          output.write("<th colspan=\"")
          output.write(integer: cell.columns.count)
          output.write("\" scope=\"colgroup\">")
          output.writeEscapedHTML(cell.label)
          marks.write(cell.marks, into: &output)
          output.write("</th>")
        } else {
          output.write("<th scope=\"col\">")
          output.writeEscapedHTML(cell.label)
          marks.write(cell.marks, into: &output)
          output.write("</th>")
        }
      }
      output.write("</tr>\n")
    }
    output.write("</thead>\n")
    let stub = layout.report.stubColumn
    var inGrandTop = false
    var inFooter = false
    let notes = try layout.walk(table) { part in
      switch part {
      case .groupStart(let group):
        if inGrandTop { output.write("</tbody>\n") }
        inGrandTop = false
        output.write("<tbody>\n")
        if let label = group.label, !label.isEmpty || !group.marks.isEmpty {
          output.write("<tr><th scope=\"rowgroup\" colspan=\"")
          output.write(integer: layout.columnCount)
          output.write("\">")
          output.writeEscapedHTML(label)
          marks.write(group.marks, into: &output)
          output.write("</th></tr>\n")
        }
      case .row(_, let cells):
        output.write("<tr>")
        for (column, cell) in cells.enumerated() {
          Self.writeCell(cell, isHeader: column == stub, marks: &marks, into: &output)
        }
        output.write("</tr>\n")
      case .summary(let summary):
        if summary.scope == .grand {
          if summary.placement == .top, !inGrandTop {
            inGrandTop = true
            output.write("<tbody class=\"grand-summary\">\n")
          } else if summary.placement == .bottom, !inFooter {
            inFooter = true
            output.write("<tfoot>\n")
          }
        }
        output.write(
          summary.scope == .grand ? "<tr class=\"grand-summary\">" : "<tr class=\"summary\">")
        for (column, cell) in summary.cells.enumerated() {
          Self.writeCell(
            cell, isHeader: column == summary.labelColumn, marks: &marks, into: &output)
        }
        output.write("</tr>\n")
      case .groupEnd:
        output.write("</tbody>\n")
      }
    }
    if inGrandTop { output.write("</tbody>\n") }
    if inFooter { output.write("</tfoot>\n") }
    output.write("</table>\n")
    writeNotes(notes, marks: marks, into: &output)
    if isDocument { output.write("</main>\n</body>\n</html>\n") }
  }

  /// The caption: the title (in an `<h1>` when `heading`, for a document), its marks and the
  /// subtitle.
  private func writeCaption(
    _ layout: ReportLayout, heading: Bool, marks: inout HTMLMarks,
    into output: inout OutputBuffer
  ) {
    let title = layout.report.title ?? ""
    let subtitle = layout.report.subtitle ?? ""
    guard !title.isEmpty || !subtitle.isEmpty || !layout.titleMarks.isEmpty else { return }
    let isHeading = heading && !title.isEmpty
    output.write(isHeading ? "<caption><h1>" : "<caption>")
    output.writeEscapedHTML(title)
    marks.write(layout.titleMarks, into: &output)
    if isHeading { output.write("</h1>") }
    if !subtitle.isEmpty {
      output.write(isHeading ? "<span class=\"subtitle\">" : "<br><span class=\"subtitle\">")
      output.writeEscapedHTML(subtitle)
      output.write("</span>")
    }
    output.write("</caption>\n")
  }

  private static func writeCell(
    _ cell: ReportCell, isHeader: Bool, marks: inout HTMLMarks, into output: inout OutputBuffer
  ) {
    switch (isHeader, cell.isNumeric) {
    case (true, true): output.write("<th scope=\"row\" class=\"number\">")
    case (true, false): output.write("<th scope=\"row\">")
    case (false, true): output.write("<td class=\"number\">")
    case (false, false): output.write("<td>")
    }
    output.writeEscapedHTML(cell.text)
    marks.write(cell.marks, into: &output)
    output.write(isHeader ? "</th>" : "</td>")
  }

  private func writeNotes(_ notes: ReportNotes, marks: HTMLMarks, into output: inout OutputBuffer) {
    guard !notes.isEmpty else { return }
    output.write("<div class=\"report-notes\">\n")
    for (index, note) in notes.footnotes.enumerated() {
      output.write("<p class=\"footnote\" id=\"")
      marks.writeNoteID(index, into: &output)
      output.write("\"><sup>")
      output.writeEscapedHTML(note.mark)
      output.write("</sup> ")
      output.writeEscapedHTML(note.text)
      if marks.references[index] > 0 {
        output.write(" <a href=\"#")
        marks.writeReferenceID(index, occurrence: 1, into: &output)
        output.write("\" aria-label=\"Back to note ")
        output.writeEscapedHTML(note.mark)
        output.write("\">↩</a>")
      }
      output.write("</p>\n")
    }
    for line in notes.sourceNotes {
      output.write("<p class=\"source-note\">")
      output.writeEscapedHTML(line)
      output.write("</p>\n")
    }
    for line in notes.remarks {
      output.write("<p class=\"remark\">")
      output.writeEscapedHTML(line)
      output.write("</p>\n")
    }
    output.write("</div>\n")
  }
}

/// Footnote marks as links: each reference has its own id, and each note links back to its
/// first reference.
struct HTMLMarks {
  let prefix: String
  let indexOfMark: [String: Int]
  /// How many references each note has had so far.
  private(set) var references: [Int]

  init(layout: ReportLayout, prefix: String) {
    self.prefix = prefix
    var indexOfMark: [String: Int] = [:]
    for (index, note) in layout.footnotes.enumerated() { indexOfMark[note.mark] = index }
    self.indexOfMark = indexOfMark
    references = Array(repeating: 0, count: layout.footnotes.count)
  }

  mutating func write(_ marks: [String], into output: inout OutputBuffer) {
    guard !marks.isEmpty else { return }
    output.write("<sup>")
    for (position, mark) in marks.enumerated() {
      if position > 0 { output.write(",") }
      guard let index = indexOfMark[mark] else { continue }
      references[index] += 1
      output.write("<a href=\"#")
      writeNoteID(index, into: &output)
      output.write("\" id=\"")
      writeReferenceID(index, occurrence: references[index], into: &output)
      output.write("\">")
      output.writeEscapedHTML(mark)
      output.write("</a>")
    }
    output.write("</sup>")
  }

  func writeNoteID(_ index: Int, into output: inout OutputBuffer) {
    output.writeEscapedHTML(prefix)
    output.write("-note-")
    output.write(integer: index + 1)
  }

  func writeReferenceID(_ index: Int, occurrence: Int, into output: inout OutputBuffer) {
    output.writeEscapedHTML(prefix)
    output.write("-ref-")
    output.write(integer: index + 1)
    output.write("-")
    output.write(integer: occurrence)
  }
}
