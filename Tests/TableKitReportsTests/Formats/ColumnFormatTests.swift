import TableKit
import TableKitReports
import Testing

@Suite struct ColumnFormatTests {
  @Test func thePlainFormatShowsWhatAPlainTableShows() throws {
    let values: [CellValue] = [
      "a", 12, .exactDecimal(try ExactDecimal("-1234.50")), .boolean(true),
      .percent(try ExactDecimal("0.125")),
    ]
    for value in values {
      #expect(ColumnFormat.plain.text(for: value, in: .plain) == value.text)
    }
  }

  @Test func anEmptyValueShowsTheMissingText() {
    var format = ColumnFormat.plain
    format.missingText = "—"
    #expect(format.text(for: .empty, in: .plain) == "—")
    #expect(ColumnFormat.plain.text(for: .empty, in: .plain) == "")
  }
}
