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
  ///
  /// Works on the UTF-8 bytes: the digits are ASCII, so a byte is a digit (String indexing by
  /// characters cost a fifth of a report's instructions).
  private func grouped(_ digits: String, symbol: String) -> String {
    guard let primaryGrouping, primaryGrouping > 0, secondaryGrouping > 0,
      digits.utf8.count > primaryGrouping
    else { return digits }
    let bytes = Array(digits.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return digits }
    // Group boundaries from the right: primaryGrouping digits, then secondaryGrouping at a time.
    var cuts: [Int] = []
    var end = bytes.count - primaryGrouping
    while end > 0 {
      cuts.append(end)
      end -= secondaryGrouping
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + cuts.count * symbol.utf8.count)
    var start = 0
    for cut in cuts.reversed() {
      out += bytes[start..<cut]
      out += symbol.utf8
      start = cut
    }
    out += bytes[start...]
    return String(decoding: out, as: UTF8.self)
  }

  /// A prefix or suffix with `¤¤` and `¤` replaced and its quoting removed (`'…'` is the text
  /// inside, `''` an apostrophe).
  ///
  /// Works on the UTF-8 bytes: `¤` is the two bytes C2 A4 and `'` one ASCII byte, neither part
  /// of another character's bytes (character-level `replacing` and `contains` cost a third of a
  /// report's instructions).
  private func affix(_ raw: String, currency: (symbol: String, code: String)?) -> String {
    let source = raw.utf8
    let apostrophe = UInt8(ascii: "'")
    let hasCurrency = currency != nil && source.contains(0xA4)
    guard hasCurrency || source.contains(apostrophe) else { return raw }
    var text: [UInt8] = []
    text.reserveCapacity(source.count + 8)
    let bytes = Array(source)
    var index = 0
    while index < bytes.count {
      if hasCurrency, let currency, bytes[index] == 0xC2, index + 1 < bytes.count,
        bytes[index + 1] == 0xA4
      {
        if index + 3 < bytes.count, bytes[index + 2] == 0xC2, bytes[index + 3] == 0xA4 {
          text += currency.code.utf8
          index += 4
        } else {
          text += currency.symbol.utf8
          index += 2
        }
        continue
      }
      text.append(bytes[index])
      index += 1
    }
    guard text.contains(apostrophe) else { return String(decoding: text, as: UTF8.self) }
    var result: [UInt8] = []
    var quoted: [UInt8] = []
    var inQuote = false
    for byte in text {
      if byte == apostrophe {
        if inQuote {
          if quoted.isEmpty { result.append(apostrophe) } else { result += quoted }
          quoted = []
        }
        inQuote.toggle()
      } else if inQuote {
        quoted.append(byte)
      } else {
        result.append(byte)
      }
    }
    if inQuote {
      result.append(apostrophe)
      result += quoted
    }
    return String(decoding: result, as: UTF8.self)
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
