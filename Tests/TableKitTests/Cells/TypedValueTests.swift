import TableKit
import Testing

/// Money, percentages and dates as cell values: what they accept and their plain text.
@Suite struct TypedValueTests {
  // MARK: - Money

  @Test(arguments: ["EUR", "JPY", "XTS", "ZZZ"])
  func moneyTakesAnyThreeCapitalLetters(_ code: String) throws {
    let money = try #require(Money(ExactDecimal(minorUnits: -150, scale: 2), currency: code))
    #expect(money.currency == code)
    #expect(CellValue.money(money).text == "\(code) -1.50")
    #expect(CellValue.money(money).isNumeric)
  }

  @Test(arguments: ["", "EU", "EURO", "eur", "€", "E1R", "ÉUR", "EU\u{0}"])
  func moneyRefusesACodeThatIsNotThreeCapitalLetters(_ code: String) {
    #expect(Money(ExactDecimal(minorUnits: 1, scale: 0), currency: code) == nil)
  }

  @Test func moneyIsEqualOnlyInTheSameCurrencyAndWrittenAmount() throws {
    let one = try ExactDecimal("1.00")
    #expect(Money(one, currency: "EUR") == Money(one, currency: "EUR"))
    #expect(Money(one, currency: "EUR") != Money(one, currency: "USD"))
    #expect(Money(one, currency: "EUR") != Money(try ExactDecimal("1.0"), currency: "EUR"))
    #expect(Set([Money(one, currency: "EUR"), Money(one, currency: "EUR")]).count == 1)
  }

  /// Every currency keeps its code, and codes that differ in any letter are unequal: the three
  /// letters are packed into two bytes.
  @Test func moneyKeepsEveryCodeApart() throws {
    let one = try ExactDecimal("1")
    let letters = "ABCMNXYZ".map(String.init)
    let codes = letters.flatMap { a in letters.flatMap { b in letters.map { c in a + b + c } } }
    let moneys = try codes.map { try #require(Money(one, currency: $0)) }
    #expect(moneys.map(\.currency) == codes)
    #expect(Set(moneys).count == codes.count)
  }

  /// Money keeps a cell value at 20 bytes, so the last word of every value (plain ones too)
  /// loads and stores in one instruction; at 21 bytes each copy of a value took four more.
  @Test func moneyKeepsCellValuesWithinTwentyBytes() {
    #expect(MemoryLayout<Money>.size <= 20)
    #expect(MemoryLayout<CellValue>.size <= 20)
  }

  // MARK: - Percentages

  /// Expected texts from Python, `format(Decimal(x).scaleb(2), 'f') + '%'` at 100 digits, except
  /// that zero is written unsigned (`-0.0` is `0%`), the rule every exact decimal follows.
  @Test(arguments: [
    ("0.125", "12.5%"), ("2", "200%"), ("0", "0%"), ("0.00", "0%"), ("-0.05", "-5%"),
    ("1.5", "150%"), ("-3", "-300%"), ("0.0001", "0.01%"), ("-0.5", "-50%"), ("7.000", "700.0%"),
    ("0.1", "10%"), ("-0.0", "0%"),
    (
      "12345678901234567890123456789012345678",
      "1234567890123456789012345678901234567800%"
    ),
    ("0.00000000000000000000000000000000000001", "0.000000000000000000000000000000000001%"),
  ])
  func percentIsTheFractionTimesAHundred(_ fraction: String, _ expected: String) throws {
    let value = CellValue.percent(try ExactDecimal(fraction))
    #expect(value.text == expected)
    #expect(value.isNumeric)
  }

  // MARK: - Dates

  @Test func aDateKeepsWhatWasWrittenAndTheDayItNames() throws {
    let day = try #require(DateValue(written: "29.02.2024", year: 2024, month: 2, day: 29))
    #expect(day.kind == .date)
    #expect((day.year, day.month, day.day) == (2024, 2, 29))
    #expect(CellValue.date(day).text == "29.02.2024")
    #expect(!CellValue.date(day).isNumeric)
  }

  @Test(arguments: [
    (2023, 2, 29), (1900, 2, 29), (2024, 4, 31), (2024, 13, 1), (2024, 0, 1), (0, 1, 1),
    (10000, 1, 1), (2024, 1, 0),
  ])
  func aDayThatDoesNotExistIsRefused(_ year: Int, _ month: Int, _ day: Int) {
    #expect(DateValue(written: "x", year: year, month: month, day: day) == nil)
  }

  @Test(arguments: [(2000, 2, 29), (2024, 2, 29), (1600, 2, 29), (2024, 12, 31), (1, 1, 1)])
  func leapDaysAndEndsOfMonthsAreDays(_ year: Int, _ month: Int, _ day: Int) {
    #expect(DateValue(written: "x", year: year, month: month, day: day) != nil)
  }

  @Test func timesAndDateTimesCheckEveryField() {
    #expect(DateValue(written: "23:59:59", hour: 23, minute: 59, second: 59) != nil)
    #expect(DateValue(written: "24:00", hour: 24, minute: 0) == nil)
    #expect(DateValue(written: "12:60", hour: 12, minute: 60) == nil)
    #expect(DateValue(written: "t", hour: 1, minute: 0, nanosecond: 1_000_000_000) == nil)
    #expect(DateValue(written: "t", hour: 1, minute: 0, utcOffset: 18 * 3600) != nil)
    #expect(DateValue(written: "t", hour: 1, minute: 0, utcOffset: 18 * 3600 + 1) == nil)
    let moment = DateValue(
      written: "2024-03-01T08:30:00.5+01:00", year: 2024, month: 3, day: 1, hour: 8, minute: 30,
      nanosecond: 500_000_000, utcOffset: 3600)
    #expect(moment?.kind == .dateTime)
    #expect(moment?.utcOffset == 3600)
    #expect(DateValue(written: "x", year: 2023, month: 2, day: 29, hour: 0, minute: 0) == nil)
  }
}
