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
  ///
  /// Written out as literals: the compiler then lays the array out statically, so reading it
  /// needs no lazy-initialization check (a computed array costs a call on every access).
  package static let powersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000,
  ]

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
    let significand64 =
      isNormal ? (1 << 52) | magnitude.significandBitPattern : magnitude.significandBitPattern
    let exponent = (isNormal ? Int(magnitude.exponentBitPattern) : 1) - 1075
    if power < 1024, exponent < 0, exponent > -64 {
      // Up to three digits and a fractional value: a 53-bit significand times at most 1000
      // fits 64 bits, and 64-bit arithmetic is several times cheaper than 128-bit.
      let product = significand64 &* power
      let shift = UInt64(-exponent)
      let quotient = product >> shift
      let remainder = product & ((1 << shift) &- 1)
      let half: UInt64 = 1 << (shift &- 1)
      let roundsUp = remainder > half || (remainder == half && quotient & 1 == 1)
      return UInt128(quotient + (roundsUp ? 1 : 0))
    }
    let significand = UInt128(significand64)
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
