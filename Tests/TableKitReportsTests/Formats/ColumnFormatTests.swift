import TableKit
import TableKitReports
import Testing

@Suite struct ColumnFormatTests {
  static func decimal(_ text: String) throws -> CellValue { .exactDecimal(try ExactDecimal(text)) }
  static func money(_ text: String, _ code: String) throws -> CellValue {
    .money(try #require(Money(try ExactDecimal(text), currency: code)))
  }

  @Test func thePlainFormatShowsWhatAPlainTableShows() throws {
    let values: [CellValue] = [
      "a", 12, .exactDecimal(try ExactDecimal("-1234.50")), .boolean(true),
      .percent(try ExactDecimal("0.125")),
    ]
    for value in values {
      #expect(ColumnFormat.plain.text(for: value, in: .plain) == value.text)
      #expect(
        ColumnFormat.plain.text(for: value, in: try ReportLocale(identifier: "de_DE")) == value.text
      )
    }
  }

  @Test func anEmptyValueShowsTheMissingText() {
    var format = ColumnFormat.number()
    format.missingText = "—"
    #expect(format.text(for: .empty, in: .plain) == "—")
    #expect(ColumnFormat.plain.text(for: .empty, in: .plain) == "")
  }

  @Test func thePlainLocaleWritesPOSIXNumbers() throws {
    #expect(
      ColumnFormat.number(fractionDigits: 2...2).text(for: try Self.decimal("-1234.5"), in: .plain)
        == "-1234.50")
    #expect(ColumnFormat.number().text(for: 1_234_567, in: .plain) == "1234567")
    #expect(
      ColumnFormat.currency().text(for: try Self.money("1234.5", "EUR"), in: .plain)
        == "EUR 1234.50")
    #expect(
      ColumnFormat.currency().text(for: try Self.money("-1234.5", "EUR"), in: .plain)
        == "EUR -1234.50")
    #expect(
      ColumnFormat.percent(fractionDigits: 0...1).text(for: try Self.decimal("0.125"), in: .plain)
        == "12.5%")
  }

  @Test func groupingFollowsTheLocalesSizes() throws {
    let indian = try ReportLocale(identifier: "en_IN")
    #expect(
      ColumnFormat.number().text(for: try Self.decimal("1234567.125"), in: indian)
        == "12,34,567.125")
    let german = try ReportLocale(identifier: "de_DE")
    #expect(
      ColumnFormat.number(fractionDigits: 2...2).text(for: try Self.decimal("-1234.5"), in: german)
        == "-1.234,50")
    #expect(ColumnFormat.number(grouping: false).text(for: 1_234_567, in: german) == "1234567")
    // de_CH groups with an apostrophe (babel's own output loses it; see check-formats.py).
    let swiss = try ReportLocale(identifier: "de_CH")
    #expect(
      ColumnFormat.number().text(for: try Self.decimal("1234567.125"), in: swiss) == "1'234'567.125"
    )
    let us = try ReportLocale(identifier: "en_US")
    #expect(
      ColumnFormat.number().text(for: try Self.decimal("123456789012345678901234567890"), in: us)
        == "123,456,789,012,345,678,901,234,567,890")
  }

  @Test(arguments: [
    ("0.125", ColumnFormat.Rounding.halfEven, "0.12"), ("0.135", .halfEven, "0.14"),
    ("0.125", .halfAwayFromZero, "0.13"), ("-0.125", .halfAwayFromZero, "-0.13"),
    ("-0.125", .halfEven, "-0.12"), ("0.1250001", .halfEven, "0.13"), ("9.995", .halfEven, "10"),
    ("-0.001", .halfEven, "0"), ("0.005", .halfEven, "0"), ("0.005", .halfAwayFromZero, "0.01"),
  ])
  func roundsTiesByTheRule(input: String, rule: ColumnFormat.Rounding, expected: String) throws {
    let format = ColumnFormat.number(fractionDigits: 0...2, rounding: rule)
    #expect(
      format.text(for: try Self.decimal(input), in: try ReportLocale(identifier: "en_US"))
        == expected)
  }

  @Test func currenciesShowTheirOwnDigitsAndSymbols() throws {
    let us = try ReportLocale(identifier: "en_US")
    #expect(ColumnFormat.currency().text(for: try Self.money("1234.5", "JPY"), in: us) == "¥1,234")
    #expect(
      ColumnFormat.currency().text(for: try Self.money("1.2345", "BHD"), in: us).hasSuffix("1.234"))
    #expect(
      ColumnFormat.currency().text(for: try Self.money("1.23456", "CLF"), in: us).hasSuffix(
        "1.2346"))
    #expect(
      ColumnFormat.currency(accounting: true).text(for: try Self.money("-1234.5", "USD"), in: us)
        == "($1,234.50)")
    #expect(
      ColumnFormat.currency().text(for: try Self.money("-1234.5", "USD"), in: us) == "-$1,234.50")
    #expect(
      ColumnFormat.currency(display: .code).text(for: try Self.money("5", "USD"), in: us)
        == "USD5.00")
    // A plain number takes the column's currency; money keeps its own.
    #expect(ColumnFormat.currency("EUR").text(for: 5, in: us) == "€5.00")
    #expect(ColumnFormat.currency("EUR").text(for: try Self.money("5", "GBP"), in: us) == "£5.00")
    let french = try ReportLocale(identifier: "fr_FR")
    #expect(
      ColumnFormat.currency().text(for: try Self.money("-1234567.125", "EUR"), in: french)
        == "-1\u{202F}234\u{202F}567,12\u{A0}€")
  }

  @Test func theArticlesExamplesShowWhatTheySay() throws {
    let german = try ReportLocale(identifier: "de_DE")
    let amount = CellValue.exactDecimal(try ExactDecimal("-1234567.125"))
    #expect(
      ColumnFormat.number(fractionDigits: 2...2).text(for: amount, in: german) == "-1.234.567,12")
    #expect(
      ColumnFormat.currency(accounting: true).text(
        for: try Self.money("-1234.5", "EUR"), in: german)
        == "-1.234,50\u{A0}€")
    let date = try #require(DateValue(written: "2024-02-29", year: 2024, month: 2, day: 29))
    #expect(
      ColumnFormat.date(pattern: "EEE d MMM y").text(for: .date(date), in: .plain)
        == "Thu 29 Feb 2024")
    let error = #expect(throws: ValueParserError.self) {
      try ValueParser("date:dd.MM.yyyy").value(from: "29.2.2024")
    }
    #expect(error?.description == "\"29.2.2024\": expected 2 digits for MM at character 4")
  }

  @Test func percentagesAndScientificNotation() throws {
    let us = try ReportLocale(identifier: "en_US")
    // Zero moved two places is still one zero (the babel check found "000%").
    #expect(ColumnFormat.percent().text(for: .percent(try ExactDecimal("0")), in: us) == "0%")
    #expect(ColumnFormat.percent(fractionDigits: 1...1).text(for: 0, in: us) == "0.0%")
    #expect(ColumnFormat.percent().text(for: .percent(try ExactDecimal("0.125")), in: us) == "12%")
    #expect(
      ColumnFormat.percent(fractionDigits: 1...1).text(
        for: .percent(try ExactDecimal("0.125")), in: us) == "12.5%")
    #expect(ColumnFormat.scientific().text(for: try Self.decimal("-12345"), in: us) == "-1.2345E4")
    #expect(ColumnFormat.scientific().text(for: try Self.decimal("0.00012"), in: us) == "1.2E-4")
  }

  @Test func aDoubleIsFormattedFromTheDigitsItShows() throws {
    // 2.675 is 2.67499999… in binary: a plain table shows 2.67, and 2.67 rounds to 2.7.
    let us = try ReportLocale(identifier: "en_US")
    #expect(
      ColumnFormat.number(fractionDigits: 0...1).text(
        for: .decimal(2.675, fractionDigits: 2), in: us) == "2.7")
    #expect(
      ColumnFormat.number().text(for: .decimal(.infinity, fractionDigits: 2), in: us) == "inf")
  }

  @Test func valuesTheFormatDoesNotApplyToShowTheirText() throws {
    let us = try ReportLocale(identifier: "en_US")
    #expect(ColumnFormat.number().text(for: "n/a", in: us) == "n/a")
    #expect(ColumnFormat.currency("EUR").text(for: .boolean(true), in: us) == "true")
    #expect(ColumnFormat.date(.long).text(for: 12, in: us) == "12")
  }

  @Test func roundKeepsWhatTheColumnShows() throws {
    #expect(
      ColumnFormat.number(fractionDigits: 0...2).round(try ExactDecimal("0.125"))
        == (try ExactDecimal("0.12")))
    #expect(
      ColumnFormat.number(fractionDigits: 0...2, rounding: .halfAwayFromZero).round(
        try ExactDecimal("-0.125"))
        == (try ExactDecimal("-0.13")))
    #expect(
      ColumnFormat.currency("JPY").round(try ExactDecimal("1234.5")) == (try ExactDecimal("1234")))
    #expect(
      ColumnFormat.currency("BHD").round(try ExactDecimal("1.23450")) == (try ExactDecimal("1.234"))
    )
    #expect(
      ColumnFormat.percent(fractionDigits: 1...1).round(try ExactDecimal("0.12345"))
        == (try ExactDecimal("0.123")))
    #expect(ColumnFormat.plain.round(try ExactDecimal("0.12345")) == (try ExactDecimal("0.12345")))
    // 37 nines and a 9 after the point round to 10^37: still 38 digits, so never too many.
    let nines = try ExactDecimal("9999999999999999999999999999999999999.9")
    #expect(
      ColumnFormat.number(fractionDigits: 0...0).round(nines)
        == (try ExactDecimal("10000000000000000000000000000000000000")))
  }
}
