package import TableKit

/// A number read from JSON: its text exactly as written, and the parts the reader already saw.
///
/// The reader never turns a number into a `Double`. ``cellValue()`` follows one rule:
/// - an integer literal (no point, no exponent) that fits `Int` becomes ``CellValue/integer(_:)``;
/// - any other number that an ``ExactDecimal`` holds (at most 38 digits written out in plain
///   notation, at most 38 of them after the point) becomes ``CellValue/exactDecimal(_:)``, digit
///   for digit as written (`100.10` stays `100.10`; an exponent is written out, so `1.5e3` becomes
///   `1500` and `2.50E-3` becomes `0.00250`; `-0` and `-0.0` lose their sign, as zero has none);
/// - anything else is an error that says how many digits the number would need.
package struct JSONNumber: Hashable, Sendable {
  /// The number exactly as the input wrote it: `-12.50e3`.
  package let text: String
  /// Whether the text starts with a minus sign.
  let isNegative: Bool
  /// All the digits before the exponent as one whole number, when there are at most 19.
  let digits: UInt64
  /// How many digits stand before the exponent, leading zeros included.
  let digitCount: Int
  /// How many digits stand after the point.
  let fractionDigits: Int
  /// Whether the text has a decimal point.
  let hasPoint: Bool
  /// Whether the text has an exponent.
  let hasExponent: Bool

  /// Whether the number is written as a whole number: no point, no exponent.
  package var isIntegerLiteral: Bool { !hasPoint && !hasExponent }

  /// The cell the number becomes, by the rule in the type's documentation.
  ///
  /// - Returns: An integer or an exact decimal holding the number exactly.
  /// - Throws: ``ExactDecimalError`` when no exact decimal can hold the number.
  package func cellValue() throws(ExactDecimalError) -> CellValue {
    if isIntegerLiteral {
      if digitCount <= 18 {
        let magnitude = Int(truncatingIfNeeded: digits)
        return .integer(isNegative ? -magnitude : magnitude)
      }
      if let value = Int(text) { return .integer(value) }
    } else if !hasExponent && digitCount <= 19 && fractionDigits <= ExactDecimal.maximumDigits {
      return .exactDecimal(
        try ExactDecimal(
          significand: UInt128(digits), scale: fractionDigits, isNegative: isNegative))
    }
    var parser = DecimalTextParser()
    for byte in text.utf8 where !parser.read(byte) {
      throw ExactDecimalError(text: text, reason: .unexpectedCharacter(offset: parser.offset))
    }
    return .exactDecimal(try parser.finish(text: text))
  }
}
