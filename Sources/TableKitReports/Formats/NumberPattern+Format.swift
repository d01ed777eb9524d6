extension NumberPattern {
  /// What the pattern is applied with besides the number.
  package struct Options: Hashable, Sendable {
    /// Digits after the point, overriding the pattern's (a currency's digits, or a format's).
    package var fractionDigits: ClosedRange<Int>?
    /// Whether to group the integer part.
    package var grouping = true
    /// How a tie rounds.
    package var rounding = ColumnFormat.Rounding.halfEven
    /// The currency's symbol (for `¤`) and code (for `¤¤`).
    package var currency: (symbol: String, code: String)?

    package static func == (lhs: Options, rhs: Options) -> Bool {
      lhs.fractionDigits == rhs.fractionDigits && lhs.grouping == rhs.grouping
        && lhs.rounding == rhs.rounding && lhs.currency?.symbol == rhs.currency?.symbol
        && lhs.currency?.code == rhs.currency?.code
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(fractionDigits)
      hasher.combine(grouping)
      hasher.combine(rounding)
      hasher.combine(currency?.code)
    }
  }

  /// The number written by this pattern in a locale, as babel's `NumberPattern.apply` writes it.
  ///
  /// Differences from babel, on purpose: a number that rounds to zero has no sign (babel writes
  /// `-0` for `-0.0001`); quotes are removed from the pattern's own text only (babel also removes
  /// pairs of apostrophes from the number, which deletes `de_CH`'s group symbol `'`).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - symbols: The locale's decimal, group, minus, plus, percent and exponential symbols.
  ///   - options: Digits, grouping, rounding and currency.
  /// - Returns: The text.
  package func format(_ value: DecimalDigits, symbols: [String], options: Options) -> String {
    var number = value.scaled(by: scale)
    var exponentText = ""
    if let minimumExponentDigits {
      var exponent = number.isZero ? 0 : number.digits.count - 1 + number.exponent
      let leadShift = max(1, minimumIntegerDigits) - 1
      exponent -= leadShift
      number = number.scaled(by: -exponent)
      let sign = exponent < 0 ? symbols[2] : exponentShowsPlus ? symbols[3] : ""
      let digits = String(exponent.magnitude)
      exponentText =
        symbols[5] + sign
        + String(repeating: "0", count: max(minimumExponentDigits - digits.count, 0)) + digits
    }
    var digits = options.fractionDigits ?? fractionDigits
    if minimumExponentDigits != nil, digits == 0...0 {
      let natural = number.trimmingTrailingZeros().fractionDigitCount
      digits = 0...max(0, natural)
    }
    let rounded = number.rounded(toFractionDigits: digits.upperBound, rule: options.rounding)
    var integer = rounded.integerText
    if options.grouping {
      if integer.utf8.count < minimumIntegerDigits {
        integer = String(repeating: "0", count: minimumIntegerDigits - integer.utf8.count) + integer
      }
      integer = grouped(integer, symbol: symbols[1])
    }
    var fraction = rounded.fractionText(count: digits.upperBound)
    if fraction.utf8.count < digits.lowerBound {
      fraction += String(repeating: "0", count: digits.lowerBound - fraction.utf8.count)
    }
    var text = integer
    if !(digits.upperBound == 0
      || (digits.lowerBound == 0 && fraction.utf8.allSatisfy { $0 == 48 }))
    {
      while fraction.utf8.count > digits.lowerBound, fraction.hasSuffix("0") {
        fraction.removeLast()
      }
      text += symbols[0] + fraction
    }
    text += exponentText
    let isNegative = rounded.isNegative && !rounded.isZero
    let prefix = isNegative ? negativePrefix : positivePrefix
    let suffix = isNegative ? negativeSuffix : positiveSuffix
    return affix(prefix, currency: options.currency) + text
      + affix(suffix, currency: options.currency)
  }

  /// The integer digits with group symbols: `primaryGrouping` digits next to the point, then
  /// `secondaryGrouping` at a time (babel's `_format_int`).
  private func grouped(_ digits: String, symbol: String) -> String {
    guard let primaryGrouping, primaryGrouping > 0, secondaryGrouping > 0 else { return digits }
    var rest = Substring(digits)
    var groups: [Substring] = []
    var size = primaryGrouping
    while rest.count > size {
      groups.append(rest.suffix(size))
      rest = rest.dropLast(size)
      size = secondaryGrouping
    }
    groups.append(rest)
    return groups.reversed().joined(separator: symbol)
  }

  /// A prefix or suffix with `¤¤` and `¤` replaced and its quoting removed (`'…'` is the text
  /// inside, `''` an apostrophe).
  private func affix(_ raw: String, currency: (symbol: String, code: String)?) -> String {
    guard !raw.isEmpty else { return raw }
    var text = raw
    if let currency, text.contains("¤") {
      text = text.replacing("¤¤", with: currency.code).replacing("¤", with: currency.symbol)
    }
    guard text.contains("'") else { return text }
    var result = ""
    var quoted = ""
    var inQuote = false
    for character in text {
      if character == "'" {
        if inQuote {
          result += quoted.isEmpty ? "'" : quoted
          quoted = ""
        }
        inQuote.toggle()
      } else if inQuote {
        quoted.append(character)
      } else {
        result.append(character)
      }
    }
    if inQuote { result += "'" + quoted }
    return result
  }
}

extension DecimalDigits {
  /// The same number without zeros after its last nonzero fraction digit (Python's `normalize`).
  package func trimmingTrailingZeros() -> DecimalDigits {
    var copy = self
    while copy.digits.count > 1, copy.digits.last == 0 {
      copy.digits.removeLast()
      copy.exponent += 1
    }
    if copy.isZero { copy.exponent = 0 }
    return copy
  }
}
