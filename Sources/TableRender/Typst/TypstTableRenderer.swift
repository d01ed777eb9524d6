public import TableKit

/// Renders a table as a Typst document: one `#table` with a repeating header row, booktabs-style
/// rules, and each section's title and footer as rows that span every column.
///
/// ```swift
/// let typst = TypstTableRenderer(title: "Payments").render(table)
/// ```
///
/// ```text
/// #heading(level: 1, "Payments")
///
/// #table(
///   columns: 3,
///   align: (left, right, left),
///   stroke: none,
///   table.hline(),
///   table.header(strong("Payee"), strong("Amount"), strong("Open")),
///   table.hline(stroke: 0.5pt),
///   table.cell(colspan: 3, strong("Open")),
///   "Acme | Sons", "1250.00", "true",
///   table.cell(colspan: 3, emph("1 payment awaits approval")),
///   table.hline(),
/// )
/// ```
///
/// Every text (title, column titles, section titles and cells) is a Typst string literal, which
/// Typst shows as text and never reads as markup (see `TypstEscaping`): `#`, `[`, `*`, `_`,
/// `$`, `@`, `<` and `//` in the data stay characters. Numbers are written as the digits every
/// renderer writes, booleans as `true` and `false`, empty values as empty cells. A column's
/// alignment is the same in every section: declared, or for an automatic column `right` when its
/// first value that is not empty is a number, else `left` (see the Markdown renderer, which reads
/// ahead the same way). Typst breaks a long table across pages and repeats its header row on each.
///
/// Rows are written one by one as the table is walked, nothing held back, so memory stays flat
/// whatever the number of rows. A table whose data source declares no columns is shown in two
/// columns, text and detail, with no header row.
public struct TypstTableRenderer: TableRenderer {
  /// A level-one heading written above the table, or `nil` for none.
  public var title: String?

  /// Creates a Typst renderer.
  ///
  /// - Parameter title: A level-one heading written above the table.
  public init(title: String? = nil) {
    self.title = title
  }

  /// Writes `table` as a Typst document to `output`, section by section and row by row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the Typst source goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    var layout = TableLayout(for: table)
    let placements = ColumnPlacement.placements(for: table, layout: &layout)
    let columnCount = layout.columns.count
    if let title, !title.isEmpty {
      output.write("#heading(level: 1, ")
      TypstEscaping.writeLiteral(title, into: &output)
      output.write(")\n\n")
    }
    output.write("#table(\n  columns: ")
    output.write(integer: columnCount)
    output.write(",\n  align: (")
    for (index, placement) in placements.enumerated() {
      if index > 0 { output.write(", ") }
      switch placement {
      case .left, .unspecified: output.write("left")
      case .right: output.write("right")
      case .center: output.write("center")
      }
    }
    // A one-element array needs a trailing comma to be an array, not a parenthesized value.
    output.write(placements.count == 1 ? ",),\n" : "),\n")
    output.write("  stroke: none,\n  table.hline(),\n")
    if layout.hasHeaderRow {
      output.write("  table.header(")
      for (index, column) in layout.columns.enumerated() {
        if index > 0 { output.write(", ") }
        output.write("strong(")
        TypstEscaping.writeLiteral(column.title, into: &output)
        output.write(byte: UInt8(ascii: ")"))
      }
      output.write("),\n  table.hline(stroke: 0.5pt),\n")
    }
    table.walk(
      sectionHeader: { section, title in
        if section > 0 { output.write("  table.hline(stroke: 0.5pt),\n") }
        if let title, !title.isEmpty {
          Self.writeSpanningRow(title, style: "strong", columns: columnCount, into: &output)
        }
      },
      row: { _, cell, object in
        let values = layout.textValues(of: cell, object: object)
        output.write("  ")
        for (index, value) in values.enumerated() {
          if index > 0 { output.write(", ") }
          Self.writeValue(value, into: &output)
        }
        output.write(",\n")
      },
      sectionFooter: { _, title in
        if let title, !title.isEmpty {
          Self.writeSpanningRow(title, style: "emph", columns: columnCount, into: &output)
        }
      }
    )
    output.write("  table.hline(),\n)\n")
  }

  /// Writes a row of one cell across every column: `table.cell(colspan: 3, strong("Open")),`.
  private static func writeSpanningRow(
    _ text: String, style: StaticString, columns: Int, into output: inout OutputBuffer
  ) {
    output.write("  table.cell(colspan: ")
    output.write(integer: max(columns, 1))
    output.write(", ")
    output.write(style)
    output.write(byte: UInt8(ascii: "("))
    TypstEscaping.writeLiteral(text, into: &output)
    output.write(")),\n")
  }

  /// Writes one cell: text as a string literal, a number as its digits in quotes, an empty value
  /// as an empty content block.
  static func writeValue(_ value: CellValue, into output: inout OutputBuffer) {
    switch value {
    case .text(let text): TypstEscaping.writeLiteral(text, into: &output)
    case .date(let date): TypstEscaping.writeLiteral(date.written, into: &output)
    case .empty: output.write("[]")
    case .integer, .decimal, .exactDecimal, .money, .percent, .boolean:
      // Digits, a sign, a point, letters, a space and `%`: nothing a literal escapes.
      output.write(byte: UInt8(ascii: "\""))
      output.write(value)
      output.write(byte: UInt8(ascii: "\""))
    }
  }
}
