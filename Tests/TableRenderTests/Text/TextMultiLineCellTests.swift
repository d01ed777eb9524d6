import TableKit
import TableRender
import Testing

/// A cell with line breaks is drawn line by line from its text, read once.
///
/// Lines are read one at a time, with nothing kept per line. These tests count the work (bytes read per line given) instead of
/// timing it, so a quadratic or all-at-once path fails them on any machine.
@Suite struct TextMultiLineCellTests {
  private func table(_ rows: [[CellValue]], columns: [String]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: rows.map { Cell("", values: $0) }, columns: columns.map { ColumnDefinition($0) }))
  }

  /// The lines of `text` split the way the renderer documents (LF, CRLF, U+2028, U+2029),
  /// worked out from grapheme clusters: a slow reference for the byte reader.
  private static func referenceLines(of text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for character in text {
      if ["\n", "\r\n", "\u{2028}", "\u{2029}"].contains(character) {
        lines.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    lines.append(current)
    return lines
  }

  @Test func theLineReaderSplitsWhereTheRenderersRuleSays() {
    let pool: [String] = [
      "a", "é", "日", "\r", "\n", "\r\n", "\u{2028}", "\u{2029}", "\u{2027}", "\t",
    ]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for _ in 0..<5_000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for index in 0..<Int(state >> 60) {
        text += pool[Int((state >> UInt64(4 * index % 56)) & 0xFF) % pool.count]
      }
      var reader = TextLineReader(text)
      var lines: [String] = []
      while let line = reader.next({ String(decoding: $0, as: UTF8.self) }) { lines.append(line) }
      #expect(lines == Self.referenceLines(of: text), "\(Array(text.unicodeScalars))")
      #expect(reader.consumedBytes == text.utf8.count)
    }
  }

  /// A value with line breaks is kept as the very string it was given (same storage), not
  /// split into an array of lines up front.
  @Test func aMultiLineValueKeepsItsTextUnsplit() throws {
    let text = String(repeating: "line\n", count: 10_000)
    guard case .lines(let kept, let tabWidth) = TextField(text: text, tabWidth: 4) else {
      Issue.record("a text with line breaks should be a .lines field")
      return
    }
    #expect(tabWidth == 4)
    let original = text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    let stored = kept.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(original != nil && original == stored)
  }

  /// Each fitted line reads exactly one more source line: the bytes read after the k-th line
  /// given end at the k-th break, and the whole text is read once in all.
  @Test(arguments: [TextOverflow.truncate, .wrap])
  func linesAreReadOnceAndOneAtATime(overflow: TextOverflow) {
    let sourceLines = (0..<20_000).map { "value \($0)\t!" }
    let breaks = ["\n", "\r\n", "\u{2028}", "\u{2029}"]
    var text = ""
    var ends: [Int] = []
    for (index, line) in sourceLines.enumerated() {
      text += line
      if index < sourceLines.count - 1 { text += breaks[index % breaks.count] }
      ends.append(text.utf8.count)
    }
    // Wide enough for every line: one fitted line per source line.
    var lines = FittedLines(.lines(text, tabWidth: 4), width: 40, overflow: overflow)
    var given = 0
    while let line = lines.next() {
      #expect(lines.consumedBytes == ends[given], "line \(given)")
      if case .line(let shown, _) = line {
        #expect(shown == TerminalEscaping.escape(sourceLines[given], tabWidth: 4))
      }
      given += 1
    }
    #expect(given == sourceLines.count)
    #expect(lines.consumedBytes == text.utf8.count)
  }

  /// Wrapping a source line gives several lines before the next source line is read.
  @Test func wrappedLinesComeFromOneSourceLineAtATime() {
    var lines = FittedLines(.lines("abcdefgh\nij", tabWidth: 4), width: 3, overflow: .wrap)
    var seen: [String] = []
    var consumed: [Int] = []
    while case .line(let text, _)? = lines.next() {
      seen.append(text)
      consumed.append(lines.consumedBytes)
    }
    #expect(seen == ["abc", "def", "gh", "ij"])
    #expect(consumed == [9, 9, 9, 11])
  }

  /// A cell of many lines beside a short one: every line drawn, in order, boxed and aligned.
  @Test func aCellOfManyLinesIsDrawnInFullBesideAShortOne() {
    let count = 50_000
    let long = (0..<count).map { "l\($0)" }.joined(separator: "\n")
    let text = TextTableRenderer(style: .grid).render(
      table(
        [[.text(long), .text("a\u{2028}b")], [.text("end"), .text("z")]], columns: ["x", "y"]))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    // Top, header, rule, the cell's lines, the next row, bottom.
    #expect(lines.count == 3 + count + 2)
    #expect(lines[3] == "| l0     | a |")
    #expect(lines[4] == "| l1     | b |")
    #expect(lines[5] == "| l2     |   |")
    #expect(lines[3 + count - 1] == "| l49999 |   |")
    #expect(lines[3 + count] == "| end    | z |")
    #expect(Set(lines.map(\.count)).count == 1)
  }

  /// Section titles and footers with many lines go the same way.
  @Test func manyLineSectionTitlesAreDrawnLineByLine() {
    let title = (0..<1_000).map { "t\($0)" }.joined(separator: "\u{2029}")
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection(title, footer: title, items: [Cell("row")])])
    let text = TextTableRenderer(style: .grid).render(TableView(dataSource: dataSource))
    let lines = text.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("| t") }.count == 2_000)
    #expect(Set(lines.map { DisplayWidth.of(String($0)) }).count == 1)
  }
}
