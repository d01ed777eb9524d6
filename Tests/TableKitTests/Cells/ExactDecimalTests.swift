import Foundation
import TableKit
import Testing

@Suite struct ExactDecimalTests {
  @Test func keepsTheDigitsADoubleLoses() throws {
    let amount = try ExactDecimal("90071992547409.93")
    #expect(amount.description == "90071992547409.93")
    #expect(CellValue.decimal(90071992547409.93, fractionDigits: 2).text != "90071992547409.93")
    #expect(CellValue.exactDecimal(amount).text == "90071992547409.93")
    #expect(CellValue.exactDecimal(amount).isNumeric)
  }

  @Test func foundationDecimalsConvertDigitForDigit() throws {
    let decimal = try #require(Decimal(string: "90071992547409.93"))
    #expect(try ExactDecimal(decimal).description == "90071992547409.93")
    #expect(try CellValue.decimal(decimal) == .exactDecimal(try ExactDecimal("90071992547409.93")))
    let large = try #require(Decimal(string: "12345678901234567890123456789012345678"))
    #expect(try ExactDecimal(large).description == "12345678901234567890123456789012345678")
    #expect(throws: ExactDecimalError.self) { try ExactDecimal(Decimal.nan) }
    #expect(throws: ExactDecimalError.self) {
      try ExactDecimal(Decimal(sign: .plus, exponent: 50, significand: 1))
    }
  }

  @Test func trailingZerosAreKeptAndZeroHasNoSign() throws {
    #expect(try ExactDecimal("100.10").description == "100.10")
    #expect(try ExactDecimal("7.000").scale == 3)
    let negativeZero = try ExactDecimal("-0.00")
    #expect(negativeZero.description == "0.00")
    #expect(!negativeZero.isNegative)
    #expect(negativeZero.isZero)
    #expect(ExactDecimal(minorUnits: 0, scale: 2).description == "0.00")
  }

  @Test func minorUnitsMakeAmounts() throws {
    #expect(ExactDecimal(minorUnits: -1999, scale: 2).description == "-19.99")
    #expect(ExactDecimal(minorUnits: 5, scale: 3).description == "0.005")
    #expect(ExactDecimal(minorUnits: Int.min, scale: 0).description == String(Int.min))
    // Documented clamp: a scale outside 0...38 is clamped.
    #expect(ExactDecimal(minorUnits: 12, scale: -4).scale == 0)
    #expect(ExactDecimal(minorUnits: 12, scale: 99).scale == 38)
  }

  @Test func partsAreChecked() throws {
    #expect(
      try ExactDecimal(significand: 12_345, scale: 2, isNegative: true).description == "-123.45")
    #expect(throws: ExactDecimalError(text: "5", reason: .scaleOutOfRange(39))) {
      try ExactDecimal(significand: 5, scale: 39)
    }
    // 39 digits: one more than a significand holds.
    let tooMany = UInt128(100_000_000_000_000_000) * 10_000_000_000_000_000_000 * 100
    #expect(throws: ExactDecimalError.self) { try ExactDecimal(significand: tooMany, scale: 0) }
  }

  @Test func numericEqualityIgnoresScale() throws {
    #expect(try ExactDecimal("1.0").numericallyEquals(ExactDecimal("1.00")))
    #expect(try ExactDecimal("1.0") != ExactDecimal("1.00"))
    #expect(try !ExactDecimal("-1.0").numericallyEquals(ExactDecimal("1.0")))
    #expect(try ExactDecimal("-0.0").numericallyEquals(ExactDecimal("0")))
    #expect(try !ExactDecimal("1.01").numericallyEquals(ExactDecimal("1.1")))
  }

  @Test(arguments: [
    ("", "An empty text is not a number."),
    ("12a", "\"12a\" is not a decimal number: unexpected character at offset 2."),
    ("1e", "\"1e\" is not a decimal number: unexpected character at offset 2."),
    ("-", "\"-\" is not a decimal number: unexpected character at offset 1."),
    (".", "\".\" is not a decimal number: unexpected character at offset 1."),
    ("1..2", "\"1..2\" is not a decimal number: unexpected character at offset 2."),
    ("1e400", "\"1e400\" needs 401 digits; an exact decimal holds at most 38."),
    ("1e-400", "\"1e-400\" has 400 digits after the point; an exact decimal holds at most 38."),
  ])
  func badTextSaysWhatIsWrong(text: String, message: String) {
    #expect {
      try ExactDecimal(text)
    } throws: { error in
      (error as? ExactDecimalError)?.description == message
    }
  }
}

extension ExactDecimalTests {
  /// A value of the row's values array is read and copied for every cell of every render: an
  /// exact decimal must not make `CellValue` wider than text or a double makes it.
  @Test func cellValuesStayNarrow() {
    #expect(MemoryLayout<CellValue>.stride <= 24)
  }
}

extension ExactDecimalTests {
  /// A `Double` has about 16 significant digits: asking for more than 15 after the point is
  /// clamped to 15 (documented on `CellValue.decimal`), and a negative count to 0.
  @Test func fractionDigitsOfADoubleAreClampedAsDocumented() {
    #expect(CellValue.decimal(1.5, fractionDigits: 40).text == "1.500000000000000")
    #expect(CellValue.decimal(1.5, fractionDigits: -3).text == "2")
  }
}
