import TableKit
import TableRender
import Testing

/// U+2028 and U+2029 end lines like LF; the bidirectional marks LRM, RLM and ALM are shown
/// visibly like the overrides; neither ever reaches the terminal as it is.
@Suite struct TextSeparatorAndBidiMarkTests {
  private static let separators: [Unicode.Scalar] = ["\u{2028}", "\u{2029}"]
  private static let marks: [Unicode.Scalar] = ["\u{200E}", "\u{200F}", "\u{061C}"]

  private func table(_ rows: [[CellValue]], columns: [String]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: rows.map { Cell("", values: $0) }, columns: columns.map { ColumnDefinition($0) }))
  }

  @Test func lineAndParagraphSeparatorsBreakLinesLikeLineFeeds() {
    let text = TextTableRenderer().render(
      table([[.text("one\u{2028}two\u{2029}three\nfour")]], columns: [""]))
    #expect(text == "  one\n  two\n  three\n  four\n")
  }

  @Test func separatorsMakeAMultiLineCellThatKeepsTheBoxAligned() {
    let text = TextTableRenderer(style: .grid).render(
      table([[.text("left\u{2028}l2"), .text("right\u{2029}r2\u{2029}r3")]], columns: ["a", "b"]))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("| left | right |"))
    #expect(lines.contains("| l2   | r2    |"))
    #expect(lines.contains("|      | r3    |"))
    #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(text)")
  }

  @Test func bidiMarksAreShownVisibly() {
    let text = TextTableRenderer().render(
      table([[.text("a\u{200E}b\u{200F}c\u{061C}d")]], columns: [""]))
    #expect(text == "  a\\u{200E}b\\u{200F}c\\u{61C}d\n")
  }

  /// Where a line cannot be broken (the escaper on its own), a separator is shown, not emitted.
  @Test func theEscaperShowsSeparatorsAndMarks() {
    #expect(TerminalEscaping.escape("x\u{2028}y\u{2029}z") == "x\\u{2028}y\\u{2029}z")
    #expect(TerminalEscaping.escape("\u{200E}\u{200F}\u{61C}") == "\\u{200E}\\u{200F}\\u{61C}")
    for scalar in Self.separators + Self.marks {
      #expect(TerminalMeasure.of("abc" + String(scalar)) == .needsEscaping)
      #expect(!TerminalMeasure.fits(String(scalar), within: 100))
    }
  }

  /// Right-to-left text without marks is printed as it is: only the marks are shown.
  @Test func rightToLeftTextWithoutMarksIsUnchanged() {
    let hebrew = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"
    let arabic = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"
    let text = TextTableRenderer().render(
      table([[.text(hebrew), .text(arabic)]], columns: ["", ""]))
    #expect(text == "  \(hebrew)  \(arabic)\n")
  }

  /// In every style and in every place text goes (title, header, section title, row, footer),
  /// on one line or several, no separator or mark is written as it is.
  @Test(arguments: TextTableStyleSnapshotTests.styles.map(\.0))
  func neverEmitsSeparatorsOrMarks(style: String) throws {
    let textStyle = try #require(TextTableStyleSnapshotTests.styles.first { $0.0 == style }?.1)
    let hostile = "a\u{2028}b\u{2029}c\u{200E}d\u{200F}e\u{061C}f\r\u{2028}g"
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          hostile, footer: hostile,
          items: [Cell("", values: [.text(hostile), .text("\u{200F}x")])])
      ],
      columns: [ColumnDefinition(hostile), ColumnDefinition("n")])
    for overflow in [TextOverflow.truncate, .wrap] {
      for maximumWidth in [nil, 12] {
        let renderer = TextTableRenderer(
          title: hostile, style: textStyle,
          maximumWidth: maximumWidth, overflow: overflow)
        let text = renderer.render(TableView(dataSource: dataSource))
        let raw = text.unicodeScalars.filter { (Self.separators + Self.marks).contains($0) }
        #expect(raw.isEmpty, "\(style) \(overflow): \(raw.map(\.value))")
      }
    }
  }
}
