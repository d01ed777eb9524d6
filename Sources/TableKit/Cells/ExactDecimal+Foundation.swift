public import Foundation

extension ExactDecimal {
  /// Creates an exact decimal with the digits of a Foundation `Decimal`.
  ///
  /// Foundation's `Decimal` holds up to 38 digits with an exponent from −128 to 127, so a value
  /// whose plain notation needs more than 38 digits, or more than 38 after the point, is an
  /// error rather than a rounded number. Trailing zeros that `Decimal` keeps are kept.
  ///
  /// ```swift
  /// let amount = Decimal(string: "90071992547409.93")!
  /// try ExactDecimal(amount).description  // "90071992547409.93"
  /// ```
  ///
  /// - Parameter decimal: The number; `NaN` is refused.
  /// - Throws: ``ExactDecimalError`` naming the number and what is wrong.
  public init(_ decimal: Decimal) throws(ExactDecimalError) {
    try self.init(decimal.description)
  }
}

extension CellValue {
  /// An exact decimal value with the digits of a Foundation `Decimal`.
  ///
  /// - Parameter decimal: The number.
  /// - Throws: ``ExactDecimalError`` when the number does not fit 38 digits.
  /// - Returns: ``exactDecimal(_:)`` holding the number.
  public static func decimal(_ decimal: Decimal) throws(ExactDecimalError) -> CellValue {
    .exactDecimal(try ExactDecimal(decimal))
  }
}
