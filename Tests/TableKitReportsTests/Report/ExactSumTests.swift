import TableKit
import TableKitReports
import Testing

@Suite struct ExactSumTests {
  static func decimal(_ text: String) throws -> ExactDecimal { try ExactDecimal(text) }

  @Test func addsAtTheLargestScaleWithSigns() throws {
    var sum = ExactSum()
    try sum.add(Self.decimal("1.5"))
    try sum.add(Self.decimal("-2.25"))
    #expect(sum.value.description == "-0.75")
    try sum.add(Self.decimal("0.75"))
    #expect(sum.value.description == "0.00")
    #expect(!sum.value.isNegative)
  }

  @Test func aSumPast38DigitsThrowsAndLeavesTheSumAsItWas() throws {
    let nines = try Self.decimal(String(repeating: "9", count: 38))
    var sum = ExactSum()
    try sum.add(nines)
    #expect(throws: ExactSum.Overflow.self) { try sum.add(Self.decimal("1")) }
    #expect(sum.value == nines)
    // A value that fits alone but not at the sum's scale is refused too.
    var scaled = ExactSum()
    try scaled.add(Self.decimal("0." + String(repeating: "1", count: 30)))
    #expect(throws: ExactSum.Overflow.self) {
      try scaled.add(Self.decimal(String(repeating: "9", count: 10)))
    }
  }

  @Test(arguments: [
    ("5", 2, "2"), ("7", 2, "4"), ("-5", 2, "-2"), ("-7", 2, "-4"), ("1.00", 3, "0.33"),
    ("2.00", 3, "0.67"), ("0.05", 2, "0.02"), ("0.15", 2, "0.08"),
  ])
  func meansRoundHalfToEvenAtTheSumsScale(sum text: String, count: Int, mean: String) throws {
    var sum = ExactSum()
    try sum.add(Self.decimal(text))
    #expect(sum.divided(by: count).description == mean)
  }

  @Test(arguments: [
    ("5", 2, 3, ColumnFormat.Rounding.halfEven, "2.500"), ("1", 3, 4, .halfEven, "0.3333"),
    ("2", 3, 0, .halfEven, "1"), ("0.125", 1, 2, .halfEven, "0.12"),
    ("0.135", 1, 2, .halfEven, "0.14"), ("0.125", 1, 2, .halfAwayFromZero, "0.13"),
    ("-0.125", 1, 2, .halfAwayFromZero, "-0.13"), ("0.1251", 1, 2, .halfEven, "0.13"),
    ("0.50", 2, 1, .halfEven, "0.2"), ("0.51", 2, 1, .halfEven, "0.3"),
    // 0.1495 is below the tie at one digit, though it rounds to 0.150 at three.
    ("0.299", 2, 1, .halfEven, "0.1"), ("-0.004", 1, 2, .halfEven, "0.00"),
  ])
  func meansRoundOnceToTheDigitsAsked(
    sum text: String, count: Int, places: Int, rule: ColumnFormat.Rounding, mean: String
  ) throws {
    var sum = ExactSum()
    try sum.add(Self.decimal(text))
    let rounded = try #require(sum.divided(by: count, toFractionDigits: places, rule: rule))
    #expect(rounded.description == mean)
    #expect(!rounded.isNegative || mean.hasPrefix("-"))
  }

  @Test func comparesNumbersExactlyWhateverTheirScales() throws {
    #expect(try Self.decimal("-2").isNumericallyLess(than: Self.decimal("-1.99")))
    #expect(try !Self.decimal("1.50").isNumericallyLess(than: Self.decimal("1.5")))
    #expect(
      try Self.decimal("0.000000000000000000000000000000000001")
        .isNumericallyLess(than: Self.decimal("99999999999999999999999999999999999999")))
  }
}
