import TableKit

/// The cells of a plain table's common numbers, written as bytes straight into the output.
///
/// An integer, an amount of money, an exact decimal and a calendar date are most of a large
/// table's cells. Each is written here in one stretch of the output buffer: `<c` (with the
/// reference from the column's stored `<c r="AB` and the row's digits when a cell before it is
/// absent), the style index, the number's digits,
/// with no `String` made and its style looked up by comparing the column's last kind of number
/// (a currency and a scale, say), not by making its format code. The bytes are the ones
/// ``XLSXSheetWriter/writeValue(_:column:style:marks:numberFormat:)`` writes for the same
/// value; a value it cannot write this way (text, a number a double would change, a time) is
/// left to that.
extension XLSXSheetWriter {
  /// What decides a plain number cell's style: its kind, and for money its currency and scale.
  enum PlainNumber: Equatable {
    case integer
    case money(currency: UInt16, scale: Int)
    case decimal(scale: Int)
    case date
  }

  /// Bytes a column's prefix takes in ``cellPrefixes``: `<c r="`, at most three letters (the
  /// widest sheet has 16,384 columns, `XFD`), and the length in the last byte.
  static let cellPrefixStride = 16

  /// The most bytes of a cell's opening with its reference: a column's prefix, a row number and
  /// the closing quote.
  static let longestReference = cellPrefixStride + OutputBuffer.longestInteger

  /// The most bytes of a number cell around its number: the reference, `" s="` and a style
  /// index, `"><v>`, `</v></c>`.
  private static let longestNumberCellFrame =
    longestReference + 5 + OutputBuffer.longestInteger + 5 + 8

  /// Each column's `<c r="` and letters, ``cellPrefixStride`` bytes apart.
  static func cellPrefixes(columnCount: Int) -> [UInt8] {
    var table = [UInt8](repeating: 0, count: columnCount * cellPrefixStride)
    for column in 0..<columnCount {
      let prefix = Array("<c r=\"".utf8) + Array(letters(column).utf8).prefix(cellPrefixStride - 7)
      let start = column * cellPrefixStride
      table.replaceSubrange(start..<start + prefix.count, with: prefix)
      table[start + cellPrefixStride - 1] = UInt8(prefix.count)
    }
    return table
  }

  /// Stores the digits of ``rowNumber`` in ``rowDigits``.
  mutating func storeRowDigits() {
    let number = rowNumber
    rowDigits.withUnsafeMutableBufferPointer { digits in
      let length = OutputBuffer.store(integer: number, at: digits.start)
      digits[digits.count - 1] = UInt8(length)
    }
  }

  /// Writes `value` as a number cell in the plain style of its kind, when it is one of the
  /// common numbers this writes.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - column: Its column.
  /// - Returns: `false` when nothing was written: the caller writes the value another way.
  mutating func writePlainNumber(_ value: CellValue, column: Int) -> Bool {
    guard plainStyles.indices.contains(column) else { return false }
    switch value {
    case .integer(let number):
      guard number.magnitude <= UInt(Self.exactIntegerLimit) else { return false }
      let style = plainStyle(.integer, column: column) { nil }
      writeNumberCell(column: column, style: style, budget: OutputBuffer.longestInteger) {
        OutputBuffer.store(integer: number, at: $0)
      }
    case .money(let money):
      let amount = money.amount
      guard Self.isExactInDouble(amount) else { return false }
      let kind = PlainNumber.money(currency: money.packedCurrency, scale: amount.scale)
      let style = plainStyle(kind, column: column) {
        XLSXStyles.currency(money.currency, digits: amount.scale)
      }
      writeNumberCell(column: column, style: style, budget: OutputBuffer.longestExactDecimal) {
        OutputBuffer.store(exactDecimal: amount, at: $0)
      }
    case .exactDecimal(let number):
      guard Self.isExactInDouble(number) else { return false }
      let style = plainStyle(.decimal(scale: number.scale), column: column) {
        XLSXStyles.fixed(number.scale)
      }
      writeNumberCell(column: column, style: style, budget: OutputBuffer.longestExactDecimal) {
        OutputBuffer.store(exactDecimal: number, at: $0)
      }
    case .date(let date):
      guard date.kind == .date,
        let day = XLSXSerialDate.serialDay(year: date.year, month: date.month, day: date.day)
      else { return false }
      let style = plainStyle(.date, column: column) { XLSXSerialDate.dateFormat }
      writeNumberCell(column: column, style: style, budget: OutputBuffer.longestInteger) {
        OutputBuffer.store(integer: day, at: $0)
      }
    default:
      return false
    }
    return true
  }

  /// The style index of a plain number of `kind` in `column`: the column's last one when the
  /// kind is the same, else the style of the format `format` makes.
  @inline(__always)
  private mutating func plainStyle(
    _ kind: PlainNumber, column: Int, format: () -> String?
  ) -> Int {
    if let last = plainStyles[column], last.kind == kind { return last.index }
    let index = numberStyleIndex(XLSXStyles.Style(format: format()), column: column)
    plainStyles[column] = (kind, index)
    return index
  }

  /// Writes `<c s="5"><v>` (`<c r="B7" s="5"><v>` after an absent cell), the number `store` stores (at most `budget` bytes), and
  /// `</v></c>`, in one stretch of the output.
  @inline(__always)
  private mutating func writeNumberCell(
    column: Int, style: Int, budget: Int, _ store: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    let isNext = column == nextColumn
    if !isNext { writeOpeningWithReference(column: column) }
    nextColumn = column + 1
    output.writeUnsafeBytes(budget: Self.longestNumberCellFrame + budget) { room in
      var next = room.start
      if isNext { next += OutputBuffer.store("<c" as StaticString, at: next) }
      if style != XLSXStyles.general {
        next += OutputBuffer.store(" s=\"" as StaticString, at: next)
        next += OutputBuffer.store(integer: style, at: next)
        next += OutputBuffer.store("\"" as StaticString, at: next)
      }
      next += OutputBuffer.store("><v>" as StaticString, at: next)
      next += store(next)
      next += OutputBuffer.store("</v></c>" as StaticString, at: next)
      return next - room.start
    }
  }

  /// Writes `<c r="B7"`, the opening of a cell after an absent one: the column's prefix, the
  /// row's digits and the closing quote.
  mutating func writeOpeningWithReference(column: Int) {
    let prefixes = cellPrefixes
    let row = rowDigits
    output.writeUnsafeBytes(budget: Self.longestReference) { target in
      prefixes.withUnsafeBufferPointer { prefixes in
        row.withUnsafeBufferPointer { row in
          let start = column * Self.cellPrefixStride
          let prefixLength = Int(prefixes[start + Self.cellPrefixStride - 1])
          let rowLength = Int(row[row.count - 1])
          OutputBuffer.copy(
            prefixLength, from: prefixes.baseAddress.unsafelyUnwrapped + start, to: target.start)
          OutputBuffer.copy(
            rowLength, from: row.baseAddress.unsafelyUnwrapped, to: target.start + prefixLength)
          target.start[prefixLength + rowLength] = UInt8(ascii: "\"")
          return prefixLength + rowLength + 1
        }
      }
    }
  }
}
