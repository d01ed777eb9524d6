public import TableKit

/// Renders a table as GitHub-Flavoured Markdown: one pipe table per section.
///
/// GFM tables have no row groups, so each section becomes its own block: its header title as a
/// bold paragraph, a pipe table that repeats the header row, and its footer title as an
/// emphasised paragraph after the table. A ``title`` becomes a level-one heading. Blocks are
/// separated by blank lines. Status rows (loading, empty, failure, load more) are rows like any
/// other, so a reader sees how loading stands.
///
/// ```swift
/// let markdown = MarkdownTableRenderer(title: "Payments").render(table)
/// ```
///
/// ```text
/// # Payments
///
/// **Open**
///
/// | Payee | Amount | Open |
/// | --- | ---: | --- |
/// | Acme \| Sons | 1250.00 | true |
///
/// *1 payment awaits approval*
///
/// **Settled**
///
/// | Payee | Amount | Open |
/// | --- | ---: | --- |
/// | \*Blue\* | 0.07 | false |
/// ```
///
/// Every text (title, column titles, section titles and cells) is escaped so that a GFM parser
/// such as GitHub's reads back exactly one row per record, one cell per column and the same
/// text, never markup:
///
/// - Markdown and HTML syntax is escaped (`\|`, `\*`, `&lt;`, …) and autolinks are broken up
///   (`https\://`, `www\.`, and an empty comment `<!-- -->` before the `@` of an e-mail
///   address), so text never becomes emphasis, code, a link, an image or a tag.
/// - Line breaks (LF, CRLF or CR) become `<br>`, inline HTML that GitHub keeps; a viewer that
///   drops all raw HTML shows no break there.
/// - Control characters never reach the output raw: NUL becomes `&#xFFFD;`, and the other C0
///   controls (tab included), DEL, C1 controls and bidirectional overrides and isolates become
///   numeric character references such as `&#x1B;`, which decode to the same character.
/// - Leading and trailing whitespace, which GFM would trim, becomes references such as `&#x20;`.
///   An empty text gives an empty cell.
///
/// Numbers are written as digits, booleans as `true` and `false`, and empty values as empty
/// cells. A column's alignment becomes its delimiter, the same in every section: `:---` for
/// left, `---:` for right and `:---:` for centre. An automatic column is right-aligned (`---:`)
/// when the first value it holds that is not empty, reading the table from its first row across
/// sections, is a number, and has a plain `---` otherwise. So a section that starts with a memo
/// row (no amount) keeps its amount column right-aligned. To find that value the renderer reads
/// ahead, one row at a time, at most the first 1,000 rows (a column empty in all of them gets
/// `---`); declare `.right` to decide it without reading ahead.
///
/// GFM requires a header row. A table whose data source declares no columns is shown in two
/// columns, text and detail, under a header row of empty cells, so the section title stays in
/// its own paragraph as in every other section. An empty or missing section title or footer
/// writes no paragraph; a section without rows still gets its header and delimiter rows.
///
/// Text comes from each object's ``TextRepresentable`` values when its type has them, else from
/// its cell. Rows are written one by one as the table is walked, nothing held back: a section's
/// header and delimiter rows are written when its first row arrives. GitHub's own additions to
/// GFM, such as `@mentions`, `#123` issue links and `:emoji:` shortcodes, are outside the GFM
/// specification and are not prevented.
public struct MarkdownTableRenderer: TableRenderer {
  /// A level-one heading written above the first section, or `nil` for none.
  public var title: String?

  /// Creates a GitHub-Flavoured Markdown renderer.
  ///
  /// - Parameter title: A level-one heading written above the first section.
  public init(title: String? = nil) {
    self.title = title
  }

  /// Writes `table` as Markdown to `output`, section by section and row by row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the Markdown goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    var layout = TableLayout(for: table)
    let delimiters = Self.delimiters(for: table, layout: &layout)
    var writer = BlockWriter()
    if let title, !title.isEmpty {
      writer.startBlock(in: &output)
      output.write("# ")
      MarkdownEscaping.write(title, into: &output)
      output.write(byte: UInt8(ascii: "\n"))
    }
    var needsHeaderRow = false
    // A section's header rows wait for its first row, or its end when it has none.
    func writeHeaderRowsIfNeeded() {
      guard needsHeaderRow else { return }
      writer.startBlock(in: &output)
      Self.writeHeaderRows(layout: layout, delimiters: delimiters, into: &output)
      needsHeaderRow = false
    }
    table.walk(
      sectionHeader: { _, title in
        if let title, !title.isEmpty {
          writer.startBlock(in: &output)
          output.write("**")
          MarkdownEscaping.write(title, into: &output)
          output.write("**\n")
        }
        needsHeaderRow = true
      },
      row: { _, cell, object in
        let values = layout.textValues(of: cell, object: object)
        writeHeaderRowsIfNeeded()
        values.withUnsafeBufferPointer { values in
          Self.writeRow(values, into: &output)
        }
      },
      sectionFooter: { _, title in
        writeHeaderRowsIfNeeded()
        if let title, !title.isEmpty {
          writer.startBlock(in: &output)
          output.write(byte: UInt8(ascii: "*"))
          MarkdownEscaping.write(title, into: &output)
          output.write("*\n")
        }
      },
      parallelRows: { source, firstRow in
        writeHeaderRowsIfNeeded()
        return source.consume(rowsFrom: firstRow, with: RowWriter(), into: &output)?.count
      }
    )
  }

  /// Separates Markdown blocks with one blank line.
  private struct BlockWriter {
    private var hasWrittenBlock = false

    /// Writes the blank line that must come before every block but the first.
    mutating func startBlock(in output: inout OutputBuffer) {
      if hasWrittenBlock { output.write(byte: UInt8(ascii: "\n")) }
      hasWrittenBlock = true
    }
  }

  /// Writes the header row (empty cells when no columns were declared) and the delimiter row,
  /// whose cells ``delimiters(for:layout:)`` decided for the whole table.
  private static func writeHeaderRows(
    layout: TableLayout,
    delimiters: [StaticString],
    into output: inout OutputBuffer
  ) {
    output.write(byte: UInt8(ascii: "|"))
    for column in layout.columns {
      output.write(byte: UInt8(ascii: " "))
      if layout.hasHeaderRow { MarkdownEscaping.write(column.title, into: &output) }
      output.write(" |" as StaticString)
    }
    output.write(byte: UInt8(ascii: "\n"))
    output.write(byte: UInt8(ascii: "|"))
    for delimiter in delimiters { output.write(delimiter) }
    output.write(byte: UInt8(ascii: "\n"))
  }

  /// Writes money and percentages as their plain text and a date as its written text, escaped:
  /// out of line, so plain rows carry none of this code.
  @inline(never)
  private static func writeTyped(_ value: CellValue, into output: inout OutputBuffer) {
    if case .date(let date) = value {
      MarkdownEscaping.write(date.written, into: &output)
    } else {
      output.write(value)
    }
  }

  /// Writes one body row: `| a | b |`.
  static func writeRow(
    _ values: UnsafeBufferPointer<CellValue>,
    into output: inout OutputBuffer
  ) {
    output.write(byte: UInt8(ascii: "|"))
    for index in values.indices {
      output.write(byte: UInt8(ascii: " "))
      // The value is read in place in each arm, not copied once for all of them: a copy is
      // released after the switch whatever its case, and with money, percentages and dates in
      // the enum that release is no longer folded away for the cases that hold no text.
      switch values[index] {
      case .text(let text): MarkdownEscaping.write(text, into: &output)
      case .integer, .decimal, .exactDecimal, .boolean, .empty: output.write(values[index])
      case .money, .percent, .date: writeTyped(values[index], into: &output)
      }
      output.write(" |" as StaticString)
    }
    output.write(byte: UInt8(ascii: "\n"))
  }
}
