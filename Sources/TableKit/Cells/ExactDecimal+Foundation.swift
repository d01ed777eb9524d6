public import Foundation

extension ExactDecimal {
  /// Creates an exact decimal with the digits of a Foundation `Decimal`.
  ///
  /// Foundation's `Decimal` holds up to 38 digits with an exponent from −128 to 127, so a value
  /// whose plain notation needs more than 38 digits, or more than 38 after the point, is an
  /// error rather than a rounded number.
  ///
  /// `Decimal` does not keep trailing zeros: `Decimal(string: "45.00")` is the number 45, and
  /// `100.10` is `100.1`. Pass `scale` to show a fixed number of digits after the point, as money
  /// needs: the value is rounded half away from zero to that many digits (`2.345` → `2.35`,
  /// `-2.345` → `-2.35`) and padded with zeros (`45` → `45.00`).
  ///
  /// ```swift
  /// let amount = Decimal(string: "90071992547409.93")!
  /// try ExactDecimal(amount).description  // "90071992547409.93"
  /// try ExactDecimal(Decimal(45), scale: 2).description  // "45.00"
  /// ```
  ///
  /// - Parameters:
  ///   - decimal: The number; `NaN` is refused.
  ///   - scale: Digits after the point, 0 through 38, or `nil` (the default) for the digits the
  ///     `Decimal` holds.
  /// - Throws: ``ExactDecimalError`` naming the number and what is wrong: more than 38 digits,
  ///   `NaN`, or a scale outside 0…38.
  public init(_ decimal: Decimal, scale: Int? = nil) throws(ExactDecimalError) {
    guard let scale else {
      try self.init(decimal.description)
      return
    }
    guard (0...Self.maximumDigits).contains(scale) else {
      throw ExactDecimalError(text: decimal.description, reason: .scaleOutOfRange(scale))
    }
    var value = decimal
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, scale, .plain)
    let exact = try ExactDecimal(rounded.description)
    // Rounding leaves at most `scale` digits after the point; pad the rest with zeros.
    var significand = exact.significand
    for _ in exact.scale..<max(exact.scale, scale) {
      let (product, overflow) = significand.multipliedReportingOverflow(by: 10)
      guard !overflow, product <= Self.significandLimit else {
        throw ExactDecimalError(
          text: decimal.description,
          reason: .tooManyDigits(exact.integerDigitCount + scale))
      }
      significand = product
    }
    try self.init(
      significand: significand, scale: max(exact.scale, scale), isNegative: exact.isNegative)
  }
}

extension CellValue {
  /// An exact decimal value with the digits of a Foundation `Decimal`.
  ///
  /// `Decimal` drops trailing zeros (`45.00` is `45`); give `scale` to show a fixed number of
  /// digits after the point, rounded half away from zero and padded with zeros:
  ///
  /// ```swift
  /// try CellValue.decimal(Decimal(string: "45")!, scale: 2).text  // "45.00"
  /// try CellValue.decimal(Decimal(string: "100.1")!, scale: 2).text  // "100.10"
  /// ```
  ///
  /// - Parameters:
  ///   - decimal: The number.
  ///   - scale: Digits after the point, 0 through 38, or `nil` (the default) for the digits the
  ///     `Decimal` holds.
  /// - Throws: ``ExactDecimalError`` when the number does not fit 38 digits or the scale is
  ///   outside 0…38.
  /// - Returns: ``exactDecimal(_:)`` holding the number.
  public static func decimal(_ decimal: Decimal, scale: Int? = nil) throws(ExactDecimalError)
    -> CellValue
  {
    .exactDecimal(try ExactDecimal(decimal, scale: scale))
  }
}
