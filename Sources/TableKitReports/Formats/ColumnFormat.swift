import TableKit

/// How one column of a report shows its values: as they are, or as numbers, money, percentages,
/// scientific notation or dates in a locale's conventions.
///
/// ```swift
/// let euros = ColumnFormat.currency("EUR")
/// let german = try ReportLocale(identifier: "de_DE")
/// euros.text(for: .exactDecimal(try ExactDecimal("-1234.567")), in: german)  // "-1.234,57 €"
/// ColumnFormat.percent(fractionDigits: 1...1).text(for: .percent(try ExactDecimal("0.1234")), in: german)
/// // "12,3 %"
/// ```
///
/// Every number is formatted from its decimal digits, never through a `Double`, and rounded by
/// ``Rounding-swift.enum`` (half to even unless a format says otherwise, as Python's `decimal` and
/// babel round). The output for every generated locale is checked against babel by
/// `Scripts/check-formats.py`. A value the format does not apply to (text in a number column,
/// a number in a date column, a boolean) shows its plain text; an empty value shows
/// ``missingText``. A number that rounds to zero is written without a sign.
public struct ColumnFormat: Hashable, Sendable {
  /// How a tie between two roundings is broken.
  public enum Rounding: Hashable, Sendable {
    /// A tie goes to the even digit: 0.125 → 0.12, 0.135 → 0.14 (babel's and `decimal`'s default).
    case halfEven
    /// A tie goes away from zero: 0.125 → 0.13, -0.125 → -0.13.
    case halfAwayFromZero
  }

  /// How a currency is named next to its amount.
  public enum CurrencyDisplay: Hashable, Sendable {
    /// The locale's symbol, such as `€` or `US$` (the code when the locale has none).
    case symbol
    /// The ISO 4217 code, such as `EUR`.
    case code
  }

  /// The named date and time patterns of a locale.
  public enum DateStyle: Hashable, Sendable {
    /// Numeric, such as `2/29/24` and `3:05 PM`.
    case short
    /// Abbreviated, such as `Feb 29, 2024`.
    case medium
    /// Long, such as `February 29, 2024`.
    case long
    /// Full, with the weekday, such as `Thursday, February 29, 2024`.
    case full
  }

  package enum Kind: Hashable, Sendable {
    case plain
    case number
    case percent
    case scientific
    case currency(code: String?, display: CurrencyDisplay, accounting: Bool)
    case dateStyle(DateStyle)
    case datePattern(String)
  }

  package var kind = Kind.plain

  /// The text shown for an empty value.
  public var missingText: String = ""

  /// The fewest and most digits after the point; `nil` takes the locale pattern's (0…3 for
  /// numbers, 0…0 for percentages, every digit for scientific notation) or the currency's.
  public var fractionDigits: ClosedRange<Int>?

  /// Whether the integer part is grouped with the locale's group symbol and group sizes
  /// (`12,34,567` in `en_IN`).
  public var usesGrouping = true

  /// How a tie rounds.
  public var rounding = Rounding.halfEven

  /// Values as a plain table shows them (`CellValue.text`).
  public static let plain = ColumnFormat()

  /// Numbers in the locale's decimal pattern.
  ///
  /// - Parameters:
  ///   - fractionDigits: The fewest and most digits after the point (the locale's 0…3 if `nil`).
  ///   - grouping: Whether to group the integer part.
  ///   - rounding: How a tie rounds.
  /// - Returns: The format.
  public static func number(
    fractionDigits: ClosedRange<Int>? = nil, grouping: Bool = true,
    rounding: Rounding = .halfEven
  ) -> ColumnFormat {
    ColumnFormat(
      kind: .number, fractionDigits: fractionDigits, usesGrouping: grouping, rounding: rounding)
  }

  /// Fractions shown as percentages in the locale's percent pattern: `0.125` is `12.5 %` with
  /// one fraction digit.
  ///
  /// - Parameters:
  ///   - fractionDigits: Digits after the point of the percentage (0…0 if `nil`).
  ///   - grouping: Whether to group the integer part.
  ///   - rounding: How a tie rounds.
  /// - Returns: The format.
  public static func percent(
    fractionDigits: ClosedRange<Int>? = nil, grouping: Bool = true,
    rounding: Rounding = .halfEven
  ) -> ColumnFormat {
    ColumnFormat(
      kind: .percent, fractionDigits: fractionDigits, usesGrouping: grouping, rounding: rounding)
  }

  /// Numbers in the locale's scientific pattern, such as `1.2345E4`.
  ///
  /// - Parameters:
  ///   - fractionDigits: Digits after the point of the mantissa (every digit if `nil`).
  ///   - rounding: How a tie rounds.
  /// - Returns: The format.
  public static func scientific(
    fractionDigits: ClosedRange<Int>? = nil, rounding: Rounding = .halfEven
  ) -> ColumnFormat {
    ColumnFormat(kind: .scientific, fractionDigits: fractionDigits, rounding: rounding)
  }

  /// Money in the locale's currency pattern.
  ///
  /// A `CellValue.money(_:)` value is always shown in its own currency; `code` names
  /// the currency of plain numbers in the column. Amounts show the currency's digits (CLDR's
  /// fraction table: 2, or 0 for JPY, 3 for BHD, 4 for CLF) unless `fractionDigits` says otherwise.
  ///
  /// - Parameters:
  ///   - code: The ISO 4217 code for numbers that are not money, or `nil` to show them
  ///     without a currency.
  ///   - display: The locale's symbol or the ISO code.
  ///   - accounting: Whether negatives follow the locale's accounting pattern (in parentheses
  ///     where it has them, as in `en_US`'s `($1,234.50)`).
  ///   - fractionDigits: Digits after the point, overriding the currency's.
  ///   - grouping: Whether to group the integer part.
  ///   - rounding: How a tie rounds.
  /// - Returns: The format.
  public static func currency(
    _ code: String? = nil, display: CurrencyDisplay = .symbol, accounting: Bool = false,
    fractionDigits: ClosedRange<Int>? = nil, grouping: Bool = true,
    rounding: Rounding = .halfEven
  ) -> ColumnFormat {
    ColumnFormat(
      kind: .currency(code: code, display: display, accounting: accounting),
      fractionDigits: fractionDigits, usesGrouping: grouping, rounding: rounding)
  }

  /// Dates, times and date-times in one of the locale's named styles.
  ///
  /// A date uses the locale's date pattern, a time its time pattern and a date-time both, joined
  /// by the locale's pattern for that style. The long and full time patterns name a zone: a time
  /// read without a UTC offset is shown in the medium style instead, never with a made-up zone.
  ///
  /// - Parameter style: The style.
  /// - Returns: The format.
  public static func date(_ style: DateStyle) -> ColumnFormat {
    ColumnFormat(kind: .dateStyle(style))
  }

  /// Dates and times by a CLDR pattern such as `EEEE d MMMM y` or `yyyy-MM-dd HH:mm`.
  ///
  /// Letters: `G` era; `y` year (`yy` two digits, `yyyy` four); `M` month (`M`, `MM` numbers,
  /// `MMM` abbreviated, `MMMM` wide; `L` the same); `d` day; `E` weekday (`E`–`EEE`
  /// abbreviated, `EEEE` wide; `c` stand-alone); `H` hour 0–23, `h` 1–12, `K` 0–11, `k` 1–24;
  /// `m` minute; `s` second; `S` fraction of a second (truncated); `a` and `B` a.m./p.m.;
  /// `z`, `Z`, `x`, `X`, `O` the UTC offset (as `GMT+2`, `+02:00` or `Z`, or nothing when the
  /// value has none). Other ASCII letters are reserved and written as they are; `'…'` quotes text.
  ///
  /// - Parameter pattern: The pattern.
  /// - Returns: The format.
  public static func date(pattern: String) -> ColumnFormat {
    ColumnFormat(kind: .datePattern(pattern))
  }
}
