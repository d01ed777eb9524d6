/// How many digits each currency shows after the point, from CLDR's supplemental fraction table
/// (Generated/CurrencyDigits+Tables.swift): two unless the table says otherwise (JPY 0, BHD 3,
/// CLF 4).
package enum CurrencyDigits {
  /// The minor-unit digits of a currency; 2 for a currency the table does not name.
  ///
  /// - Parameter code: An ISO 4217 code.
  /// - Returns: 0 through 4.
  package static func digits(for code: String) -> Int {
    nonstandard[code] ?? 2
  }
}
