import Foundation
import TableKit
import Testing

/// Decimal cells with a scale, since Foundation's `Decimal` drops trailing zeros.
///
/// The expectations follow Python's
/// `Decimal(x).quantize(Decimal(10) ** -scale, rounding=ROUND_HALF_UP)`, which is the rule the
/// documentation states (half away from zero, then padded), except that a zero has no sign
/// (`-0.004` at scale 2 is `0.00`, as `ExactDecimal` writes every zero).
@Suite struct ExactDecimalScaleTests {
  @Test(arguments: [
    ("45", 2, "45.00"),
    ("100.1", 2, "100.10"),
    ("100.10", 2, "100.10"),
    ("2.345", 2, "2.35"),
    ("-2.345", 2, "-2.35"),
    ("2.344", 2, "2.34"),
    ("0.005", 2, "0.01"),
    ("-0.004", 2, "0.00"),
    ("1.5", 0, "2"),
    ("2.5", 0, "3"),
    ("99.995", 2, "100.00"),
    ("0", 3, "0.000"),
    ("12345678901234567890.5", 1, "12345678901234567890.5"),
  ])
  func roundsAndPadsToTheScale(text: String, scale: Int, expected: String) throws {
    let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    #expect(try CellValue.decimal(decimal, scale: scale).text == expected)
  }

  @Test func withoutAScaleTheDigitsOfTheDecimalAreKept() throws {
    #expect(try CellValue.decimal(Decimal(string: "45.00")!).text == "45")
    #expect(try CellValue.decimal(Decimal(string: "100.10")!).text == "100.1")
  }

  @Test(arguments: [-1, 39, Int.min, Int.max])
  func aScaleOutsideTheRangeIsAnError(scale: Int) {
    #expect(throws: ExactDecimalError(text: "45", reason: .scaleOutOfRange(scale))) {
      try CellValue.decimal(Decimal(45), scale: scale)
    }
  }

  @Test func paddingPastThirtyEightDigitsIsAnError() throws {
    let wide = try #require(Decimal(string: "1234567890123456789012345678901234567"))  // 37 digits
    #expect(throws: ExactDecimalError.self) { try CellValue.decimal(wide, scale: 2) }
    #expect(try CellValue.decimal(wide, scale: 1).text == "1234567890123456789012345678901234567.0")
  }
}
