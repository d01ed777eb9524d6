/// A decimal number held digit for digit: money, quantities, anything a report must not round.
///
/// A `Double` cannot hold most decimal fractions, so `90071992547409.93` stored as one is written
/// back as `…409.92`. An exact decimal keeps the digits it was given: a whole number of units
/// (the ``significand``, up to 38 digits) and how many of them stand after the point
/// (the ``scale``, 0 through 38).
///
/// ```swift
/// let total = try ExactDecimal("90071992547409.93")
/// let price = ExactDecimal(minorUnits: -1999, scale: 2)  // -19.99
/// let values: [CellValue] = [.exactDecimal(total), .exactDecimal(price)]
/// ```
///
/// The rules every renderer follows:
/// - **Digits are written as given.** Trailing zeros are part of the value's scale, so `100.10`
///   is written `100.10` and `7.000` is written `7.000`; nothing is rounded.
/// - **Zero has no sign.** `-0.00` is written `0.00`, the same rule ``CellValue/decimal(_:fractionDigits:)``
///   follows for a value that rounds to zero; ``isNegative`` is always `false` for zero.
/// - **Plain notation.** `1E+3` reads as `1000` and `1.5e-3` as `0.0015`; output never uses an
///   exponent.
///
/// Equality compares the written form: `1.0` and `1.00` are different values because they show
/// differently. Compare ``numericallyEquals(_:)`` for the numbers themselves.
public struct ExactDecimal: Hashable, Sendable {
  /// The most digits a significand holds, and the most digits after the point.
  public static let maximumDigits = 38

  /// The largest significand: 38 nines.
  static let significandLimit: UInt128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

  // Stored as two words and a byte rather than a `UInt128` and an `Int`, so that a `CellValue`
  // holding one keeps the 24-byte stride it has for text and doubles: a wider value made every
  // row's values array larger and every render slower.
  private let significandLow: UInt64
  private let significandHigh: UInt64
  private let storedScale: UInt8

  /// Whether the number is below zero; never `true` for zero.
  public let isNegative: Bool

  /// The number's digits as a whole number of units of `10^-scale`, without its sign.
  public var significand: UInt128 {
    UInt128(significandHigh) << 64 | UInt128(significandLow)
  }

  /// How many of the digits stand after the decimal point, 0 through ``maximumDigits``.
  public var scale: Int { Int(storedScale) }

  /// Creates a decimal from its digits, its scale and its sign.
  ///
  /// - Parameters:
  ///   - significand: The digits as a whole number, at most 38 digits.
  ///   - scale: How many digits stand after the point, 0 through 38.
  ///   - isNegative: Whether the number is below zero; ignored for zero.
  /// - Throws: ``ExactDecimalError`` when the significand has more than 38 digits or the scale is
  ///   outside 0…38.
  public init(significand: UInt128, scale: Int, isNegative: Bool = false) throws(ExactDecimalError)
  {
    guard significand <= Self.significandLimit else {
      throw ExactDecimalError(
        text: (isNegative ? "-" : "") + String(significand),
        reason: .tooManyDigits(Self.digitCount(of: significand)))
    }
    guard (0...Self.maximumDigits).contains(scale) else {
      throw ExactDecimalError(
        text: (isNegative ? "-" : "") + String(significand), reason: .scaleOutOfRange(scale))
    }
    self.init(unchecked: significand, scale: scale, isNegative: isNegative)
  }

  /// Creates a decimal from a whole number of minor units: `ExactDecimal(minorUnits: 1999, scale: 2)`
  /// is `19.99`.
  ///
  /// Every `Int` has at most 19 digits, so this cannot fail; a scale outside 0…38 is clamped to
  /// that range (0 for a negative scale, 38 above it), as documented here.
  ///
  /// - Parameters:
  ///   - minorUnits: The amount in units of `10^-scale`, such as cents.
  ///   - scale: How many digits stand after the point.
  public init(minorUnits: Int, scale: Int) {
    self.init(
      unchecked: UInt128(minorUnits.magnitude), scale: min(max(scale, 0), Self.maximumDigits),
      isNegative: minorUnits < 0)
  }

  /// Creates a decimal from values already checked against the limits.
  init(unchecked significand: UInt128, scale: Int, isNegative: Bool) {
    significandLow = UInt64(truncatingIfNeeded: significand)
    significandHigh = UInt64(truncatingIfNeeded: significand >> 64)
    storedScale = UInt8(truncatingIfNeeded: scale)
    self.isNegative = isNegative && significand != 0
  }

  /// Whether the number is zero, whatever its scale.
  public var isZero: Bool { significand == 0 }

  /// Whether both numbers are the same number, whatever their scales (`1.0` and `1.00` are).
  ///
  /// - Parameter other: The number to compare with.
  /// - Returns: `true` when the two are numerically equal.
  public func numericallyEquals(_ other: ExactDecimal) -> Bool {
    guard isNegative == other.isNegative else { return false }
    let (low, high) = scale <= other.scale ? (self, other) : (other, self)
    var scaled = low.significand
    for _ in 0..<(high.scale - low.scale) {
      let (product, overflow) = scaled.multipliedReportingOverflow(by: 10)
      if overflow { return false }
      scaled = product
    }
    return scaled == high.significand
  }

  /// The number of digits before the point (at least one: `0.5` has one, `0`).
  public var integerDigitCount: Int {
    max(Self.digitCount(of: significand) - scale, 1)
  }

  /// The number of decimal digits of `value` (one for zero).
  static func digitCount(of value: UInt128) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }
}

extension ExactDecimal: CustomStringConvertible {
  /// The number in plain notation, digit for digit: `-1234.50`, `0.007`, `12`.
  public var description: String {
    var digits = String(significand)
    if scale > 0 {
      if digits.count <= scale {
        digits = String(repeating: "0", count: scale - digits.count + 1) + digits
      }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    }
    return isNegative ? "-" + digits : digits
  }
}

extension ExactDecimal {
  /// The number times 100 followed by `%`, digit for digit: `0.125` is `12.5%`, `2` is `200%`.
  ///
  /// The point moves two places; when that would need more than 38 digits the number is written
  /// with its point moved in the text, so nothing is lost or rounded.
  package var percentText: String {
    var digits = String(significand)
    if scale >= 2 {
      let pointAt = scale - 2
      if pointAt > 0 {
        if digits.count <= pointAt {
          digits = String(repeating: "0", count: pointAt - digits.count + 1) + digits
        }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -pointAt))
      }
    } else if significand != 0 {
      digits += String(repeating: "0", count: 2 - scale)
    }
    return (isNegative ? "-" : "") + digits + "%"
  }
}
