import TableKit
import TableKitReports

/// The columns of a text report: their widths and alignments, found by measuring, and the lines
/// drawn with them.
struct TextReportGrid {
  let layout: ReportLayout
  let tabWidth: Int
  private(set) var widths: [Int]
  /// Whether every data value of a column seen so far is a number (its label then stands right).
  private var numeric: [Bool]
  private static let gap = "  "

  init(layout: ReportLayout, tabWidth: Int) {
    self.layout = layout
    self.tabWidth = tabWidth
    widths = Array(repeating: 0, count: layout.columnCount)
    numeric = Array(repeating: true, count: layout.columnCount)
    for row in layout.headerRows {
      for cell in row where cell.columns.count == 1 {
        widths[cell.columns.lowerBound] = max(
          widths[cell.columns.lowerBound], DisplayWidth.of(field(cell.label, marks: cell.marks)))
      }
    }
  }

  /// `marks` as a text report writes them: digits as superscripts, several joined by commas.
  static func markText(_ marks: [String]) -> String {
    let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return marks.map { mark in
      guard mark.allSatisfy(\.isASCII), mark.allSatisfy(\.isNumber) else { return mark }
      return String(mark.compactMap { $0.wholeNumberValue.map { superscripts[$0] } })
    }.joined(separator: ",")
  }

  /// `text` made safe for a terminal, followed by its marks.
  func field(_ text: String, marks: [String]) -> String {
    TerminalEscaping.escape(text, tabWidth: tabWidth) + Self.markText(marks)
  }

  /// Widens the columns for one part's cells.
  mutating func measure(_ part: ReportPart) {
    switch part {
    case .row(_, let cells):
      for (column, cell) in cells.enumerated() {
        widths[column] = max(widths[column], DisplayWidth.of(field(cell.text, marks: cell.marks)))
        if !cell.isNumeric, !cell.text.isEmpty { numeric[column] = false }
      }
    case .summary(let summary):
      for (column, cell) in summary.cells.enumerated() {
        widths[column] = max(widths[column], DisplayWidth.of(field(cell.text, marks: cell.marks)))
      }
    case .groupStart, .groupEnd:
      break
    }
  }

  /// Widens the last column under each spanner whose label is wider than its columns.
  mutating func fitSpanners() {
    for row in layout.headerRows.dropLast() {
      for cell in row where cell.isSpanner {
        let label = DisplayWidth.of(field(cell.label, marks: cell.marks))
        let room = span(cell.columns)
        if label > room { widths[cell.columns.upperBound - 1] += label - room }
      }
    }
  }

  private func span(_ columns: Range<Int>) -> Int {
    columns.reduce(0) { $0 + widths[$1] } + Self.gap.count * (columns.count - 1)
  }

  /// Writes `line` with its trailing spaces removed and a line feed.
  func writeLine(_ line: String, into output: inout OutputBuffer) {
    var line = line
    while line.last == " " { line.removeLast() }
    output.write(line)
    output.write("\n")
  }

  private static func padded(_ text: String, to width: Int, right: Bool) -> String {
    let room = max(width - DisplayWidth.of(text), 0)
    let spaces = String(repeating: " ", count: room)
    return right ? spaces + text : text + spaces
  }

  /// The spanner rows, each with its rule, then the column labels and their rule.
  func writeHeader(into output: inout OutputBuffer) {
    for row in layout.headerRows.dropLast() {
      var labels: [String] = []
      var rules: [String] = []
      for cell in row {
        let width = span(cell.columns)
        let text = field(cell.label, marks: cell.marks)
        let room = max(width - DisplayWidth.of(text), 0)
        labels.append(
          String(repeating: " ", count: room / 2) + text
            + String(repeating: " ", count: room - room / 2))
        rules.append(String(repeating: cell.isSpanner ? "─" : " ", count: width))
      }
      writeLine(labels.joined(separator: Self.gap), into: &output)
      writeLine(rules.joined(separator: Self.gap), into: &output)
    }
    if let labels = layout.headerRows.last {
      writeLine(
        labels.enumerated().map { column, cell in
          Self.padded(
            field(cell.label, marks: cell.marks), to: widths[column], right: numeric[column])
        }.joined(separator: Self.gap), into: &output)
    }
    writeRule("─", into: &output)
  }

  private func writeRule(_ character: Character, into output: inout OutputBuffer) {
    writeLine(
      widths.map { String(repeating: character, count: $0) }.joined(separator: Self.gap),
      into: &output)
  }

  private func writeCells(_ cells: [ReportCell], into output: inout OutputBuffer) {
    writeLine(
      cells.enumerated().map { column, cell in
        Self.padded(field(cell.text, marks: cell.marks), to: widths[column], right: cell.isNumeric)
      }.joined(separator: Self.gap), into: &output)
  }

  /// Draws one part.
  func draw(_ part: ReportPart, into output: inout OutputBuffer) {
    switch part {
    case .groupStart(let group):
      if let label = group.label, !label.isEmpty || !group.marks.isEmpty {
        writeLine(field(label, marks: group.marks), into: &output)
      }
    case .row(_, let cells):
      writeCells(cells, into: &output)
    case .summary(let summary):
      let rule: Character = summary.scope == .grand ? "═" : "─"
      if summary.placement == .bottom { writeRule(rule, into: &output) }
      writeCells(summary.cells, into: &output)
      if summary.placement == .top { writeRule(rule, into: &output) }
    case .groupEnd:
      break
    }
  }
}
