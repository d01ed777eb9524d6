/// One column's value in a multi-column row.
///
/// Values keep their type so renderers can treat them well: numbers are right-aligned and
/// formatted without going through `String(format:)`, text is escaped for each format.
///
/// ```swift
/// let values: [CellValue] = [
///   "INV-1042", .exactDecimal(ExactDecimal(minorUnits: 125_050, scale: 2)), .boolean(true),
/// ]
/// ```
public enum CellValue: Hashable, Sendable {
  /// Text, shown as it is (escaped by each renderer).
  case text(String)
  /// A whole number.
  case integer(Int)
  /// A number shown with a fixed number of digits after the decimal point.
  ///
  /// The digits are clamped to 0…15: a `Double` carries about 16 significant digits, so more
  /// would show binary noise, not data. For amounts that must keep every digit (money, or more
  /// than 15 digits after the point) use ``exactDecimal(_:)``.
  case decimal(Double, fractionDigits: Int)
  /// A decimal number written digit for digit as it was given (see ``ExactDecimal`` for the
  /// rules on trailing zeros and the sign of zero).
  case exactDecimal(ExactDecimal)
  /// An amount of money in a currency, digit for digit.
  case money(Money)
  /// A fraction shown as a percentage: `0.125` is 12.5 %. Kept exact, like ``exactDecimal(_:)``.
  case percent(ExactDecimal)
  /// A calendar date, a time of day or both (boxed, so every value keeps its 24-byte stride).
  indirect case date(DateValue)
  /// A yes-or-no value.
  case boolean(Bool)
  /// No value; renderers show an empty cell.
  case empty

  /// Whether the value is a number (renderers align numbers to the right by default).
  public var isNumeric: Bool {
    switch self {
    case .integer, .decimal, .exactDecimal, .money, .percent: true
    case .text, .date, .boolean, .empty: false
    }
  }

  /// The value as plain text, the same in every locale.
  ///
  /// Numbers in the POSIX format (`-1234.50`, rounded as `printf` rounds
  /// but with no sign on a value that rounds to zero; exact decimals digit for digit), money as
  /// its code and amount (`EUR 1234.50`), a percentage as its fraction times 100 with a percent
  /// sign (`12.5%`), a date as it was written, booleans as `true` and `false`, ``empty`` as the
  /// empty string. A report's column formats show values in a locale instead.
  public var text: String {
    switch self {
    case .text(let string): string
    case .integer(let number): String(number)
    case .decimal(let number, let digits): FixedPoint.format(number, fractionDigits: digits)
    case .exactDecimal(let number): number.description
    case .money(let money): money.description
    case .percent(let fraction): fraction.percentText
    case .date(let date): date.written
    case .boolean(let flag): flag ? "true" : "false"
    case .empty: ""
    }
  }
}

extension CellValue: ExpressibleByStringLiteral {
  /// Creates a ``text(_:)`` value from a string literal.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension CellValue: ExpressibleByIntegerLiteral {
  /// Creates an ``integer(_:)`` value from an integer literal.
  ///
  /// - Parameter value: The number.
  public init(integerLiteral value: Int) {
    self = .integer(value)
  }
}

extension CellValue: CustomStringConvertible {
  /// The value as plain text; see ``text``.
  public var description: String { text }
}
