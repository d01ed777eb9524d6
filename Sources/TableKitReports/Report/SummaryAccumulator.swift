public import TableKit

/// One aggregate of one column, computed as the values stream past: exact sums, counts, exact
/// minimums and maximums, or a custom fold.
///
/// See ``Aggregate`` for the rules. ``result`` names what the summary shows.
public struct SummaryAccumulator: Sendable {
  /// What a summary cell holds once its rows are read.
  public enum Result: Hashable, Sendable {
    /// A value, shown in the column's format.
    case value(CellValue)
    /// No value: the summary's missing text (text columns, no values, numbers of mixed kinds).
    case missing
    /// Money in several currencies, not added together: the missing text, and a remark naming
    /// the currencies in the order they were met.
    case mixedCurrencies([String])
    /// The exact total needs more than 38 digits.
    case overflow
  }

  /// Which numbers a column holds, for the rule that only like numbers are added.
  enum NumberKind: Hashable, Sendable {
    case plain
    case percent
    case money(String)
  }

  /// The aggregate computed.
  public let aggregate: Aggregate
  private var count = 0
  private var sum = ExactSum()
  private var kind: NumberKind?
  private var mixesKinds = false
  private var currencies: [String] = []
  private var sawNonMoney = false
  private var allIntegers = true
  private var sawOther = false
  private var overflowed = false
  private var least: (number: ExactDecimal, value: CellValue)?
  private var greatest: (number: ExactDecimal, value: CellValue)?
  private var folded: CellValue

  /// Creates an accumulator that has seen no value.
  ///
  /// - Parameter aggregate: The aggregate to compute.
  public init(_ aggregate: Aggregate) {
    self.aggregate = aggregate
    if case .custom(let custom) = aggregate { folded = custom.initial } else { folded = .empty }
  }

  /// Takes one value into the summary; empty values are skipped.
  ///
  /// - Parameter value: The column's value in one row.
  public mutating func add(_ value: CellValue) {
    if case .empty = value { return }
    count += 1
    switch aggregate {
    case .count:
      return
    case .custom(let custom):
      folded = custom.combine(folded, value)
      return
    case .sum, .mean, .minimum, .maximum:
      break
    }
    guard let (number, numberKind, isInteger) = Self.number(in: value) else {
      sawOther = true
      return
    }
    allIntegers = allIntegers && isInteger
    if case .money(let code) = numberKind {
      if !currencies.contains(code) { currencies.append(code) }
    } else {
      sawNonMoney = true
    }
    if let kind, kind != numberKind { mixesKinds = true } else { kind = numberKind }
    switch aggregate {
    case .sum, .mean:
      guard !overflowed else { return }
      do { try sum.add(number) } catch { overflowed = true }
    case .minimum:
      if least.map({ number.isNumericallyLess(than: $0.number) }) ?? true {
        least = (number, value)
      }
    case .maximum:
      if greatest.map({ $0.number.isNumericallyLess(than: number) }) ?? true {
        greatest = (number, value)
      }
    case .count, .custom:
      break
    }
  }

  /// What the summary shows for the values added so far, a mean rounded as a plain column
  /// rounds it (see ``result(roundingMeanBy:)``).
  public var result: Result { result(roundingMeanBy: .plain) }

  /// What the summary shows for the values added so far, a mean rounded once by `format`.
  ///
  /// A mean is the exact sum over the count, rounded once as ``Aggregate/mean`` states: to the
  /// digits the column's format shows, by its rounding rule; in a plain column to the values'
  /// largest scale, or 3 digits after the point when they have fewer.
  ///
  /// - Parameter format: The column's format.
  /// - Returns: The result.
  public func result(roundingMeanBy format: ColumnFormat) -> Result {
    switch aggregate {
    case .count:
      return .value(.integer(count))
    case .custom:
      return .value(folded)
    case .sum, .mean, .minimum, .maximum:
      break
    }
    if sawOther || count == 0 { return .missing }
    if mixesKinds {
      // Money only, in several currencies: named; numbers of unlike kinds: simply missing.
      return sawNonMoney ? .missing : .mixedCurrencies(currencies)
    }
    switch aggregate {
    case .minimum: return least.map { .value($0.value) } ?? .missing
    case .maximum: return greatest.map { .value($0.value) } ?? .missing
    case .sum: return overflowed ? .overflow : .value(shown(sum.value))
    case .mean:
      var currency: String?
      if case .money(let code) = kind { currency = code }
      guard !overflowed, let mean = format.mean(of: sum, count: count, currency: currency) else {
        return .overflow
      }
      return .value(shown(mean))
    case .count, .custom: return .missing
    }
  }

  /// `number` as the kind of value the column holds.
  private func shown(_ number: ExactDecimal) -> CellValue {
    switch kind ?? .plain {
    case .plain:
      if allIntegers, number.scale == 0, number.significand <= UInt128(Int.max) {
        let magnitude = Int(number.significand)
        return .integer(number.isNegative ? -magnitude : magnitude)
      }
      return .exactDecimal(number)
    case .percent:
      return .percent(number)
    case .money(let code):
      return Money(number, currency: code).map(CellValue.money) ?? .exactDecimal(number)
    }
  }

  /// The exact number a value holds, what kind it is and whether it is an integer; `nil` for
  /// text, dates, booleans and decimals that are not finite.
  static func number(in value: CellValue) -> (ExactDecimal, NumberKind, Bool)? {
    switch value {
    case .integer(let number):
      return (ExactDecimal(minorUnits: number, scale: 0), .plain, true)
    case .decimal:
      // A decimal counts as the number it shows, so the summary adds what the reader sees.
      return (try? ExactDecimal(value.text)).map { ($0, .plain, false) }
    case .exactDecimal(let number):
      return (number, .plain, false)
    case .money(let money):
      return (money.amount, .money(money.currency), false)
    case .percent(let fraction):
      return (fraction, .percent, false)
    case .text, .date, .boolean, .empty:
      return nil
    }
  }
}
