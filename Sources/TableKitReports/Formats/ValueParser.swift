public import TableKit

/// Reads typed values from text by a declared type, for input that says what a column holds
/// (`--column amount=money:EUR`, `--column day=date:yyyy-MM-dd`): nothing is inferred, and text
/// that does not fit is an error saying what was expected and at which character.
///
/// Types:
/// - `decimal`: a number in plain or scientific notation, digit for digit (`ExactDecimal`).
/// - `percent`: a number followed by `%` is a percentage (`12.5%` is the fraction `0.125`); a
///   number without one is the fraction itself (`0.125`).
/// - `money:CODE`: an amount in the ISO 4217 currency `CODE`, written as a number, optionally
///   after the code and a space as `Money` writes itself (`EUR 12.50`); another code
///   is an error.
/// - `date:PATTERN`: a date, time or date-time by a pattern of `yyyy` (four digits), `y` (one
///   to four), `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm`, `ss`, `S…` (a fraction of a second, one to nine
///   digits), `XXX` (`Z` or `±hh:mm`) and literal characters; `'…'` quotes letters. `date` alone is
///   `date:yyyy-MM-dd`.
///
/// An empty text is an empty value in every type.
///
/// ```swift
/// let day = try ValueParser("date:dd.MM.yyyy")
/// try day.value(from: "29.02.2024")  // a DateValue for 2024-02-29, written "29.02.2024"
/// try ValueParser("money:EUR").value(from: "12.5")  // EUR 12.5
/// ```
public struct ValueParser: Hashable, Sendable {
  /// The types a parser reads.
  public enum Kind: Hashable, Sendable {
    /// An exact decimal number.
    case decimal
    /// A percentage or a fraction.
    case percent
    /// An amount in a currency.
    case money(currency: String)
    /// A date, time or date-time by a pattern.
    case date(pattern: String)
  }

  /// What the parser reads.
  public let kind: Kind
  /// The reader of a date pattern, taken apart once.
  private let dateReader: DateTextReader?
  /// A money type's currency code, packed (see `Money.packedCurrency`), checked once.
  private let packedCurrency: UInt16

  /// Creates a parser from a type specification such as `money:EUR` or `date:yyyy-MM-dd`.
  ///
  /// - Parameter specification: `decimal`, `percent`, `money:CODE` or `date[:PATTERN]`.
  /// - Throws: ``ValueParserError`` when the type is unknown, the currency is not three capital
  ///   letters, or the pattern has a letter this parser does not read.
  public init(_ specification: String) throws(ValueParserError) {
    let parts = specification.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let argument = parts.count == 2 ? String(parts[1]) : nil
    var dateReader: DateTextReader?
    var packedCurrency: UInt16 = 0
    switch (parts[0], argument) {
    case ("decimal", nil): kind = .decimal
    case ("percent", nil): kind = .percent
    case ("money", let code?):
      guard let zero = Money(ExactDecimal(minorUnits: 0, scale: 0), currency: code) else {
        throw ValueParserError(
          text: specification, expected: "an ISO 4217 code of three capital letters after money:",
          offset: 6)
      }
      kind = .money(currency: code)
      packedCurrency = zero.packedCurrency
    case ("date", let pattern):
      let pattern = pattern ?? "yyyy-MM-dd"
      kind = .date(pattern: pattern)
      if let (offset, letter) = DateTextReader.unsupportedLetter(in: pattern) {
        throw ValueParserError(
          text: specification, expected: "a pattern letter of y M d H m s S X, not \(letter)",
          offset: offset + 5)
      }
      dateReader = DateTextReader(pattern: pattern)
    default:
      throw ValueParserError(
        text: specification,
        expected: "a type of decimal, percent, money:CODE or date:PATTERN", offset: 0)
    }
    self.dateReader = dateReader
    self.packedCurrency = packedCurrency
  }

  /// The value `text` holds, read by this parser's type.
  ///
  /// - Parameter text: The field's text.
  /// - Returns: The value; `CellValue.empty` for empty text.
  /// - Throws: ``ValueParserError`` saying what was expected and at which character.
  public func value(from text: String) throws(ValueParserError) -> CellValue {
    if text.isEmpty { return .empty }
    switch kind {
    case .decimal:
      return .exactDecimal(try Self.decimal(text, expected: "a decimal number"))
    case .percent:
      if text.hasSuffix("%") {
        let number = try Self.decimal(
          String(text.dropLast()), expected: "a number before %", whole: text)
        return .percent(try Self.shifted(number, text: text))
      }
      return .percent(try Self.decimal(text, expected: "a fraction or a percentage with %"))
    case .money(let currency):
      var amount = Substring(text)
      var skipped = 0
      // An ASCII first byte is its character: a letter when it is one of A–Z or a–z.
      let firstByte = text.utf8.first ?? 0
      let startsWithLetter =
        firstByte < 0x80
        ? (firstByte | 0x20) >= UInt8(ascii: "a") && (firstByte | 0x20) <= UInt8(ascii: "z")
        : text.first?.isLetter == true
      if startsWithLetter {
        guard text.hasPrefix(currency + " ") else {
          throw ValueParserError(
            text: text, expected: "an amount, or \(currency) and a space before it", offset: 0)
        }
        amount = text.dropFirst(4)
        skipped = 4
      }
      let number = try Self.decimal(
        amount, expected: "an amount in \(currency)", whole: text, skipped: skipped)
      return .money(Money(number, packedCurrency: packedCurrency))
    case .date(let pattern):
      return .date(try (dateReader ?? DateTextReader(pattern: pattern)).read(text))
    }
  }

  /// A declared type whose values a reader may read straight from a field's bytes
  /// (``number(utf8:kind:)``).
  package enum NumberKind: Equatable, Sendable {
    /// An exact decimal.
    case decimal
    /// An amount in the currency of this packed code (`Money.packedCurrency`).
    case money(packedCurrency: UInt16)
  }

  /// The kind of number this parser reads, when its values can be read from bytes; `nil` for a
  /// percentage or a date.
  package var numberKind: NumberKind? {
    switch kind {
    case .decimal: .decimal
    case .money: .money(packedCurrency: packedCurrency)
    case .percent, .date: nil
    }
  }

  /// The value a field's UTF-8 holds when it is a plain number (for money, one with no code
  /// before it): what ``value(from:)`` gives for its text, with no `String` made.
  ///
  /// - Parameters:
  ///   - bytes: The field's bytes.
  ///   - kind: The parser's ``numberKind``.
  /// - Returns: The value, or `nil` when the bytes are anything else (empty, a code and a space
  ///   before an amount, not a number): ``value(from:)`` then reads the text, and says what is
  ///   wrong with it.
  package static func number(utf8 bytes: UnsafeBufferPointer<UInt8>, kind: NumberKind)
    -> CellValue?
  {
    var parser = DecimalTextParser()
    for byte in bytes where !parser.read(byte) { return nil }
    guard let number = try? parser.finish(text: "") else { return nil }
    switch kind {
    case .decimal: return .exactDecimal(number)
    case .money(let code): return .money(Money(number, packedCurrency: code))
    }
  }

  /// An exact decimal, with an error that points at the refused character.
  private static func decimal(
    _ text: some StringProtocol, expected: String, whole: String? = nil, skipped: Int = 0
  ) throws(ValueParserError) -> ExactDecimal {
    do {
      return try ExactDecimal(text)
    } catch {
      switch error.reason {
      case .unexpectedCharacter(let offset):
        throw ValueParserError(
          text: whole ?? String(text), expected: expected, offset: skipped + offset)
      case .empty:
        throw ValueParserError(text: whole ?? String(text), expected: expected, offset: skipped)
      case .tooManyDigits, .scaleOutOfRange:
        throw ValueParserError(
          text: whole ?? String(text), expected: expected + " of at most 38 digits",
          offset: skipped)
      }
    }
  }

  /// The percentage as a fraction: the point moves two places left.
  private static func shifted(_ number: ExactDecimal, text: String) throws(ValueParserError)
    -> ExactDecimal
  {
    do {
      return try ExactDecimal(
        significand: number.significand, scale: number.scale + 2, isNegative: number.isNegative)
    } catch {
      throw ValueParserError(
        text: text, expected: "a percentage with at most 36 digits after the point", offset: 0)
    }
  }
}
