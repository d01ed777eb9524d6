public import TableKit

extension ColumnFormat {
  /// The text of `value` in this format and `locale`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - locale: The conventions to follow.
  /// - Returns: The text a renderer shows (escaped by that renderer).
  public func text(for value: CellValue, in locale: ReportLocale) -> String {
    if case .empty = value { return missingText }
    switch kind {
    case .plain:
      return value.text
    case .dateStyle, .datePattern:
      guard case .date(let date) = value else { return value.text }
      return dateText(date, in: locale.data)
    case .number, .percent, .scientific, .currency:
      guard let number = Self.number(of: value) else { return value.text }
      return numberText(number.digits, currency: number.currency, in: locale.data)
    }
  }

  /// `value` rounded to this format's digits after the point by its rounding rule, for a
  /// summary (a mean) that must show what the column shows; the value itself for formats that
  /// do not round (plain, dates).
  ///
  /// Numbers round to ``fractionDigits``'s upper bound (3 when `nil`, the locales' decimal
  /// pattern); percentages to that many digits of the percentage (0 when `nil`); money to the
  /// format's currency digits (2 without a code). Scientific notation is not rounded here.
  ///
  /// - Parameter value: The exact value.
  /// - Returns: The rounded value, or `value` when the rounded one would need more than 38 digits.
  public func round(_ value: ExactDecimal) -> ExactDecimal {
    guard let places = roundingPlaces(currency: nil) else { return value }
    return DecimalDigits(value).rounded(toFractionDigits: places, rule: rounding).exactDecimal
      ?? value
  }

  /// The digits after the point ``round(_:)`` keeps, or `nil` for formats that do not round
  /// (plain, scientific, dates); `currency` is the value's own currency, if it is money.
  package func roundingPlaces(currency: String?) -> Int? {
    switch kind {
    case .plain, .dateStyle, .datePattern, .scientific: return nil
    case .number: return fractionDigits?.upperBound ?? 3
    case .percent: return (fractionDigits?.upperBound ?? 0) + 2
    case .currency(let code, _, _):
      return fractionDigits?.upperBound ?? (currency ?? code).map(CurrencyDigits.digits(for:)) ?? 2
    }
  }

  /// The mean of a sum over `count` values, rounded once to the digits this format shows, by
  /// its ``rounding`` rule.
  ///
  /// A number, percent or currency format rounds as ``round(_:)`` does (money to its own
  /// currency's digits unless ``fractionDigits`` says otherwise). A format that does not round
  /// (plain, scientific, dates) keeps the values' largest scale, and 3 digits after the point
  /// when they have fewer, with zeros past the values' scale dropped: the mean of 2 and 3 is
  /// `2.5`, of 1, 1 and 2 is `1.333`, of `1.50` and `2.50` is `2.00`; money keeps its currency's
  /// digits (`EUR 2.50`).
  ///
  /// - Parameters:
  ///   - sum: The exact sum of the values.
  ///   - count: How many values were added, at least 1.
  ///   - currency: The values' currency when they are money.
  /// - Returns: The rounded mean, or `nil` when it needs more than 38 digits.
  package func mean(of sum: ExactSum, count: Int, currency: String?) -> ExactDecimal? {
    let scale = sum.value.scale
    if let places = roundingPlaces(currency: currency) {
      return sum.divided(by: count, toFractionDigits: min(places, 38), rule: rounding)
    }
    if let currency {
      let places = max(scale, CurrencyDigits.digits(for: currency))
      return sum.divided(by: count, toFractionDigits: places, rule: rounding)
    }
    guard let mean = sum.divided(by: count, toFractionDigits: max(scale, 3), rule: rounding)
    else { return nil }
    var significand = mean.significand
    var places = mean.scale
    while places > scale, significand % 10 == 0 {
      significand /= 10
      places -= 1
    }
    return try? ExactDecimal(significand: significand, scale: places, isNegative: mean.isNegative)
  }

  /// The digits of a numeric value and the currency it carries, or `nil` for text, dates,
  /// booleans and doubles that are not finite.
  private static func number(of value: CellValue) -> (digits: DecimalDigits, currency: String?)? {
    switch value {
    case .integer(let number): (DecimalDigits(number), nil)
    case .decimal(let number, let digits):
      DecimalDigits(number, fractionDigits: min(max(digits, 0), 15)).map { ($0, nil) }
    case .exactDecimal(let number): (DecimalDigits(number), nil)
    case .percent(let fraction): (DecimalDigits(fraction), nil)
    case .money(let money): (DecimalDigits(money.amount), money.currency)
    case .text, .date, .boolean, .empty: nil
    }
  }

  private func numberText(
    _ digits: DecimalDigits, currency valueCurrency: String?, in data: LocaleData
  )
    -> String
  {
    var options = NumberPattern.Options(
      fractionDigits: fractionDigits, grouping: usesGrouping, rounding: rounding)
    let pattern: NumberPattern
    switch kind {
    case .percent: pattern = data.parsedPatterns[1]
    case .scientific: pattern = data.parsedPatterns[2]
    case .currency(let code, let display, let accounting):
      let shown = valueCurrency ?? code
      pattern = data.parsedPatterns[accounting ? 4 : 3]
      if let shown {
        options.currency = (display == .symbol ? data.currencySymbol(for: shown) : shown, shown)
        if options.fractionDigits == nil {
          let count = CurrencyDigits.digits(for: shown)
          options.fractionDigits = count...count
        }
      } else {
        options.currency = ("", "")
      }
    default:
      // Money in a number column is its amount; the currency is the column's business.
      pattern = data.parsedPatterns[0]
    }
    return pattern.format(digits, symbols: data.symbols, options: options)
  }
}
