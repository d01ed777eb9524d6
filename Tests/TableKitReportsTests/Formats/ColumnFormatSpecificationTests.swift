import TableKit
import TableKitReports
import Testing

@Suite struct ColumnFormatSpecificationTests {
  @Test func spellingsMakeTheFormats() throws {
    #expect(try ColumnFormat(specification: "number") == .number())
    #expect(
      try ColumnFormat(specification: "number,digits=2,ungrouped,half-away")
        == .number(fractionDigits: 2...2, grouping: false, rounding: .halfAwayFromZero))
    #expect(
      try ColumnFormat(specification: "percent,digits=0-1") == .percent(fractionDigits: 0...1))
    #expect(try ColumnFormat(specification: "scientific") == .scientific())
    #expect(
      try ColumnFormat(specification: "currency:EUR,accounting,iso-code")
        == .currency("EUR", display: .code, accounting: true))
    #expect(try ColumnFormat(specification: "date:long") == .date(.long))
    #expect(
      try ColumnFormat(specification: "date:EEEE, d MMMM y") == .date(pattern: "EEEE, d MMMM y"))
    var dashed = ColumnFormat.currency()
    dashed.missingText = "n/a, none"
    #expect(try ColumnFormat(specification: "currency,missing=n/a, none") == dashed)
  }

  @Test(arguments: [
    ("integer", 0), ("currency:eur", 9), ("number,digits=3-1", 7), ("number,bold", 7),
    ("number,accounting", 7), ("date:", 5), ("number,digits=2,digits=x", 16),
  ])
  func badSpellingsSayWhere(specification: String, offset: Int) {
    let error = #expect(throws: ValueParserError.self) {
      try ColumnFormat(specification: specification)
    }
    #expect(error?.offset == offset, "\(specification)")
  }
}
