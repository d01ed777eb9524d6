/// One locale's CLDR data as the generated tables hold it (Generated/LocaleData+Tables.swift,
/// written by Scripts/cldr-tables.py), with its number patterns taken apart once.
package struct LocaleData: Hashable, Sendable {
  /// The identifier, such as `de_DE`.
  package let identifier: String
  /// Decimal, group, minus, plus, percent and exponential symbols (the `latn` digits' symbols).
  package let symbols: [String]
  /// The CLDR patterns: decimal, percent, scientific, currency and accounting.
  package let numberPatterns: [String]
  /// Pairs of an ISO code and its symbol, for the supported currencies whose symbol is not the code.
  package let currencySymbols: [String]
  /// The 12 wide month names, then the 12 abbreviated ones (format context).
  package let months: [String]
  /// Weekdays from Monday: 7 wide, 7 abbreviated (format context), then the same stand-alone.
  package let weekdays: [String]
  /// The abbreviated names of the morning and afternoon periods (`AM`, `PM`).
  package let periods: [String]
  /// The Common Era's wide and abbreviated names.
  package let eras: [String]
  /// The short, medium, long and full date patterns.
  package let dateFormats: [String]
  /// The short, medium, long and full time patterns.
  package let timeFormats: [String]
  /// The short, medium, long and full patterns joining a date (`{1}`) and a time (`{0}`).
  package let dateTimeFormats: [String]
  /// ``numberPatterns`` taken apart, in the same order.
  package let parsedPatterns: [NumberPattern]

  /// Creates a locale's data from the generated tables' fields.
  ///
  /// - Parameters:
  ///   - identifier: The identifier.
  ///   - symbols: Decimal, group, minus, plus, percent and exponential.
  ///   - numberPatterns: Decimal, percent, scientific, currency and accounting patterns.
  ///   - currencySymbols: Code and symbol pairs.
  ///   - months: Wide then abbreviated month names.
  ///   - weekdays: Wide then abbreviated weekdays from Monday, format then stand-alone.
  ///   - periods: a.m. and p.m.
  ///   - eras: The Common Era, wide and abbreviated.
  ///   - dateFormats: Short, medium, long and full date patterns.
  ///   - timeFormats: Short, medium, long and full time patterns.
  ///   - dateTimeFormats: Short, medium, long and full date-time patterns.
  init(
    identifier: String, symbols: [String], numberPatterns: [String], currencySymbols: [String],
    months: [String], weekdays: [String], periods: [String], eras: [String],
    dateFormats: [String], timeFormats: [String], dateTimeFormats: [String]
  ) {
    self.identifier = identifier
    self.symbols = symbols
    self.numberPatterns = numberPatterns
    self.currencySymbols = currencySymbols
    self.months = months
    self.weekdays = weekdays
    self.periods = periods
    self.eras = eras
    self.dateFormats = dateFormats
    self.timeFormats = timeFormats
    self.dateTimeFormats = dateTimeFormats
    parsedPatterns = numberPatterns.map(NumberPattern.init)
  }

  /// Creates a locale's data from its generated record: the fields of the memberwise
  /// initializer from `symbols` to `dateTimeFormats`, in that order, apart by U+001E, and a
  /// field's items apart by U+001F (an empty field has no items).
  ///
  /// One string a locale keeps the generated switch quick to compile; the generator checks that
  /// no item is empty or holds a separator.
  ///
  /// - Parameters:
  ///   - identifier: The identifier.
  ///   - packed: The record.
  init(identifier: String, packed: String) {
    var fields = packed.split(separator: "\u{1E}", omittingEmptySubsequences: false).map {
      $0.split(separator: "\u{1F}").map(String.init)
    }
    // A record with missing fields (never written by the generator) reads them as empty.
    while fields.count < 10 { fields.append([]) }
    self.init(
      identifier: identifier, symbols: fields[0], numberPatterns: fields[1],
      currencySymbols: fields[2], months: fields[3], weekdays: fields[4], periods: fields[5],
      eras: fields[6], dateFormats: fields[7], timeFormats: fields[8], dateTimeFormats: fields[9])
  }

  /// The symbol of a currency in this locale, or its code when the locale has none of its own.
  ///
  /// - Parameter code: An ISO 4217 code.
  /// - Returns: The symbol, such as `€` or `US$`.
  package func currencySymbol(for code: String) -> String {
    var index = 0
    while index + 1 < currencySymbols.count {
      if currencySymbols[index] == code { return currencySymbols[index + 1] }
      index += 2
    }
    return code
  }

  /// The data of a locale identifier: a generated locale or the plain one.
  ///
  /// - Parameter identifier: The identifier, with `_` or `-` between its parts.
  /// - Returns: The data, or `nil` when no table has it.
  package static func named(_ identifier: String) -> LocaleData? {
    let normalized = identifier.replacing("-", with: "_")
    if normalized == plain.identifier { return plain }
    return generated(normalized)
  }
}
