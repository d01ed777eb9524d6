public import TableKit

/// Renders a table as aligned plain text for a terminal or a log.
///
/// Columns are padded to their widest value, numbers line up to the right, section headers stand
/// on their own line, and rows that lead deeper end with `›`. Control characters in the data are
/// shown visibly (`^[`, `\u{202E}`), never emitted.
///
/// ```swift
/// print(TextTableRenderer(title: "Ada Lovelace").render(table), terminator: "")
/// ```
///
/// ```text
/// Ada Lovelace
///
/// Phone
///   +44 20 7946 0018  work
///   +44 7700 900123   mobile  ›
/// ```
///
/// Aligning needs every width before the first line, so this renderer reads all rows once before
/// writing; its memory grows with the table.
public struct TextTableRenderer: TableRenderer {
  /// A line printed above the table, or `nil` for none.
  public var title: String?

  /// Creates a text renderer.
  ///
  /// - Parameter title: A line printed above the table.
  public init(title: String? = nil) {
    self.title = title
  }

  /// Writes `table` as aligned text to `output`.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the text goes.
  public func render<Sink: ByteSink>(_ table: Table, into output: inout OutputBuffer<Sink>) {
    let layout = TableLayout(for: table)
    var lines: [TextLine] = []
    var numericColumns = [Bool](repeating: false, count: layout.columns.count)
    table.walk { step in
      switch step {
      case .sectionHeader(_, let title?):
        lines.append(.sectionHeader(TerminalEscaping.escape(title)))
      case .sectionFooter(_, let title?):
        lines.append(.sectionFooter(TerminalEscaping.escape(title)))
      case .row(_, let cell, _):
        let values = layout.values(of: cell)
        var right: [Bool] = []
        right.reserveCapacity(values.count)
        for (column, value) in values.enumerated() {
          right.append(layout.isRightAligned(column: column, value: value))
          if value.isNumeric { numericColumns[column] = true }
        }
        let texts = values.map { TerminalEscaping.escape($0.text) }
        lines.append(.row(texts: texts, rightAligned: right, marker: Self.marker(cell.accessory)))
      case .sectionHeader, .sectionFooter:
        break
      }
    }
    var header: [String] = []
    var headerRightAligned: [Bool] = []
    if layout.hasHeaderRow {
      header = layout.columns.map { TerminalEscaping.escape($0.title) }
      headerRightAligned = layout.columns.indices.map { column in
        let alignment = layout.columns[column].alignment
        return alignment == .right || (alignment == .automatic && numericColumns[column])
      }
    }
    let widths = Self.columnWidths(of: lines, header: header, count: layout.columns.count)
    if let title {
      output.write(TerminalEscaping.escape(title))
      output.write("\n\n")
    }
    if layout.hasHeaderRow {
      output.write(
        Self.format(header, widths: widths, rightAligned: headerRightAligned, marker: ""))
      output.write("\n")
      let rules = widths.filter { $0 > 0 }.map { String(repeating: "-", count: $0) }
      output.write(Self.indent + rules.joined(separator: Self.gap) + "\n")
    }
    var wroteRow = false
    for line in lines {
      switch line {
      case .sectionHeader(let text):
        if wroteRow { output.write("\n") }
        output.write(text)
      case .sectionFooter(let text):
        output.write(Self.indent + text)
      case .row(let texts, let rightAligned, let marker):
        output.write(Self.format(texts, widths: widths, rightAligned: rightAligned, marker: marker))
        wroteRow = true
      }
      output.write("\n")
    }
  }

  private static let indent = "  "
  private static let gap = "  "

  private enum TextLine {
    case sectionHeader(String)
    case sectionFooter(String)
    case row(texts: [String], rightAligned: [Bool], marker: String)
  }

  /// The widest text of each column; a column empty in every row gets width 0 and is left out.
  private static func columnWidths(of lines: [TextLine], header: [String], count: Int) -> [Int] {
    var widths = [Int](repeating: 0, count: count)
    for case .row(let texts, _, _) in lines {
      for (column, text) in texts.enumerated() { widths[column] = max(widths[column], text.count) }
    }
    for (column, title) in header.enumerated() { widths[column] = max(widths[column], title.count) }
    return widths
  }

  private static func format(
    _ texts: [String],
    widths: [Int],
    rightAligned: [Bool],
    marker: String
  ) -> String {
    var fields: [String] = []
    for (column, text) in texts.enumerated() where widths[column] > 0 {
      let padding = String(repeating: " ", count: widths[column] - text.count)
      fields.append(rightAligned[column] ? padding + text : text + padding)
    }
    var line = indent + fields.joined(separator: gap)
    if !marker.isEmpty { line += gap + marker }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The mark shown after a row for its accessory.
  static func marker(_ accessory: CellAccessory) -> String {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: "›"
    case .checkmark: "✓"
    case .detailButton: "ⓘ"
    }
  }
}
