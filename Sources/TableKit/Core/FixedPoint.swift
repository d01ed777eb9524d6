/// Exact fixed-point formatting of `Double`, the way C's `printf("%.Nf")` does it.
///
/// Multiplying by a power of ten in floating point rounds (2.675 × 100 is 267.49999…, and
/// 0.015 × 100 comes out as 1.5), so the scaled value is computed exactly instead: a finite double
/// is `m × 2^e` with a 53-bit `m`, and `m × 10^d × 2^e` fits in 128 bits below ``limit``.
/// Rounding is to the nearest, ties to even, on the exact binary value, which matches glibc.
package enum FixedPoint {
  /// The largest magnitude formatted exactly; larger values fall back to `description`.
  static let limit = 1.0e38

  /// The powers of ten a `Double` can carry exactly, indexed by exponent.
  package static let powersOfTen: [UInt64] = (0...15).map { exponent in
    var power: UInt64 = 1
    for _ in 0..<exponent { power *= 10 }
    return power
  }

  /// `|value| × 10^digits` rounded to a whole number, or `nil` when the product is at or past
  /// ``limit`` (or `value` is not finite).
  ///
  /// - Parameters:
  ///   - value: The number; its sign is ignored.
  ///   - digits: Digits after the point, 0 through 15.
  /// - Returns: The rounded magnitude in units of `10^-digits`.
  package static func scaledMagnitude(_ value: Double, digits: Int) -> UInt128? {
    guard value.isFinite else { return nil }
    let magnitude = value.magnitude
    let power = powersOfTen[digits]
    guard magnitude * Double(power) < limit else { return nil }
    if magnitude == 0 { return 0 }
    let isNormal = magnitude.exponentBitPattern != 0
    let significand = UInt128(
      isNormal ? (1 << 52) | magnitude.significandBitPattern : magnitude.significandBitPattern)
    let exponent = (isNormal ? Int(magnitude.exponentBitPattern) : 1) - 1075
    let product = significand * UInt128(power)
    if exponent >= 0 { return product << exponent }
    let shift = -exponent
    guard shift < 120 else { return 0 }
    let quotient = product >> shift
    let remainder = product & ((1 << shift) - 1)
    let half = UInt128(1) << (shift - 1)
    let roundsUp = remainder > half || (remainder == half && quotient & 1 == 1)
    return quotient + (roundsUp ? 1 : 0)
  }

  /// `value` with exactly `fractionDigits` digits after the point (clamped to 0…15), without a
  /// sign when it rounds to zero; values past ``limit`` and non-finite values use `description`.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point.
  /// - Returns: The formatted number, for example `-1234.50`.
  package static func format(_ value: Double, fractionDigits: Int) -> String {
    let digits = min(max(fractionDigits, 0), 15)
    guard let units = scaledMagnitude(value, digits: digits) else { return value.description }
    let power = UInt128(powersOfTen[digits])
    let sign = value < 0 && units != 0 ? "-" : ""
    let whole = String(units / power)
    guard digits > 0 else { return sign + whole }
    let fraction = String(units % power)
    return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}
