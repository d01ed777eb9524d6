import TableKit
import TableRender
import Testing

/// Extreme settings and sizes: the text renderer must finish, never trap, and lose nothing.
@Suite struct TextLimitsTests {
  private func table(_ rows: [[CellValue]], columns: [String]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: rows.map { Cell("", values: $0) }, columns: columns.map { ColumnDefinition($0) }))
  }

  @Test func fittingHugeWidthsIsQuick() {
    // Tied huge columns used to shrink one column at a time.
    let fitted = WidthFitting.fit([1 << 34, 1 << 34, 3], minimums: [1, 1, 3], available: 80)
    #expect(fitted == [39, 38, 3])
    #expect(
      WidthFitting.fit([Int.max / 2, Int.max / 2], minimums: [1, 1], available: 10) == [5, 5])
  }

  @Test func extremeSettingsNeitherTrapNorHang() {
    let sample = table([[.text("a\tb"), .integer(1)]], columns: ["x", "y"])
    var gapless = TextTableStyle.plain
    gapless.gap = Int.max
    gapless.indent = Int.max
    var renderers = [
      TextTableRenderer(maximumWidth: Int.min),
      TextTableRenderer(maximumWidth: Int.max),
      TextTableRenderer(style: .grid, sizing: .fixed([Int.max, -5])),
      TextTableRenderer(style: gapless, maximumWidth: 30),
      TextTableRenderer(tabWidth: Int.max),
      TextTableRenderer(sizing: .measureFirstRows(-1)),
    ]
    var zeroTab = TextTableRenderer()
    zeroTab.tabWidth = 0
    renderers.append(zeroTab)
    for renderer in renderers {
      #expect(!renderer.render(sample).isEmpty)
    }
    // A tab width outside 1...64 is taken as the nearest end, never dropping the tab.
    #expect(zeroTab.render(table([[.text("a\tb")]], columns: [""])) == "  a b\n")
  }

  /// Wrapping never lets a character stick out of its column: one wider than the column (an
  /// emoji in a column one wide, a wide footer in a narrow table) is shown as `…` (found by the
  /// renderers fuzz harness).
  @Test(arguments: [TextTableStyle.grid, .double, .rounded])
  func wrappingKeepsWideCharactersInsideTheBox(style: TextTableStyle) {
    let rows = [[CellValue.text("😀")], [.text("a😀b")], [.text("漢字")]]
    let text = TextTableRenderer(style: style, overflow: .wrap, sizing: .fixed([1])).render(
      table(rows, columns: ["A"]))
    let widths = Set(text.split(separator: "\n").map { DisplayWidth.of(String($0)) })
    #expect(widths.count == 1, "\(text)")
    #expect(text.contains("…"))
  }

  /// A fixed width is clamped to `ColumnSizing.widestFixedColumn`: `Int.max` once built an
  /// 18.9 MB string for a 16-row table.
  @Test func aHugeFixedWidthIsClampedAsDocumented() {
    let rows = (0..<16).map { [CellValue.text("row \($0)")] }
    let text = TextTableRenderer(style: .grid, sizing: .fixed([Int.max])).render(
      table(rows, columns: ["a"]))
    let lines = text.split(separator: "\n")
    // "| " + the column + " | " + the accessory column (always drawn with fixed widths) + " |"
    #expect(Set(lines.map(\.count)) == [2 + ColumnSizing.widestFixedColumn + 3 + 1 + 2])
    #expect(text.utf8.count < 16 * 2 * 4_200)
  }

  /// A line longer than the output buffer's block cannot be stored in one piece; it is drawn
  /// piece by piece, the same as any other line.
  @Test func aLineLongerThanTheOutputBlockIsDrawnWhole() {
    let long = String(repeating: "abcdefgh", count: 10_000)
    let text = TextTableRenderer(style: .grid).render(
      table([[.text(long), .integer(7)], [.text("short"), .integer(42)]], columns: ["a", "n"]))
    let lines = text.split(separator: "\n")
    let pad = String(repeating: " ", count: long.count - 5)
    #expect(lines.contains { $0 == "| \(long) |  7 |" })
    #expect(lines.contains { $0 == "| short\(pad) | 42 |" })
  }

  /// A vertical line of up to four UTF-8 bytes is stored as one word, a longer one byte by
  /// byte; both draw the same lines.
  @Test(arguments: ["|", "│", "𝄞", "❤️"])
  func verticalLinesOfAnyLengthAreDrawnWhole(vertical: Character) {
    var style = TextTableStyle.grid
    style.box?.vertical = vertical
    let text = TextTableRenderer(style: style).render(
      table([[.text("a"), .integer(1)], [.text("bc"), .integer(22)]], columns: ["x", "y"]))
    let lines = text.split(separator: "\n").map(String.init)
    let v = String(vertical)
    #expect(lines.contains("\(v) a  \(v)  1 \(v)"))
    #expect(lines.contains("\(v) bc \(v) 22 \(v)"))
  }

  /// A row is stored in place value by value; when a later value needs escaping, the part
  /// already stored is dropped and the row is drawn the general way, once.
  @Test func aRowGivenUpHalfwayIsDrawnOnceTheGeneralWay() {
    let text = TextTableRenderer(style: .grid).render(
      table(
        [
          [.text("plain"), .integer(1), .text("a\u{1B}b")],
          [.text("next"), .integer(2), .text("c")],
        ],
        columns: ["x", "n", "y"]))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains("plain") } == ["| plain | 1 | a^[b |"])
    #expect(lines.contains("| next  | 2 | c    |"))
  }

  @Test func numbersWiderThanAGivenColumnAreCutNotSpilled() {
    let text = TextTableRenderer(style: .grid, sizing: .fixed([4])).render(
      table([[.integer(123_456_789)]], columns: ["n"]))
    #expect(text.contains("| 123… |"))
    let widths = Set(text.split(separator: "\n").map { DisplayWidth.of(String($0)) })
    #expect(widths.count == 1)
  }

  @Test func aSampleNeverHidesLaterValuesOrMarks() {
    let dataSource = SectionedDataSource<Any>(items: [
      Cell("a"), Cell("b", detail: "secret data", accessory: .checkmark),
    ])
    // The detail column was empty in the sample: it is kept (one column wide), so the later text
    // shows as a cut mark instead of vanishing, and the later checkmark still has its column.
    let text = TextTableRenderer(sizing: .measureFirstRows(1)).render(
      TableView(dataSource: dataSource))
    #expect(text == "  a\n  b  …  ✓\n")
    let nothingMeasured = TextTableRenderer(sizing: .measureFirstRows(0)).render(
      TableView(dataSource: SectionedDataSource<Any>(items: [Cell("visible")])))
    #expect(nothingMeasured == "  …\n")
  }

  @Test func wrappingWideCharactersKeepsEveryLineWithinTheLimit() {
    // Borders take 7 columns of 10: the text column keeps 2, room for one wide character.
    let text = TextTableRenderer(style: .grid, maximumWidth: 10, overflow: .wrap).render(
      table([[.text("日本語テキスト"), .text("a")]], columns: ["", ""]))
    for line in text.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) == 10, "\(line)")
    }
    #expect(text.contains("| 日 |"))
  }

  @Test func wrappingALeadingSpaceMakesNoBlankLine() {
    #expect(TextFitting.wrap(" abcdef", to: 4) == [" abc", "def"])
  }

  @Test func aBoxWithNothingVisibleStillHasAShape() {
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection("Section title", items: [Cell("", values: [.empty])])],
      columns: [ColumnDefinition("")])
    let text = TextTableRenderer(style: .grid).render(TableView(dataSource: dataSource))
    let widths = Set(text.split(separator: "\n").map { DisplayWidth.of(String($0)) })
    #expect(widths.count == 1, "\(text)")
    #expect(text.contains("Section title") || text.contains("…"))
  }
}
