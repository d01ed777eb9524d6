/// A CLDR number pattern, such as `#,##0.00 ¤` or `¤#,##0.00;(¤#,##0.00)`, taken apart the way
/// babel's `parse_pattern` takes it apart, so both format a number the same way.
///
/// A pattern is a prefix, the number's part (`#`, `0`, `,`, `.`, `E`) and a suffix; a second
/// pattern after `;` gives the negative prefix and suffix, and without one a negative number is
/// the positive pattern with `-` in front. In the prefix and suffix, `'…'` quotes literal text,
/// `¤` stands for the currency symbol, `¤¤` for the ISO code; `%` multiplies by 100.
package struct NumberPattern: Hashable, Sendable {
  /// The text before and after the number, raw (quotes and `¤` still in), for zero or above.
  package var positivePrefix: String
  /// The text after a number at or above zero.
  package var positiveSuffix: String
  /// The text before a negative number.
  package var negativePrefix: String
  /// The text after a negative number.
  package var negativeSuffix: String
  /// Digits per group next to the point, or `nil` when the pattern does not group.
  package var primaryGrouping: Int?
  /// Digits per group further left.
  package var secondaryGrouping: Int
  /// The fewest digits before the point (padded with zeros).
  package var minimumIntegerDigits: Int
  /// The fewest and most digits after the point.
  package var fractionDigits: ClosedRange<Int>
  /// The fewest exponent digits, or `nil` for a pattern without an exponent.
  package var minimumExponentDigits: Int?
  /// Whether a positive exponent is written with a plus sign (`E+0`).
  package var exponentShowsPlus: Bool
  /// How many places the point moves before formatting: 2 for `%`, 3 for `‰`, else 0.
  package var scale: Int

  /// Takes a CLDR pattern apart.
  ///
  /// - Parameter pattern: The pattern, as the locale tables hold it.
  package init(_ pattern: String) {
    let parts = pattern.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
    let positive = Self.sections(of: Substring(parts[0]))
    positivePrefix = positive.prefix
    positiveSuffix = positive.suffix
    if parts.count == 2 {
      let negative = Self.sections(of: parts[1])
      negativePrefix = negative.prefix
      negativeSuffix = negative.suffix
    } else {
      negativePrefix = "-" + positive.prefix
      negativeSuffix = positive.suffix
    }
    var number = positive.number
    var exponent: Substring?
    if let mark = number.firstIndex(of: "E") {
      exponent = number[number.index(after: mark)...]
      number = number[..<mark]
    }
    let point = number.lastIndex(of: ".")
    let integer = point.map { number[..<$0] } ?? number
    let fraction = point.map { number[number.index(after: $0)...] } ?? ""
    minimumIntegerDigits = Self.precision(of: integer).lowerBound
    fractionDigits = Self.precision(of: fraction)
    if let exponent {
      exponentShowsPlus = exponent.hasPrefix("+")
      minimumExponentDigits = Self.precision(of: exponent.drop { $0 == "+" }).lowerBound
    } else {
      exponentShowsPlus = false
      minimumExponentDigits = nil
    }
    // babel's parse_grouping: the digits after the last comma, then between the last two.
    let characters = Array(integer)
    if let last = characters.lastIndex(of: ",") {
      let primary = characters.count - last - 1
      primaryGrouping = primary
      if let previous = characters[..<last].lastIndex(of: ",") {
        secondaryGrouping = last - previous - 1
      } else {
        secondaryGrouping = primary
      }
    } else {
      primaryGrouping = nil
      secondaryGrouping = 0
    }
    let affixes = positivePrefix + positiveSuffix + negativePrefix + negativeSuffix
    scale = affixes.contains("%") ? 2 : affixes.contains("‰") ? 3 : 0
  }

  /// Splits a pattern into prefix, number and suffix as babel's `_number_pattern_re` does: the
  /// prefix is quoted text and characters other than `'0-9@#.,`; the number is `[0-9@#.,E+]*`.
  private static func sections(of pattern: Substring) -> (
    prefix: String, number: Substring, suffix: String
  ) {
    var index = pattern.startIndex
    var inQuote = false
    var prefixEnd = index
    while index < pattern.endIndex {
      let character = pattern[index]
      if inQuote {
        if character == "'" { inQuote = false }
      } else if character == "'" {
        // An opening quote without a closing one ends the prefix, as in the regular expression.
        guard pattern[pattern.index(after: index)...].contains("'") else { break }
        inQuote = true
      } else if "0123456789@#.,".contains(character) {
        break
      }
      index = pattern.index(after: index)
      if !inQuote { prefixEnd = index }
    }
    var numberEnd = prefixEnd
    while numberEnd < pattern.endIndex, "0123456789@#.,E+".contains(pattern[numberEnd]) {
      numberEnd = pattern.index(after: numberEnd)
    }
    return (
      String(pattern[..<prefixEnd]), pattern[prefixEnd..<numberEnd],
      String(pattern[numberEnd...])
    )
  }

  /// babel's `parse_precision`: `0` and `@` count toward both bounds, `#` toward the upper,
  /// commas are skipped, anything else ends the count.
  private static func precision(of part: Substring) -> ClosedRange<Int> {
    var minimum = 0
    var maximum = 0
    for character in part {
      switch character {
      case "0", "@":
        minimum += 1
        maximum += 1
      case "#": maximum += 1
      case ",": continue
      default: return minimum...maximum
      }
    }
    return minimum...maximum
  }
}
