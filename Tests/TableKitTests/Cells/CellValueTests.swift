import Foundation
import TableKit
import Testing

@Suite struct CellValueTests {
  /// Checks fixed-point output against Foundation's `String(format:)` (C's printf).
  ///
  /// printf is an outside oracle. The only intended difference: a value that rounds to zero has no minus sign.
  private func expectMatchesPrintf(_ value: Double, digits: Int) {
    var oracle = String(format: "%.\(digits)f", value)
    if oracle.hasPrefix("-"), Double(oracle) == 0 { oracle.removeFirst() }
    #expect(
      CellValue.decimal(value, fractionDigits: digits).text == oracle, "\(value), \(digits) digits")
  }

  @Test(arguments: [
    0.0, -0.0, 1.0, -1.0, 0.005, 0.015, 1.005, -49.99, 1250.5, 123_456_789.125, -0.004, 9.995,
    79_999.99,
    -20_000.0, 0.1, 2.675, 0.5, 1.5, 2.5, -2.5, .leastNonzeroMagnitude, 4.4e15, 1.2345e30, -9.99e31,
  ])
  func decimalsMatchPrintf(value: Double) {
    for digits in 0...6 { expectMatchesPrintf(value, digits: digits) }
  }

  @Test func randomDecimalsMatchPrintf() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let cents = Int64(bitPattern: state >> 20) % 10_000_000_000
      let value = Double(cents) / [1, 8, 100, 1000][Int(state & 3)]
      expectMatchesPrintf(value, digits: Int(state >> 61) % 4)
    }
  }

  @Test func valuesKnowWhetherTheyAreNumbers() {
    #expect(CellValue.integer(3).isNumeric)
    #expect(CellValue.decimal(3, fractionDigits: 1).isNumeric)
    #expect(!CellValue.text("3").isNumeric)
    #expect(!CellValue.boolean(true).isNumeric)
    #expect(CellValue.boolean(false).text == "false")
    #expect(CellValue.empty.text.isEmpty)
    #expect(("text" as CellValue) == .text("text"))
    #expect((12 as CellValue) == .integer(12))
  }

  @Test func nonFiniteAndHugeNumbersStillFormat() {
    #expect(CellValue.decimal(.infinity, fractionDigits: 2).text == "inf")
    #expect(CellValue.decimal(.nan, fractionDigits: 2).text == "nan")
    #expect(CellValue.decimal(1e300, fractionDigits: 2).text == "1e+300")
    // Past 1e38 once scaled, the exact path stops and the shortest description is used.
    #expect(CellValue.decimal(-9.99e37, fractionDigits: 1).text == "-9.99e+37")
  }
}
