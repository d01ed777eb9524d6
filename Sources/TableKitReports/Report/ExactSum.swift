public import TableKit

/// A running sum of exact decimals that never rounds and never wraps.
///
/// Values are added at the largest scale seen so far (`1.5 + 2.25` is `3.75`, scale 2); a sum,
/// or a value brought to that scale, that needs more than `ExactDecimal.maximumDigits`
/// digits makes `add(_:)` throw instead of losing a digit. Adding in any order gives the same
/// sum, so subtotals always add up to the grand total.
///
/// ```swift
/// var sum = ExactSum()
/// try sum.add(ExactDecimal(minorUnits: 1999, scale: 2))
/// try sum.add(ExactDecimal(minorUnits: -500, scale: 2))
/// sum.value.description  // "14.99"
/// ```
public struct ExactSum: Hashable, Sendable {
  /// The sum's digits without its sign, in units of `10^-scale`.
  private var magnitude: UInt128 = 0
  private var isNegative = false
  private var scale = 0

  /// The largest magnitude an exact decimal holds: 38 nines.
  static let limit: UInt128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

  /// Thrown by `add(_:)` when the sum needs more than 38 digits.
  public struct Overflow: Error, Hashable, Sendable {}

  /// Creates a sum of nothing: zero with scale 0.
  public init() {}

  /// The sum so far; zero has no sign.
  public var value: ExactDecimal {
    // The magnitude never passes the limit and the scale never passes 38.
    (try? ExactDecimal(significand: magnitude, scale: scale, isNegative: isNegative))
      ?? ExactDecimal(minorUnits: 0, scale: 0)
  }

  /// Adds `value` exactly.
  ///
  /// - Parameter value: The number to add.
  /// - Throws: ``Overflow`` when the sum, or `value` at the sum's scale, needs more than 38
  ///   digits; the sum is then unchanged.
  public mutating func add(_ value: ExactDecimal) throws(Overflow) {
    let target = max(scale, value.scale)
    let mine = try Self.scaled(magnitude, by: target - scale)
    let theirs = try Self.scaled(value.significand, by: target - value.scale)
    if isNegative == value.isNegative || mine == 0 || theirs == 0 {
      let (total, overflow) = mine.addingReportingOverflow(theirs)
      guard !overflow, total <= Self.limit else { throw Overflow() }
      isNegative = mine == 0 ? value.isNegative : isNegative
      magnitude = total
    } else if mine >= theirs {
      magnitude = mine - theirs
    } else {
      magnitude = theirs - mine
      isNegative = value.isNegative
    }
    if magnitude == 0 { isNegative = false }
    scale = target
  }

  /// Adds another sum exactly; see `add(_:)`.
  ///
  /// - Parameter other: The sum to add.
  /// - Throws: ``Overflow`` when the total needs more than 38 digits.
  public mutating func add(_ other: ExactSum) throws(Overflow) {
    try add(other.value)
  }

  /// The sum divided by `count`, rounded half to even at the sum's scale.
  ///
  /// - Parameter count: The divisor, at least 1.
  /// - Returns: The quotient with the sum's scale; the sum itself when `count` is less than 1.
  public func divided(by count: Int) -> ExactDecimal {
    guard count > 1 else { return value }
    let divisor = UInt128(count)
    var (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: divisor)
    let twice = remainder * 2
    if twice > divisor || (twice == divisor && quotient % 2 == 1) { quotient += 1 }
    return (try? ExactDecimal(significand: quotient, scale: scale, isNegative: isNegative))
      ?? value
  }

  /// The sum divided by `count`, rounded once, by `rule`, to `places` digits after the point.
  ///
  /// The quotient is exact up to that rounding: digits past the sum's scale come from long
  /// division, and a tie is a tie only when nothing is left over, so `0.125` over 1 to two places
  /// half to even is `0.12`, and `0.1251` is `0.13` (no double rounding).
  ///
  /// ```swift
  /// var sum = ExactSum()
  /// try sum.add(ExactDecimal(minorUnits: 5, scale: 0))
  /// sum.divided(by: 2, toFractionDigits: 3, rule: .halfEven)?.description  // "2.500"
  /// ```
  ///
  /// - Parameters:
  ///   - count: The divisor; a count below 1 divides by 1.
  ///   - places: Digits after the point, 0 through 38.
  ///   - rule: How a tie rounds.
  /// - Returns: The rounded quotient with scale `places`, or `nil` when it needs more than 38
  ///   digits.
  public func divided(
    by count: Int, toFractionDigits places: Int, rule: ColumnFormat.Rounding
  ) -> ExactDecimal? {
    guard (0...38).contains(places) else { return nil }
    let divisor = UInt128(max(count, 1))
    var (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: divisor)
    // Whether what is cut off is above, at or below half a unit of the last kept digit.
    let comparedWithHalf: Int
    if places >= scale {
      for _ in 0..<(places - scale) {
        let (shifted, overflow) = quotient.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        let widened = remainder * 10
        quotient = shifted + widened / divisor
        remainder = widened % divisor
        guard quotient <= Self.limit else { return nil }
      }
      let twice = remainder * 2
      comparedWithHalf = twice > divisor ? 1 : twice == divisor ? 0 : -1
    } else {
      let unit = Self.powerOfTen(scale - places)
      let (kept, dropped) = quotient.quotientAndRemainder(dividingBy: unit)
      let half = unit / 2
      quotient = kept
      comparedWithHalf =
        dropped > half || (dropped == half && remainder > 0) ? 1 : dropped == half ? 0 : -1
    }
    let roundsUp: Bool
    switch (comparedWithHalf, rule) {
    case (1, _), (0, .halfAwayFromZero): roundsUp = true
    case (0, .halfEven): roundsUp = quotient % 2 == 1
    default: roundsUp = false
    }
    if roundsUp { quotient += 1 }
    guard quotient <= Self.limit else { return nil }
    return try? ExactDecimal(
      significand: quotient, scale: places, isNegative: isNegative && quotient != 0)
  }

  /// `value × 10^places`, or ``Overflow`` past 38 digits.
  static func scaled(_ value: UInt128, by places: Int) throws(Overflow) -> UInt128 {
    guard places > 0, value != 0 else { return value }
    guard places <= 38 else { throw Overflow() }
    let (product, overflow) = value.multipliedReportingOverflow(by: powerOfTen(places))
    guard !overflow, product <= limit else { throw Overflow() }
    return product
  }

  /// `10^exponent` for 0 through 38.
  static func powerOfTen(_ exponent: Int) -> UInt128 {
    var power: UInt128 = 1
    for _ in 0..<exponent { power *= 10 }
    return power
  }
}
