extension ColumnFormat {
  /// Creates a format from its command-line spelling, such as `currency:EUR,accounting` or
  /// `date:EEEE d MMMM y`.
  ///
  /// The spelling is a kind, an optional argument after `:`, then modifiers after commas:
  /// - `number`, `percent`, `scientific`, `currency` or `currency:CODE` (the currency of values
  ///   that are not money);
  /// - `date:short`, `date:medium`, `date:long`, `date:full`, or `date:PATTERN` (a CLDR pattern,
  ///   which may hold commas: everything after `date:` is the pattern; no modifiers);
  /// - modifiers: `digits=N` or `digits=N-M` (digits after the point), `ungrouped`, `half-away`
  ///   (ties away from zero; half to even otherwise), `accounting` and `iso-code` (currency only),
  ///   and `missing=TEXT` (the text of an empty value; last, since the text may hold commas).
  ///
  /// ```swift
  /// let euros = try ColumnFormat(specification: "currency:EUR,accounting,digits=0")
  /// ```
  ///
  /// - Parameter specification: The spelling.
  /// - Throws: ``ValueParserError`` saying what was expected and at which character.
  public init(specification: String) throws(ValueParserError) {
    func fail(_ expected: String, at offset: Int) -> ValueParserError {
      ValueParserError(text: specification, expected: expected, offset: offset)
    }
    if specification.hasPrefix("date:") {
      let argument = String(specification.dropFirst(5))
      switch argument {
      case "short": self = .date(.short)
      case "medium": self = .date(.medium)
      case "long": self = .date(.long)
      case "full": self = .date(.full)
      case "": throw fail("a style (short, medium, long, full) or a pattern after date:", at: 5)
      default: self = .date(pattern: argument)
      }
      return
    }
    let missingStart = specification.firstRange(of: ",missing=")
    let head = missingStart.map { specification[..<$0.lowerBound] } ?? Substring(specification)
    var parts = head.split(separator: ",", omittingEmptySubsequences: false)
    let kindPart = parts.removeFirst()
    let kindAndArgument = kindPart.split(separator: ":", maxSplits: 1)
    let argument = kindAndArgument.count == 2 ? String(kindAndArgument[1]) : nil
    switch (kindAndArgument.first ?? "", argument) {
    case ("number", nil): self = .number()
    case ("percent", nil): self = .percent()
    case ("scientific", nil): self = .scientific()
    case ("currency", let code):
      if let code {
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
          throw fail("an ISO 4217 code of three capital letters", at: 9)
        }
      }
      self = .currency(code)
    default:
      throw fail(
        "number, percent, scientific, currency[:CODE] or date:STYLE|PATTERN", at: 0)
    }
    var offset = kindPart.count + 1
    for part in parts {
      switch part {
      case "ungrouped": usesGrouping = false
      case "half-away": rounding = .halfAwayFromZero
      case "accounting", "iso-code":
        guard case .currency(let code, let display, let accounting) = kind else {
          throw fail("\(part) only after currency", at: offset)
        }
        kind =
          part == "accounting"
          ? .currency(code: code, display: display, accounting: true)
          : .currency(code: code, display: .code, accounting: accounting)
      default:
        guard part.hasPrefix("digits="), let range = Self.digits(part.dropFirst(7)) else {
          throw fail(
            "a modifier: digits=N, digits=N-M (0 to 38), ungrouped, half-away, accounting, "
              + "iso-code or missing=TEXT", at: offset)
        }
        fractionDigits = range
      }
      offset += part.count + 1
    }
    if let missingStart {
      missingText = String(specification[missingStart.upperBound...])
    }
  }

  /// `N` or `N-M` with 0 ≤ N ≤ M ≤ 38.
  private static func digits(_ text: Substring) -> ClosedRange<Int>? {
    let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard bounds.count == 1 || bounds.count == 2, let lower = bounds.first ?? nil,
      let upper = bounds.last ?? nil, 0 <= lower, lower <= upper, upper <= 38
    else { return nil }
    return lower...upper
  }
}
