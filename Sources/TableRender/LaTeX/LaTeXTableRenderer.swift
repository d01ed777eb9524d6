public import TableKit

/// Renders a table as LaTeX: a `booktabs` `longtable`, so a table of any length breaks across
/// pages with its header row repeated, in a whole document or as a fragment to `\input`.
///
/// ```swift
/// let latex = LaTeXTableRenderer(caption: "Payments").render(table)
/// ```
///
/// ```text
/// \begin{longtable}{lrl}
/// \caption{Payments}\\
/// \toprule
/// Payee & Amount & Open \\
/// \midrule
/// \endfirsthead
/// …
/// \multicolumn{3}{l}{\textbf{Open}} \\
/// Acme \textbar{} Sons & 1250.00 & true \\
/// \multicolumn{3}{l}{\emph{1 payment awaits approval}} \\
/// \end{longtable}
/// ```
///
/// A whole document for pdfLaTeX loads T1 fonts, UTF-8 input and Latin Modern (vector fonts
/// whose text a PDF reader can copy); one for XeLaTeX or LuaLaTeX loads `fontspec`. A fragment
/// needs `\usepackage{array}`, `\usepackage{booktabs}` and `\usepackage{longtable}` in the
/// document that inputs it. When the columns are too wide for the line at their natural width,
/// the left-aligned ones wrap (see `LaTeXColumnPlan`), so no column runs off the page. Each section's title is a row across every column in bold and its footer one in
/// italics, with a `\midrule` between sections. A column's alignment (`l`, `r` or `c`) is the
/// same in every section: declared, or for an automatic column `r` when its first value that is
/// not empty is a number (the renderer reads ahead as the Markdown renderer does).
///
/// Every text is escaped: the ten special characters, the characters fonts would turn into
/// others (`<`, `>`, `|`, quotes, `--`, `,,`), and the brackets and star that could be read as
/// arguments; a cell with line breaks is set in a `\shortstack`. For ``Engine/pdfLaTeX`` (the
/// default) a character pdfLaTeX cannot typeset with T1 fonts, such as CJK, Cyrillic, Greek or
/// an emoji, is shown as a visible marker `[U+4E2D]` so the document still compiles;
/// ``Engine/unicode`` writes them as they are, for XeLaTeX or LuaLaTeX. Control characters are
/// always markers. Rows are written as the table is walked, so memory stays flat.
public struct LaTeXTableRenderer: TableRenderer {
  /// The TeX engine the output is for, which decides the characters written as they are.
  public enum Engine: Sendable {
    /// pdfLaTeX with T1 fonts and UTF-8 input: other characters become markers.
    case pdfLaTeX
    /// XeLaTeX or LuaLaTeX: every character but controls is written as it is.
    case unicode
  }

  /// What the renderer writes around the table.
  public enum Mode: Sendable {
    /// A whole document that compiles on its own, with the packages it needs.
    case document
    /// The `longtable` only, to `\input` into a document that loads array, booktabs and
    /// longtable.
    case fragment
  }

  /// The table's caption, or `nil` for none.
  public var caption: String?
  /// A whole document or the table only.
  public var mode: Mode
  /// The engine the output is for.
  public var engine: Engine

  /// Creates a LaTeX renderer.
  ///
  /// - Parameters:
  ///   - caption: The table's caption.
  ///   - mode: A whole document (the default) or the table only.
  ///   - engine: The engine the output is for; pdfLaTeX by default.
  public init(caption: String? = nil, mode: Mode = .document, engine: Engine = .pdfLaTeX) {
    self.caption = caption
    self.mode = mode
    self.engine = engine
  }

  /// Writes `table` as LaTeX to `output`, section by section and row by row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the LaTeX goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    if case .document = mode { output.write(Self.documentStart(engine: engine)) }
    writeTable(table, into: &output)
    if case .document = mode { output.write(Self.documentEnd) }
  }

  private var characters: LaTeXEscaping.Characters { engine.characters }

  /// Writes the `longtable` of `table`.
  private func writeTable(_ table: TableView, into output: inout OutputBuffer) {
    var layout = TableLayout(for: table)
    let columnPlacements = ColumnPlacement.placements(for: table, layout: &layout)
    let plan = LaTeXColumnPlan(placements: columnPlacements, table: table, layout: &layout)
    let placements = columnPlacements.indices.map { column in
      plan.wraps[column] ? nil : plan.specifications[column].utf8.first
    }
    let characters = self.characters
    output.write(#"\begin{longtable}{"#)
    for specification in plan.specifications { output.write(specification) }
    output.write("}\n")
    if let caption, !caption.isEmpty {
      output.write(#"\caption{"#)
      LaTeXEscaping.write(caption, characters: characters, breaksLines: false, into: &output)
      output.write("}\\\\\n")
    }
    // The header once on the first page, then again at the top of every page after it.
    for part: StaticString in [#"\endfirsthead"#, #"\endhead"#] {
      output.write("\\toprule\n")
      if layout.hasHeaderRow {
        for (index, column) in layout.columns.enumerated() {
          if index > 0 { output.write(" & ") }
          Self.writeCell(
            column.title, placement: placements[index], characters: characters, into: &output)
        }
        output.write(" \\\\\n\\midrule\n")
      }
      output.write(part)
      output.write(byte: UInt8(ascii: "\n"))
    }
    output.write("\\bottomrule\n\\endlastfoot\n")
    let columnCount = placements.count
    table.walk(
      sectionHeader: { section, title in
        if section > 0 { output.write("\\midrule\n") }
        if let title, !title.isEmpty {
          Self.writeSpanningRow(
            title, style: #"\textbf{"#, columns: columnCount, characters: characters,
            into: &output)
        }
      },
      row: { _, cell, object in
        let values = layout.textValues(of: cell, object: object)
        for (index, value) in values.enumerated() {
          if index > 0 { output.write(" & ") }
          let text =
            switch value {
            case .date(let date): date.written
            default: value.text
            }
          Self.writeCell(
            text, placement: placements[index], characters: characters, into: &output)
        }
        output.write(" \\\\\n")
      },
      sectionFooter: { _, title in
        if let title, !title.isEmpty {
          Self.writeSpanningRow(
            title, style: #"\emph{"#, columns: columnCount, characters: characters,
            into: &output)
        }
      }
    )
    output.write("\\end{longtable}\n")
  }

  /// Writes one cell's text, in a `\shortstack` when it has line breaks and its column does not
  /// wrap (`placement` is `nil` for a wrapping column, where a line break is `\newline`).
  static func writeCell(
    _ text: String, placement: UInt8?, characters: LaTeXEscaping.Characters,
    into output: inout OutputBuffer
  ) {
    guard let placement else {
      LaTeXEscaping.write(text, characters: characters, wraps: true, into: &output)
      return
    }
    guard LaTeXEscaping.hasLineBreak(text) else {
      LaTeXEscaping.write(text, characters: characters, into: &output)
      return
    }
    output.write(#"\shortstack["#)
    output.write(byte: placement)
    output.write("]{")
    LaTeXEscaping.write(text, characters: characters, into: &output)
    output.write(byte: UInt8(ascii: "}"))
  }

  /// Writes a row of one cell across every column: `\multicolumn{3}{l}{\textbf{Open}} \\`.
  private static func writeSpanningRow(
    _ text: String, style: StaticString, columns: Int, characters: LaTeXEscaping.Characters,
    into output: inout OutputBuffer
  ) {
    output.write(#"\multicolumn{"#)
    output.write(integer: max(columns, 1))
    output.write("}{l}{")
    output.write(style)
    writeCell(text, placement: UInt8(ascii: "l"), characters: characters, into: &output)
    output.write("}} \\\\\n")
  }

  /// The start of a document that compiles on its own with `engine`, up to `\begin{document}`.
  ///
  /// - Parameter engine: The engine the document is for.
  /// - Returns: The preamble and `\begin{document}`.
  package static func documentStart(engine: Engine) -> String {
    let fonts =
      switch engine {
      case .pdfLaTeX:
        "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n"
      case .unicode: "\\usepackage{fontspec}\n"
      }
    return "\\documentclass{article}\n" + fonts
      + "\\usepackage{array}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n"
      + "\\begin{document}\n"
  }

  /// The end of a document.
  package static let documentEnd = "\\end{document}\n"
}

extension LaTeXTableRenderer.Engine {
  /// The characters beyond ASCII the engine typesets as they are.
  var characters: LaTeXEscaping.Characters {
    switch self {
    case .pdfLaTeX: .pdfLaTeX
    case .unicode: .unicode
    }
  }
}
