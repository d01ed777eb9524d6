public import TableKit
public import TableKitReports

/// Draws a report as a LaTeX `booktabs` `longtable`: the title as its caption, spanners as
/// `\multicolumn` cells with a `\cmidrule` under each, group labels as rows across the table,
/// summary rows set off by `\midrule`, footnote marks as superscripts, and the notes under the
/// table.
///
/// ```swift
/// let latex = try LaTeXReportRenderer(report: report, mode: .fragment).renderReport(table)
/// ```
///
/// For the sales report of the article "Writing a report" (TableKitReports):
///
/// ```text
/// \begin{longtable}{lrr}
/// \caption{Sales}\\
/// \caption*{November 2026}\\
/// \toprule
///  & \multicolumn{2}{c}{Figures} \\
/// \cmidrule(lr){2-3}
/// city & amount\textsuperscript{1} & qty \\
/// \midrule
/// \endfirsthead
/// …
/// \endhead
/// \bottomrule
/// \endlastfoot
/// \multicolumn{3}{l}{\textbf{North}} \\
/// Oslo & EUR 10.00 & 2 \\
/// Bergen & EUR -5.50 & 3 \\
/// \midrule
/// \textit{Subtotal} & EUR 4.50 & 5 \\
/// …
/// \midrule
/// \textbf{Total} & EUR 5.75 & 2 \\
/// \end{longtable}
/// \begin{flushleft}\footnotesize
/// \textsuperscript{1}~Excluding VAT\par
/// Source: the ledger.\par
/// \end{flushleft}
/// ```
///
/// - The title is the table's numbered `\caption` and the subtitle an unnumbered `\caption*`
///   under it, both on the first page only (a caption is part of the table, so a fragment keeps
///   them).
/// - The header rows (spanner rows, each followed by a `\cmidrule(lr)` under each of its
///   spanners, then the column labels) repeat at the top of every page, as a `longtable`'s
///   header does; the table is always a `longtable`, so a report of any length breaks across
///   pages.
/// - A group's label is a row across every column in bold, with a little space
///   (`\addlinespace`) above it when rows come before it. Subtotal labels are in italics, grand
///   total labels in bold, and a run of summary rows is set off from the rows by a `\midrule`.
/// - Footnotes, source notes and the summaries' remarks come after the table (after
///   `\end{longtable}`, not in its last foot: the remarks are known only once every row has been
///   read, and a paragraph can wrap where a table row cannot), in a small `flushleft` block, one
///   paragraph each; line breaks in a note become spaces.
///
/// Every text (title, subtitle, spanners, labels, cells, marks, notes) is escaped as the plain
/// ``LaTeXTableRenderer`` escapes it, for the same ``LaTeXTableRenderer/Engine``: a spanner
/// `\input{/etc/passwd}` is typeset as those characters. Columns are placed and wrapped as the
/// plain renderer places them (numbers to the right). Rows stream: one is held at a time.
public struct LaTeXReportRenderer: ReportRenderer {
  /// The report drawn.
  public var report: Report
  /// A whole document (the default) or the table and its notes only.
  public var mode: LaTeXTableRenderer.Mode
  /// The engine the output is for.
  public var engine: LaTeXTableRenderer.Engine
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  public let failure = ReportFailure()

  /// Creates a LaTeX report renderer.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - mode: A whole document (the default) or a fragment to `\input` into a document that
  ///     loads array, booktabs and longtable.
  ///   - engine: The engine the output is for; pdfLaTeX by default.
  public init(
    report: Report, mode: LaTeXTableRenderer.Mode = .document,
    engine: LaTeXTableRenderer.Engine = .pdfLaTeX
  ) {
    self.report = report
    self.mode = mode
    self.engine = engine
  }

  /// Draws the report; see ``ReportRenderer/draw(_:of:into:)``.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the LaTeX goes.
  /// - Throws: `ReportError` from the walk; what was written before stays in `output`, with no
  ///   `\end{longtable}`.
  public func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    if case .document = mode { output.write(LaTeXTableRenderer.documentStart(engine: engine)) }
    var writer = Writer(layout: layout, table: table, characters: engine.characters)
    writer.writeStart(into: &output)
    var rules = TypesetReportRules()
    let notes = try layout.walk(table) { part in
      writer.write(part, rules: &rules, into: &output)
    }
    output.write("\\end{longtable}\n")
    writer.writeNotes(notes, into: &output)
    if case .document = mode { output.write(LaTeXTableRenderer.documentEnd) }
  }
}

extension LaTeXReportRenderer {
  /// What one drawing knows: the layout, the columns' specifications and the characters
  /// written as they are.
  private struct Writer {
    let layout: ReportLayout
    let characters: LaTeXEscaping.Characters
    /// Each column's specification (`l`, `r`, `c` or a wrapping `p{…}`).
    let specifications: [String]
    /// Each column's placement letter, or `nil` for a wrapping column.
    let placements: [UInt8?]

    init(layout: ReportLayout, table: TableView, characters: LaTeXEscaping.Characters) {
      self.layout = layout
      self.characters = characters
      var tableLayout = TableLayout(for: table)
      let columnPlacements = ColumnPlacement.placements(for: table, layout: &tableLayout)
      let plan = LaTeXColumnPlan(placements: columnPlacements, table: table, layout: &tableLayout)
      let specifications = (0..<layout.columnCount).map { column in
        column < plan.specifications.count ? plan.specifications[column] : "l"
      }
      self.specifications = specifications
      placements = specifications.indices.map { column in
        column < plan.wraps.count && plan.wraps[column] ? nil : specifications[column].utf8.first
      }
    }

    /// Writes `\begin{longtable}`, the caption and the header (on the first page, then on every
    /// page after it) up to the first row.
    func writeStart(into output: inout OutputBuffer) {
      output.write(#"\begin{longtable}{"#)
      for specification in specifications { output.write(specification) }
      output.write("}\n")
      let report = layout.report
      if let title = report.title, !title.isEmpty || !layout.titleMarks.isEmpty {
        output.write(#"\caption{"#)
        LaTeXEscaping.write(title, characters: characters, breaksLines: false, into: &output)
        writeMarks(layout.titleMarks, into: &output)
        output.write("}\\\\\n")
      }
      if let subtitle = report.subtitle, !subtitle.isEmpty {
        output.write(#"\caption*{"#)
        LaTeXEscaping.write(subtitle, characters: characters, breaksLines: false, into: &output)
        output.write("}\\\\\n")
      }
      for part: StaticString in [#"\endfirsthead"#, #"\endhead"#] {
        output.write("\\toprule\n")
        writeHeaderRows(into: &output)
        output.write(part)
        output.write(byte: UInt8(ascii: "\n"))
      }
      output.write("\\bottomrule\n\\endlastfoot\n")
    }

    /// The spanner rows, each with a `\cmidrule` under each spanner, then the column labels
    /// and a `\midrule`.
    private func writeHeaderRows(into output: inout OutputBuffer) {
      for row in layout.headerRows {
        for (index, cell) in row.enumerated() {
          if index > 0 { output.write(" & ") }
          if cell.isSpanner {
            output.write(#"\multicolumn{"#)
            output.write(integer: cell.columns.count)
            output.write("}{c}{")
            writeText(cell.label, marks: cell.marks, placement: UInt8(ascii: "c"), into: &output)
            output.write(byte: UInt8(ascii: "}"))
          } else if !cell.isGap {
            let column = cell.columns.lowerBound
            writeText(cell.label, marks: cell.marks, placement: placements[column], into: &output)
          }
        }
        output.write(" \\\\\n")
        for cell in row where cell.isSpanner {
          output.write(#"\cmidrule(lr){"#)
          output.write(integer: cell.columns.lowerBound + 1)
          output.write(byte: UInt8(ascii: "-"))
          output.write(integer: cell.columns.upperBound)
          output.write("}\n")
        }
      }
      output.write("\\midrule\n")
    }

    /// Writes one part of the walk, with the rule or space the rules put before it.
    mutating func write(
      _ part: ReportPart, rules: inout TypesetReportRules, into output: inout OutputBuffer
    ) {
      var drawsRow = true
      if case .groupStart(let group) = part {
        drawsRow = !(group.label ?? "").isEmpty || !group.marks.isEmpty
      }
      switch rules.separator(before: part, drawsRow: drawsRow) {
      case .none: break
      case .rule: output.write("\\midrule\n")
      case .space: output.write("\\addlinespace\n")
      }
      switch part {
      case .groupStart(let group):
        guard drawsRow else { return }
        output.write(#"\multicolumn{"#)
        output.write(integer: layout.columnCount)
        output.write(#"}{l}{\textbf{"#)
        writeText(group.label ?? "", marks: [], placement: UInt8(ascii: "l"), into: &output)
        output.write(byte: UInt8(ascii: "}"))
        writeMarks(group.marks, into: &output)
        output.write("} \\\\\n")
      case .row(_, let cells):
        writeRow(cells, labelColumn: nil, style: "", into: &output)
      case .summary(let summary):
        writeRow(
          summary.cells, labelColumn: summary.labelColumn,
          style: summary.scope == .grand ? #"\textbf{"# : #"\textit{"#, into: &output)
      case .groupEnd:
        break
      }
    }

    /// Writes a row's cells; the cell in `labelColumn` (a summary's label) is set in `style`.
    private func writeRow(
      _ cells: [ReportCell], labelColumn: Int?, style: StaticString,
      into output: inout OutputBuffer
    ) {
      for (column, cell) in cells.enumerated() {
        if column > 0 { output.write(" & ") }
        let styled = column == labelColumn && !cell.text.isEmpty
        if styled { output.write(style) }
        writeText(
          cell.text, marks: styled ? [] : cell.marks, placement: placements[column],
          into: &output)
        if styled {
          output.write(byte: UInt8(ascii: "}"))
          writeMarks(cell.marks, into: &output)
        }
      }
      output.write(" \\\\\n")
    }

    /// Writes a cell's text (in a `\shortstack` when it has line breaks and its column does not
    /// wrap) and its marks.
    private func writeText(
      _ text: String, marks: [String], placement: UInt8?, into output: inout OutputBuffer
    ) {
      LaTeXTableRenderer.writeCell(
        text, placement: placement, characters: characters, into: &output)
      writeMarks(marks, into: &output)
    }

    /// Writes footnote marks as one superscript: `\textsuperscript{1,2}`.
    private func writeMarks(_ marks: [String], into output: inout OutputBuffer) {
      guard !marks.isEmpty else { return }
      output.write(#"\textsuperscript{"#)
      for (index, mark) in marks.enumerated() {
        if index > 0 { output.write(byte: UInt8(ascii: ",")) }
        LaTeXEscaping.write(mark, characters: characters, breaksLines: false, into: &output)
      }
      output.write(byte: UInt8(ascii: "}"))
    }

    /// Writes the footnotes, source notes and remarks after the table, one paragraph each.
    func writeNotes(_ notes: ReportNotes, into output: inout OutputBuffer) {
      guard !notes.isEmpty else { return }
      output.write("\\begin{flushleft}\\footnotesize\n")
      for note in notes.footnotes {
        writeMarks([note.mark], into: &output)
        output.write(byte: UInt8(ascii: "~"))
        LaTeXEscaping.write(note.text, characters: characters, breaksLines: false, into: &output)
        output.write("\\par\n")
      }
      for line in notes.sourceNotes + notes.remarks {
        LaTeXEscaping.write(line, characters: characters, breaksLines: false, into: &output)
        output.write("\\par\n")
      }
      output.write("\\end{flushleft}\n")
    }
  }
}
