import TableKit
import TableRender
import Testing

/// Widths that terminals draw and boxes that stay aligned: VS16 and skin tone modifiers after
/// characters that are not emoji, and columns that hold only zero-width text.
@Suite struct TextWidthRulesTests {
  private func table(_ rows: [[CellValue]], columns: [String]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: rows.map { Cell("", values: $0) }, columns: columns.map { ColumnDefinition($0) }))
  }

  @Test func theEmojiVariationSelectorWidensOnlyAnEmoji() {
    #expect(DisplayWidth.of(" \u{FE0F}") == 1)
    #expect(DisplayWidth.of("a\u{FE0F}") == 1)
    #expect(DisplayWidth.of("+\u{FE0F}") == 1)
    #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 2)
    #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)
    #expect(DisplayWidth.of("\u{A9}\u{FE0F}") == 2)
  }

  @Test func aSkinToneWithoutAModifierBaseIsASwatchOfItsOwn() {
    #expect(DisplayWidth.of(" \u{1F3FB}") == 3)
    #expect(DisplayWidth.of("a\u{1F3FB}") == 3)
    #expect(DisplayWidth.of("\u{65E5}\u{1F3FB}") == 4)
    #expect(DisplayWidth.of("\u{1F3FB}") == 2)
    // On an emoji modifier base it is one emoji, also on a text-default base (a recorded
    // difference from wcwidth, which gives 1).
    #expect(DisplayWidth.of("\u{1F44D}\u{1F3FD}") == 2)
    #expect(DisplayWidth.of("\u{1F590}\u{1F3FB}") == 2)
  }

  /// Every line of a box is as wide as the others with these values in it.
  @Test(arguments: [
    " \u{FE0F}", " \u{1F3FB}", "x\u{1F3FF}y", "\u{1F590}\u{1F3FB}", "\u{915}\u{94D}\u{937}\u{93F}",
  ])
  func boxesStayAlignedAroundEmojiEdgeCases(value: String) {
    let text = TextTableRenderer(style: .grid).render(
      table([[.text(value), .text("|")], [.text("abcdefgh"), .text("|")]], columns: ["v", "w"]))
    let widths = Set(text.split(separator: "\n").map { DisplayWidth.of(String($0)) })
    #expect(widths.count == 1, "\(text)")
  }

  @Test func aColumnOfZeroWidthValuesKeepsItsHeader() {
    let text = TextTableRenderer(style: .grid).render(
      table([[.integer(1), .text("\u{200B}"), .text("a")]], columns: ["id", "zw", "x"]))
    #expect(text.contains("| id | zw | x |"), "\(text)")
  }

  /// A title or a value that takes no columns but is not empty keeps its column (one wide);
  /// only a column that shows nothing at all is left out.
  @Test func aColumnHoldingOnlyInvisibleTextDoesNotVanish() {
    let zeroWidthTitle = TextTableRenderer(style: .grid).render(
      table([[.integer(1), .text("\u{200B}"), .text("a")]], columns: ["id", "\u{200B}", "x"]))
    #expect(zeroWidthTitle.split(separator: "\n").first == "+----+---+---+", "\(zeroWidthTitle)")
    let noHeader = TextTableRenderer(style: .grid).render(
      table([[.text("a"), .text("\u{200B}"), .text("b")]], columns: ["", "", ""]))
    #expect(noHeader.split(separator: "\n").first == "+---+---+---+", "\(noHeader)")
    let empty = TextTableRenderer(style: .grid).render(
      table([[.text("a"), .text(""), .empty]], columns: ["", "", ""]))
    #expect(empty.split(separator: "\n").first == "+---+", "\(empty)")
  }

  /// A column is never narrower than its header when no maximum width asks it to be.
  @Test func aColumnIsNeverNarrowerThanItsHeader() {
    let text = TextTableRenderer(style: .grid).render(
      table([[.text("\u{200B}"), .text(""), .empty]], columns: ["first", "second", "third"]))
    #expect(text.contains("| first | second | third |"), "\(text)")
  }
}
