import TableKit
import TableKitReports
import Testing

@Suite struct SummaryAccumulatorTests {
  static func result(_ aggregate: Aggregate, _ values: [CellValue]) -> SummaryAccumulator.Result {
    var accumulator = SummaryAccumulator(aggregate)
    for value in values { accumulator.add(value) }
    return accumulator.result
  }

  static func money(_ text: String, _ code: String) throws -> CellValue {
    try .money(#require(Money(ExactDecimal(text), currency: code)))
  }

  @Test func sumsIntegersAsAnIntegerAndDecimalsExactly() throws {
    #expect(Self.result(.sum, [1, 2, .empty, 3]) == .value(6))
    let decimal = try ExactDecimal("0.3")
    // 0.1 + 0.2 is 0.3 here: a decimal counts as the number it shows.
    #expect(
      Self.result(.sum, [.decimal(0.1, fractionDigits: 1), .decimal(0.2, fractionDigits: 1)])
        == .value(.exactDecimal(decimal)))
  }

  @Test func moneyOfSeveralCurrenciesIsNotAddedUp() throws {
    let values = [
      try Self.money("1.00", "EUR"), try Self.money("2", "JPY"), try Self.money("3.00", "EUR"),
    ]
    #expect(Self.result(.sum, values) == .mixedCurrencies(["EUR", "JPY"]))
    #expect(Self.result(.sum, [try Self.money("1.00", "EUR"), 2]) == .missing)
    #expect(
      Self.result(.sum, [try Self.money("1.00", "EUR"), try Self.money("-3.50", "EUR")])
        == .value(try Self.money("-2.50", "EUR")))
  }

  @Test func textCannotBeSummedButCanBeCounted() {
    #expect(Self.result(.sum, ["a", 1]) == .missing)
    #expect(Self.result(.maximum, ["a"]) == .missing)
    #expect(Self.result(.count, ["a", .empty, 1]) == .value(2))
    #expect(Self.result(.sum, []) == .missing)
  }

  @Test func minimumAndMaximumKeepTheValueAsGiven() throws {
    let values: [CellValue] = [
      .exactDecimal(try ExactDecimal("1.50")), 2, .exactDecimal(try ExactDecimal("-0.5")),
    ]
    #expect(Self.result(.minimum, values) == .value(.exactDecimal(try ExactDecimal("-0.5"))))
    #expect(Self.result(.maximum, values) == .value(2))
  }

  static func mean(_ values: [CellValue], in format: ColumnFormat) -> SummaryAccumulator.Result {
    var accumulator = SummaryAccumulator(.mean)
    for value in values { accumulator.add(value) }
    return accumulator.result(roundingMeanBy: format)
  }

  static func exact(_ text: String) throws -> CellValue { .exactDecimal(try ExactDecimal(text)) }

  @Test func aPlainMeanKeepsTheValuesScaleAndThreeDigitsAtLeast() throws {
    // Rounded at the values' scale, the mean of 2 and 3 was 2.
    #expect(Self.result(.mean, [2, 3]) == .value(try Self.exact("2.5")))
    #expect(Self.result(.mean, [1, 1, 2]) == .value(try Self.exact("1.333")))
    #expect(Self.result(.mean, [2, 4, .empty]) == .value(3))
    #expect(
      Self.result(.mean, [try Self.exact("1.50"), try Self.exact("2.50")])
        == .value(try Self.exact("2.00")))
    #expect(Self.result(.mean, [try Self.exact("-1"), 0, 0]) == .value(try Self.exact("-0.333")))
    #expect(
      Self.result(.mean, [try Self.money("1", "JPY"), try Self.money("2", "JPY")])
        == .value(try Self.money("2", "JPY")))
    #expect(
      Self.result(.mean, [try Self.money("0.01", "EUR"), try Self.money("0.02", "EUR")])
        == .value(try Self.money("0.02", "EUR")))
  }

  @Test func aMeanRoundsToTheDigitsTheColumnFormatShowsByItsRule() throws {
    #expect(
      Self.mean([1, 2, 2], in: .number(fractionDigits: 0...2)) == .value(try Self.exact("1.67")))
    #expect(Self.mean([2, 3], in: .number(fractionDigits: 0...0)) == .value(2))
    #expect(
      Self.mean([2, 3], in: .number(fractionDigits: 0...0, rounding: .halfAwayFromZero))
        == .value(3))
    let cents = [try Self.money("0.01", "EUR"), try Self.money("0.00", "EUR")]
    #expect(Self.mean(cents, in: .currency()) == .value(try Self.money("0.00", "EUR")))
    #expect(
      Self.mean(cents, in: .currency(rounding: .halfAwayFromZero))
        == .value(try Self.money("0.01", "EUR")))
    // A currency format rounds money to the value's own currency: JPY has no minor unit.
    #expect(
      Self.mean([try Self.money("1", "JPY"), try Self.money("4", "JPY")], in: .currency("EUR"))
        == .value(try Self.money("2", "JPY")))
    let rates: [CellValue] = [
      .percent(try ExactDecimal("0.1")), .percent(try ExactDecimal("0.2")),
      .percent(try ExactDecimal("0.2")),
    ]
    #expect(
      Self.mean(rates, in: .percent(fractionDigits: 1...1))
        == .value(.percent(try ExactDecimal("0.167"))))
  }

  @Test func aCustomAggregateFoldsTheValues() {
    let longest = Aggregate.custom(
      CustomAggregate(initial: 0) { longest, value in
        .integer(max(longest.integerValue ?? 0, value.text.count))
      })
    #expect(Self.result(longest, ["ab", .empty, "abcd", "a"]) == .value(4))
  }

  @Test func aSumPast38DigitsIsAnOverflowNotAWrap() throws {
    let nines = CellValue.exactDecimal(try ExactDecimal(String(repeating: "9", count: 38)))
    #expect(Self.result(.sum, [nines, 1]) == .overflow)
    #expect(Self.result(.mean, [nines, 1]) == .overflow)
  }
}
