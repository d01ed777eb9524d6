package import TableKit

/// A decimal number as its digits and the power of ten of the last one, for formatting: every
/// digit kept, any number of them, rounded only where a format says so.
///
/// `digits` holds the magnitude's decimal digits, most significant first, with no leading zeros
/// (zero is `[0]`); the number is `±digits × 10^exponent`. Formatting works on these digits and
/// never on a `Double`, so `0.125` rounds to `0.12` half-even and `0.13` half away from zero,
/// exactly as Python's `decimal` module rounds it.
package struct DecimalDigits: Hashable, Sendable {
  /// The magnitude's digits (values 0 through 9), most significant first.
  package var digits: [UInt8]
  /// The power of ten of the last digit: `-2` for hundredths.
  package var exponent: Int
  /// Whether the number is below zero (never for zero).
  package var isNegative: Bool

  /// Creates a number from its digits; leading zeros are dropped and zero loses its sign.
  ///
  /// - Parameters:
  ///   - digits: The magnitude's digits, most significant first.
  ///   - exponent: The power of ten of the last digit.
  ///   - isNegative: Whether the number is below zero.
  package init(digits: [UInt8], exponent: Int, isNegative: Bool) {
    let first = digits.firstIndex { $0 != 0 }
    self.digits = first.map { Array(digits[$0...]) } ?? [0]
    self.exponent = exponent
    self.isNegative = isNegative && first != nil
  }

  /// The digits of an exact decimal.
  ///
  /// - Parameter value: The number.
  package init(_ value: ExactDecimal) {
    self.init(
      digits: Self.digits(of: String(value.significand)), exponent: -value.scale,
      isNegative: value.isNegative)
  }

  /// The digits of a whole number.
  ///
  /// - Parameter value: The number.
  package init(_ value: Int) {
    self.init(
      digits: Self.digits(of: String(value.magnitude)), exponent: 0, isNegative: value < 0)
  }

  /// The digits a plain table shows for a `Double` with `fractionDigits` digits after the point
  /// (``CellValue/decimal(_:fractionDigits:)``), or `nil` when it is not finite.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: The digits after the point the value is shown with.
  package init?(_ value: Double, fractionDigits: Int) {
    guard value.isFinite else { return nil }
    let text = FixedPoint.format(value, fractionDigits: fractionDigits)
    guard let number = try? ExactDecimal(text) else { return nil }
    self.init(number)
  }

  /// Whether every digit is zero.
  package var isZero: Bool { digits == [0] }

  /// The number of digits after the point (0 when the exponent is not negative).
  package var fractionDigitCount: Int { max(-exponent, 0) }

  /// The number times `10^places` (the digits stay; the point moves).
  ///
  /// - Parameter places: How far the point moves to the right.
  /// - Returns: The scaled number.
  package func scaled(by places: Int) -> DecimalDigits {
    var copy = self
    copy.exponent += places
    return copy
  }

  /// The number rounded to at most `fractionDigits` digits after the point.
  ///
  /// - Parameters:
  ///   - fractionDigits: The digits kept after the point.
  ///   - rule: How a tie rounds.
  /// - Returns: The rounded number; its exponent is at least `-fractionDigits`.
  package func rounded(toFractionDigits fractionDigits: Int, rule: ColumnFormat.Rounding)
    -> DecimalDigits
  {
    let dropped = -exponent - fractionDigits
    guard dropped > 0 else { return self }
    var kept = dropped >= digits.count ? [] : Array(digits[..<(digits.count - dropped)])
    let first: UInt8 = dropped > digits.count ? 0 : digits[digits.count - dropped]
    let restStart = digits.count - dropped + 1
    let restIsZero =
      restStart >= digits.count || digits[max(restStart, 0)...].allSatisfy { $0 == 0 }
    let roundsUp: Bool
    switch rule {
    case .halfEven:
      let lastKeptIsOdd = (kept.last ?? 0) % 2 == 1
      roundsUp = first > 5 || (first == 5 && (!restIsZero || lastKeptIsOdd))
    case .halfAwayFromZero:
      roundsUp = first >= 5
    }
    if roundsUp {
      var index = kept.count - 1
      while index >= 0, kept[index] == 9 {
        kept[index] = 0
        index -= 1
      }
      if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0) }
    }
    return DecimalDigits(
      digits: kept.isEmpty ? [0] : kept, exponent: -fractionDigits, isNegative: isNegative)
  }

  /// The integer part's digits as ASCII text (`"0"` when there are none).
  package var integerText: String {
    let count = digits.count + exponent
    guard count > 0, !isZero else { return "0" }
    var text = String(decoding: digits.prefix(count).map { $0 + 48 }, as: UTF8.self)
    if exponent > 0 { text += String(repeating: "0", count: exponent) }
    return text
  }

  /// The fraction's digits as ASCII text, exactly `count` of them (cut or padded with zeros).
  ///
  /// - Parameter count: The number of digits.
  /// - Returns: The digits after the point.
  package func fractionText(count: Int) -> String {
    var result = [UInt8]()
    result.reserveCapacity(count)
    for place in 1...max(count, 1) where place <= count {
      // The digit at 10^-place.
      let index = digits.count - 1 - (-place - exponent)
      result.append(index >= 0 && index < digits.count ? digits[index] + 48 : 48)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The exact decimal these digits make, or `nil` past 38 digits or a scale outside 0…38.
  package var exactDecimal: ExactDecimal? {
    var whole = digits
    var scale = -exponent
    if scale < 0 {
      whole += Array(repeating: 0, count: -scale)
      scale = 0
    }
    guard whole.count <= ExactDecimal.maximumDigits else { return nil }
    let significand = whole.reduce(UInt128(0)) { $0 * 10 + UInt128($1) }
    return try? ExactDecimal(significand: significand, scale: scale, isNegative: isNegative)
  }

  private static func digits(of text: String) -> [UInt8] {
    text.utf8.map { $0 - 48 }
  }
}
