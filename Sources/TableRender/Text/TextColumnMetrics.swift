package import TableKit

/// What the measuring pass learned about each column.
package struct TextColumnMetrics {
  /// The widest value (or title) in each column.
  package var widths: [Int]
  /// The widest part before the decimal point of the numbers in each column.
  package var wholeWidths: [Int]
  /// The widest decimal point and fraction of the numbers in each column.
  package var fractionWidths: [Int]
  /// Whether each column holds a number.
  package var holdsNumbers: [Bool]
  /// Whether any row shows an accessory, so an accessory column is drawn.
  package var hasAccessory = false

  package init(count: Int) {
    widths = Array(repeating: 0, count: count)
    wholeWidths = widths
    fractionWidths = widths
    holdsNumbers = Array(repeating: false, count: count)
  }

  /// Widens `column` to take `field`.
  package mutating func include(_ field: TextField, column: Int) {
    include(TextValueWidth(field), column: column)
  }

  /// Widens `column` to take a value of size `size`.
  ///
  /// A column is hidden only when it shows nothing at all (no title, every value empty): a value
  /// or title that takes no columns but is not empty (U+200B, a combining mark) makes it at
  /// least one column wide, so it never vanishes with its header.
  package mutating func include(_ size: TextValueWidth, column: Int) {
    guard widths.indices.contains(column) else { return }
    // Each array is written only when it changes: most values widen nothing, and a write
    // costs a check that the array's storage is not shared.
    if size.isNumber {
      if !holdsNumbers[column] { holdsNumbers[column] = true }
      if size.whole > wholeWidths[column] { wholeWidths[column] = size.whole }
      if size.fraction > fractionWidths[column] { fractionWidths[column] = size.fraction }
    }
    let width = size.isBlank ? size.width : max(size.width, 1)
    if width > widths[column] { widths[column] = width }
  }

  /// Includes every value of a row, skipping those that cannot be wider than their column
  /// already is.
  ///
  /// - Parameters:
  ///   - values: The row's values, one per column.
  ///   - tabWidth: The columns between tab stops.
  package mutating func include(row values: UnsafeBufferPointer<CellValue>, tabWidth: Int) {
    for column in values.indices {
      switch values[column] {
      case .text(let text):
        if column < widths.count, TerminalMeasure.fits(text, within: widths[column]) { continue }
      case .decimal(let number, let digits):
        if alreadyHolds(decimal: number, fractionDigits: digits, column: column) { continue }
      case .integer(let number):
        if alreadyHolds(integer: number, column: column) { continue }
      case .boolean(let flag):
        // `true` or `false`: not a number, never blank, four or five columns.
        if column < widths.count, widths[column] >= (flag ? 4 : 5) { continue }
      case .empty:
        // Shows nothing: it widens no column and keeps none visible.
        continue
      case .exactDecimal, .money, .percent, .date:
        break
      }
      let size = TextValueWidth(values[column], tabWidth: tabWidth)
      // Most values widen nothing; asking first keeps the checks that the arrays' storage is
      // not shared (which a write needs) off the row.
      if widens(size, column: column) { include(size, column: column) }
    }
  }

  /// Whether ``include(_:column:)`` would change anything for a value of size `size`.
  private func widens(_ size: TextValueWidth, column: Int) -> Bool {
    guard widths.indices.contains(column) else { return false }
    if size.isNumber,
      !holdsNumbers[column] || size.whole > wholeWidths[column]
        || size.fraction > fractionWidths[column]
    {
      return true
    }
    return (size.isBlank ? size.width : max(size.width, 1)) > widths[column]
  }

  /// Takes in the widths measured over other rows: each the wider of the two.
  ///
  /// - Parameter other: Metrics of the same columns, measured over other rows.
  package mutating func merge(_ other: TextColumnMetrics) {
    for column in widths.indices where other.widths.indices.contains(column) {
      widths[column] = max(widths[column], other.widths[column])
      wholeWidths[column] = max(wholeWidths[column], other.wholeWidths[column])
      fractionWidths[column] = max(fractionWidths[column], other.fractionWidths[column])
      holdsNumbers[column] = holdsNumbers[column] || other.holdsNumbers[column]
    }
    hasAccessory = hasAccessory || other.hasAccessory
  }

  /// Whether the decimal `value`, shown with `fractionDigits` digits after the point, surely
  /// fits what `column` already holds, known without rounding it.
  ///
  /// A magnitude below 10^k − 1 rounds to at most k digits before the point, so with a column
  /// already k + 1 wide there (one for a sign) and as wide after it, the value cannot widen it.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point.
  ///   - column: The column.
  /// - Returns: `true` when measuring the value could not change the column.
  package func alreadyHolds(decimal value: Double, fractionDigits: Int, column: Int) -> Bool {
    guard widths.indices.contains(column), holdsNumbers[column] else { return false }
    let digits = min(max(fractionDigits, 0), 15)
    let fraction = digits > 0 ? digits + 1 : 0
    let wholeDigits = wholeWidths[column] - 1
    guard fraction <= fractionWidths[column], Self.belowPowersOfTen.indices.contains(wholeDigits),
      wholeDigits + 1 + fraction <= widths[column]
    else { return false }
    return value.magnitude < Self.belowPowersOfTen[wholeDigits]
  }

  /// Whether the integer `value` surely fits what `column` already holds: with the column k + 1
  /// wide before the point (one for a sign), a magnitude below 10^k has at most k digits.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - column: The column.
  /// - Returns: `true` when measuring the value could not change the column.
  package func alreadyHolds(integer value: Int, column: Int) -> Bool {
    guard widths.indices.contains(column), holdsNumbers[column] else { return false }
    let digits = wholeWidths[column] - 1
    guard OutputBuffer.powersOfTen.indices.contains(digits) else { return false }
    return value.magnitude < OutputBuffer.powersOfTen[digits]
  }

  /// 10^k − 1 for k from 0 to 15, each exact as a `Double`.
  private static let belowPowersOfTen: [Double] = [
    0, 9, 99, 999, 9_999, 99_999, 999_999, 9_999_999, 99_999_999, 999_999_999, 9_999_999_999,
    99_999_999_999, 999_999_999_999, 9_999_999_999_999, 99_999_999_999_999, 999_999_999_999_999,
  ]

  /// Uses `given` as the widths; columns beyond it get zero width and are hidden.
  package mutating func fix(_ given: [Int]) {
    for column in widths.indices {
      let width = given.indices.contains(column) ? given[column] : 0
      widths[column] = min(max(width, 0), ColumnSizing.widestFixedColumn)
    }
  }

  /// Keeps every column visible (at least one wide), for sizes taken from a sample: a column empty
  /// in the sample may hold text further down.
  package mutating func keepEveryColumnVisible() {
    for column in widths.indices { widths[column] = max(widths[column], 1) }
  }
}
