public import TableKit

extension ExactDecimal {
  /// Whether this number is below `other`, comparing the numbers exactly whatever their scales.
  ///
  /// `1.50` is not below `1.5`; `-2` is below `-1.99`. Used by the ``Aggregate/minimum`` and
  /// ``Aggregate/maximum`` summaries.
  ///
  /// - Parameter other: The number to compare with.
  /// - Returns: `true` when this number is smaller.
  public func isNumericallyLess(than other: ExactDecimal) -> Bool {
    if isNegative != other.isNegative { return isNegative }
    let magnitudeOrder = Self.compareMagnitudes(self, other)
    return isNegative ? magnitudeOrder > 0 : magnitudeOrder < 0
  }

  /// -1, 0 or 1 as `|a|` is below, equal to or above `|b|`.
  private static func compareMagnitudes(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
    let aUnit = ExactSum.powerOfTen(a.scale)
    let bUnit = ExactSum.powerOfTen(b.scale)
    let (aWhole, aFraction) = a.significand.quotientAndRemainder(dividingBy: aUnit)
    let (bWhole, bFraction) = b.significand.quotientAndRemainder(dividingBy: bUnit)
    if aWhole != bWhole { return aWhole < bWhole ? -1 : 1 }
    // A fraction below 10^scale times 10^(top - scale) stays below 10^38: no overflow.
    let top = max(a.scale, b.scale)
    let aScaled = aFraction * ExactSum.powerOfTen(top - a.scale)
    let bScaled = bFraction * ExactSum.powerOfTen(top - b.scale)
    return aScaled == bScaled ? 0 : (aScaled < bScaled ? -1 : 1)
  }
}
