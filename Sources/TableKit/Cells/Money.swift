/// An amount of money: an exact decimal amount and the ISO 4217 code of its currency.
///
/// The amount keeps every digit it was given (see ``ExactDecimal``); how many digits a currency
/// shows after the point, and with which symbol, is a report's column format, not the value's.
///
/// ```swift
/// let price = Money(ExactDecimal(minorUnits: 1999, scale: 2), currency: "EUR")
/// let values: [CellValue] = [.text("Coffee"), price.map(CellValue.money) ?? .empty]
/// ```
///
/// Two amounts are equal when both their written amounts and their currencies are.
public struct Money: Hashable, Sendable {
  // The amount's parts and the code's letters, not an `ExactDecimal` and three bytes: laid out
  // this way a cell value holding money is 20 bytes (not 21, whose last word took two loads and
  // two stores on every copy of any value) and ends in a `Bool`, so the cell value's case sits
  // in the top bits of its last word: telling a text from the other cases, and so releasing a
  // value, is one compare and no mask.
  private let significandLow: UInt64
  private let significandHigh: UInt64
  // The code's three letters, five bits each (`A` is 0), first letter highest.
  private let code: UInt16
  private let scale: UInt8
  private let isNegative: Bool

  /// The amount, digit for digit.
  public var amount: ExactDecimal {
    ExactDecimal(
      unchecked: UInt128(significandHigh) << 64 | UInt128(significandLow), scale: Int(scale),
      isNegative: isNegative)
  }

  /// The currency's ISO 4217 code, three capital letters such as `EUR`.
  public var currency: String {
    let letters = [code >> 10, code >> 5, code].map { UInt8(ascii: "A") + UInt8($0 & 0x1F) }
    return String(decoding: letters, as: UTF8.self)
  }

  /// The currency's code packed in 15 bits (five a letter), for a writer that compares
  /// currencies cell by cell without making the code's `String`.
  package var packedCurrency: UInt16 { code }

  /// Creates an amount in the currency whose code ``packedCurrency`` gave, with no check of the
  /// code (a reader that checked it once reads a column of amounts this way).
  ///
  /// - Parameters:
  ///   - amount: The amount.
  ///   - packedCurrency: Another amount's ``packedCurrency``.
  package init(_ amount: ExactDecimal, packedCurrency: UInt16) {
    significandLow = UInt64(truncatingIfNeeded: amount.significand)
    significandHigh = UInt64(truncatingIfNeeded: amount.significand >> 64)
    scale = UInt8(truncatingIfNeeded: amount.scale)
    isNegative = amount.isNegative
    code = packedCurrency
  }

  /// Creates an amount in a currency, or `nil` when `currency` is not three capital letters A–Z.
  ///
  /// The code is checked for its form only: `XTS` and codes newer than the locale tables are
  /// accepted, so data is never refused for a currency the tables do not know.
  ///
  /// - Parameters:
  ///   - amount: The amount.
  ///   - currency: An ISO 4217 code such as `EUR` or `JPY`.
  public init?(_ amount: ExactDecimal, currency: some StringProtocol) {
    let bytes = Array(currency.utf8)
    guard bytes.count == 3,
      bytes.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
    else { return nil }
    significandLow = UInt64(truncatingIfNeeded: amount.significand)
    significandHigh = UInt64(truncatingIfNeeded: amount.significand >> 64)
    scale = UInt8(truncatingIfNeeded: amount.scale)
    isNegative = amount.isNegative
    code = bytes.reduce(0) { $0 << 5 | UInt16($1 - UInt8(ascii: "A")) }
  }

  /// Compares the amount and the currency.
  ///
  /// - Parameters:
  ///   - lhs: An amount.
  ///   - rhs: Another amount.
  /// - Returns: `true` when both the written amounts and the codes are equal.
  public static func == (lhs: Money, rhs: Money) -> Bool {
    lhs.amount == rhs.amount && lhs.code == rhs.code
  }

  /// Hashes the amount and the code.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(amount)
    hasher.combine(code)
  }
}

extension Money: CustomStringConvertible {
  /// The code and the amount in plain notation, as ISO 4217 writes it: `EUR 1234.50`, `JPY -300`.
  public var description: String { currency + " " + amount.description }
}
