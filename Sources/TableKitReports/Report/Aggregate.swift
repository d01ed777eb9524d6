public import TableKit

/// What a summary row shows for one column: a sum, a count, a mean, a minimum, a maximum or a
/// value you compute.
///
/// Empty values are skipped by every aggregate. Numbers (integers, exact decimals, money,
/// percentages, and decimals as they are shown) are combined exactly, with no `Double`:
///
/// - ``sum``: the exact sum, at the largest scale among the values; integers only give an integer
///   when the sum fits an `Int`. Money is summed per currency: a column holding more than one
///   currency shows the summary's missing text and the report's notes name the currencies.
/// - ``count``: how many values are not empty, as an integer.
/// - ``mean``: the exact sum divided by the count, rounded once, by the column format's rounding
///   rule (half to even unless it says half away from zero), to the digits the format shows: a
///   number format's most fraction digits (3 by default), a percent format's digits of the
///   percentage, a currency format's digits (the currency's, such as 2 for EUR and 0 for JPY).
///   A plain column (and a scientific or date one) keeps the values' largest scale, or 3 digits
///   when they have fewer, and drops zeros past the values' scale: the mean of 2 and 3 is `2.5`,
///   of 1, 1 and 2 is `1.333`, of `1.50` and `2.50` is `2.00`; money keeps at least its
///   currency's digits.
/// - ``minimum``, ``maximum``: compared exactly; money only within one currency.
/// - ``custom(_:)``: a fold you give, seeing every value in the scope as it streams past.
///
/// A column that holds text, dates or booleans cannot be summed: its sum, mean, minimum and
/// maximum show the summary's missing text.
///
/// ```swift
/// let longest = Aggregate.custom(CustomAggregate(initial: .integer(0)) { longest, value in
///   .integer(max(longest.integerValue ?? 0, value.text.count))
/// })
/// ```
public enum Aggregate: Sendable {
  /// The exact sum.
  case sum
  /// How many values are not empty.
  case count
  /// The exact mean, rounded once by the column's format (see above for the rule).
  case mean
  /// The smallest value.
  case minimum
  /// The largest value.
  case maximum
  /// A fold of your own over the values.
  case custom(CustomAggregate)
}

/// A summary computed by folding every non-empty value of a column into a running result.
///
/// The fold sees values in reading order, one at a time, so it streams; keep the running
/// value small (a count, a maximum) to keep memory flat.
public struct CustomAggregate: Sendable {
  /// The result before any value is seen (shown for a group with no values).
  public var initial: CellValue
  /// Combines the running result with the next value.
  public var combine: @Sendable (CellValue, CellValue) -> CellValue

  /// Creates a fold.
  ///
  /// - Parameters:
  ///   - initial: The result before any value is seen.
  ///   - combine: Combines the running result with the next non-empty value.
  public init(
    initial: CellValue, combine: @escaping @Sendable (CellValue, CellValue) -> CellValue
  ) {
    self.initial = initial
    self.combine = combine
  }
}

extension CellValue {
  /// The whole number this value holds, or `nil` when it is not `CellValue.integer(_:)`.
  public var integerValue: Int? {
    if case .integer(let number) = self { number } else { nil }
  }
}
