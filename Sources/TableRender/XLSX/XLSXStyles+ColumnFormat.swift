import TableKit
import TableKitReports

extension XLSXStyles {
  /// The number format that shows `value` as a report column's format asks, or `nil` when the
  /// format leaves the value's own (plain and date formats; a value that is not a number).
  ///
  /// Numbers show the value's own digits after the point kept within the format's fewest and
  /// most (0…3 when it names none), grouped if the format groups; percentages likewise (0…0);
  /// money its symbol or code, the format's digits (else the currency's), and parentheses for
  /// negatives when the format is an accounting one; scientific notation the format's most
  /// digits (2 when it names none). Each count of digits is a fixed format (`0.00`), since a
  /// spreadsheet shows `12.` for `12` in a format of optional digits (`0.##`). A spreadsheet's format is not a
  /// locale's: grouping and the decimal point follow the reader's spreadsheet settings, and it
  /// rounds a tie away from zero.
  static func numberFormat(for format: ColumnFormat, value: CellValue) -> String? {
    guard value.isNumeric else { return nil }
    let grouped = format.usesGrouping ? "#,##0" : "0"
    switch format.kind {
    case .plain, .dateStyle, .datePattern:
      return nil
    case .number:
      return grouped + fraction(scale(of: value), within: format.fractionDigits ?? 0...3)
    case .percent:
      return grouped + fraction(scale(of: value) - 2, within: format.fractionDigits ?? 0...0)
        + "%"
    case .scientific:
      return "0" + fixed(format.fractionDigits?.upperBound ?? 2).dropFirst() + "E+00"
    case .currency(let code, let display, let accounting):
      var currency = code
      if case .money(let money) = value { currency = money.currency }
      let places = currency.map(CurrencyDigits.digits(for:)) ?? 2
      let digits = fraction(scale(of: value), within: format.fractionDigits ?? places...places)
      guard let currency else { return grouped + digits }
      let symbol =
        display == .symbol ? currencySymbols[currency] ?? currency + " " : currency + " "
      let number = "\"" + symbol.filter { $0 != "\"" } + "\"" + grouped + digits
      return accounting ? "\(number)_);(\(number))" : "\(number);-\(number)"
    }
  }

  /// `.00` for `scale` digits kept within `digits`; empty for none.
  private static func fraction(_ scale: Int, within digits: ClosedRange<Int>) -> String {
    String(fixed(min(max(scale, digits.lowerBound), digits.upperBound, 30)).dropFirst())
  }

  /// The digits after the point a number has as written.
  private static func scale(of value: CellValue) -> Int {
    switch value {
    case .decimal(_, let digits): digits
    case .exactDecimal(let number): number.scale
    case .money(let money): money.amount.scale
    case .percent(let fraction): fraction.scale
    case .integer, .text, .date, .boolean, .empty: 0
    }
  }
}
