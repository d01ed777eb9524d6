import TableKit
import TableRender
import Testing

/// Money, percentages and dates in every renderer: shown as their plain text, numbers never
/// guarded as formulas, written dates escaped as the text they are.
@Suite struct TypedValueRenderingTests {
  struct Row: TableRepresentable {
    var values: [CellValue]
    var tableCell: Cell { Cell("row", values: values) }
  }

  static func table(_ rows: [[CellValue]]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        sections: [TableSection(nil, items: rows.map { Row(values: $0) })],
        columns: [ColumnDefinition("Amount"), ColumnDefinition("Share"), ColumnDefinition("Day")]))
  }

  static func day(_ written: String) -> CellValue {
    DateValue(written: written, year: 2024, month: 1, day: 5).map(CellValue.date) ?? .empty
  }

  static let refund: [CellValue] = [
    Money(ExactDecimal(minorUnits: -1250, scale: 2), currency: "EUR").map(CellValue.money)
      ?? .empty,
    .percent(ExactDecimal(minorUnits: -125, scale: 3)),
    day("=1+2 <b>"),
  ]

  @Test func csvWritesNumbersUnguardedAndAWrittenDateAsGuardedText() {
    let csv = CSVTableRenderer(lineEnding: .lf).render(Self.table([Self.refund]))
    #expect(csv == "Amount,Share,Day\nEUR -12.50,-12.5%,'=1+2 <b>\n")
  }

  @Test func htmlEscapesAWrittenDateAndAlignsNumbers() {
    let html = HTMLTableRenderer(mode: .fragment).render(Self.table([Self.refund]))
    #expect(html.contains(">EUR -12.50</td>"))
    #expect(html.contains(">-12.5%</td>"))
    #expect(html.contains(">=1+2 &lt;b&gt;</td>"))
    #expect(!html.contains("<b>"))
  }

  @Test func markdownEscapesAWrittenDate() {
    let markdown = MarkdownTableRenderer().render(
      Self.table([
        [.empty, .empty, Self.day("a|b")]
      ])
    )
    #expect(markdown.contains(#"a\|b"#))
  }

  @Test func textShowsEveryValueAndEscapesControlsInADate() {
    let escape = Self.day("\u{1B}[2J")
    let text = TextTableRenderer().render(Self.table([Self.refund, [.empty, .empty, escape]]))
    #expect(text.contains("EUR -12.50"))
    #expect(text.contains("-12.5%"))
    #expect(text.contains("=1+2 <b>"))
    #expect(!text.contains("\u{1B}"))
  }
}
