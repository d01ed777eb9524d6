package import TableKit

/// Writes `xl/worksheets/sheet1.xml` row by row into a ZIP member.
///
/// The first ``measuredRows`` rows are held back until the column widths are known (the
/// `<cols>` element comes before the rows); every later row is written as it comes.
package struct XLSXSheetWriter {
  /// Rows measured for the column widths before any row is written.
  static let measuredRows = 100
  /// The widest column, in characters.
  static let widestColumn = 80
  /// The largest integer a double holds exactly, and every integer below it: 2^53.
  static let exactIntegerLimit = 1 << 53

  private let columns: [ColumnDefinition]
  private let hasHeaderRow: Bool
  private var output: OutputBuffer
  private(set) var styles = XLSXStyles()
  /// Each column's letters (A, B and on to Z, then AA).
  let columnLetters: [String]
  package private(set) var inexactCount = 0
  private var rowNumber = 0
  private var heldRows: [[CellValue]] = []
  private var widths: [Int]
  private var hasStarted = false

  /// A writer for a sheet with these columns, its XML going to `sink`.
  ///
  /// - Parameters:
  ///   - columns: The columns.
  ///   - hasHeaderRow: Whether the titles form a frozen header row with an autofilter.
  ///   - sink: Where the sheet's XML goes (a ZIP member, or a collector in tests).
  package init(columns: [ColumnDefinition], hasHeaderRow: Bool, sink: any ByteSink) {
    self.columns = columns
    self.hasHeaderRow = hasHeaderRow
    output = OutputBuffer(sink: sink)
    columnLetters = columns.indices.map(Self.letters)
    widths = columns.map { DisplayWidth.of($0.title) }
    heldRows.reserveCapacity(Self.measuredRows)
  }

  /// The column letters of the zero-based column `index`.
  package static func letters(_ index: Int) -> String {
    var number = index + 1
    var letters: [Character] = []
    while number > 0 {
      let remainder = (number - 1) % 26
      letters.insert(Character(Unicode.Scalar(UInt8(65 + remainder))), at: 0)
      number = (number - 1) / 26
    }
    return String(letters)
  }

  /// Takes one row's values (one per column).
  package mutating func consume(_ values: UnsafeBufferPointer<CellValue>) {
    if hasStarted {
      writeRow(values)
      return
    }
    for (column, value) in values.enumerated() {
      widths[column] = max(widths[column], DisplayWidth.of(value.text))
    }
    heldRows.append(Array(values))
    if heldRows.count == Self.measuredRows { start() }
  }

  /// Writes the sheet's start, the header and the held rows.
  private mutating func start() {
    hasStarted = true
    output.write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      """ as StaticString)
    if hasHeaderRow {
      output.write(
        """
        <sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" \
        activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>\
        </sheetViews>
        """ as StaticString)
    }
    output.write("<sheetFormatPr defaultRowHeight=\"15\"/><cols>" as StaticString)
    for (index, width) in widths.enumerated() {
      let characters = min(max(width, 4) + 2, Self.widestColumn)
      output.write(
        "<col min=\"\(index + 1)\" max=\"\(index + 1)\" width=\"\(characters)\" customWidth=\"1\"/>"
      )
    }
    output.write("</cols><sheetData>" as StaticString)
    if hasHeaderRow {
      rowNumber += 1
      output.write("<row r=\"1\">" as StaticString)
      for (index, column) in columns.enumerated() where !column.title.isEmpty {
        writeText(column.title, column: index, style: XLSXStyles.header)
      }
      output.write("</row>" as StaticString)
    }
    let held = heldRows
    heldRows = []
    for row in held { row.withUnsafeBufferPointer { writeRow($0) } }
  }

  /// Ends the sheet: the held rows if the table was short, the autofilter, the closing tags.
  ///
  /// - Returns: The last row's number when the sheet has a header row (the autofilter's
  ///   range), else `nil`.
  @discardableResult
  package mutating func finish() -> Int? {
    if !hasStarted { start() }
    output.write("</sheetData>" as StaticString)
    var filteredTo: Int?
    if hasHeaderRow, let last = columnLetters.last {
      output.write("<autoFilter ref=\"A1:\(last)\(rowNumber)\"/>")
      filteredTo = rowNumber
    }
    output.write("</worksheet>" as StaticString)
    output.flush()
    return filteredTo
  }

  /// Writes one row.
  private mutating func writeRow(_ values: UnsafeBufferPointer<CellValue>) {
    rowNumber += 1
    output.write("<row r=\"" as StaticString)
    output.write(integer: rowNumber)
    output.write("\">" as StaticString)
    for (column, value) in values.enumerated() {
      writeCell(value, column: column)
    }
    output.write("</row>" as StaticString)
  }

  /// Writes `<c r="B7"` and the style attribute, if any.
  private mutating func openCell(column: Int, style: Int) {
    output.write("<c r=\"" as StaticString)
    output.write(columnLetters[column])
    output.write(integer: rowNumber)
    if style != XLSXStyles.general {
      output.write("\" s=\"" as StaticString)
      output.write(integer: style)
    }
    output.write("\"" as StaticString)
  }

  /// Writes a number cell whose value is `digits`.
  private mutating func writeNumber(_ digits: String, column: Int, style: Int) {
    openCell(column: column, style: style)
    output.write("><v>" as StaticString)
    output.write(digits)
    output.write("</v></c>" as StaticString)
  }

  /// Writes an inline string cell.
  private mutating func writeText(_ text: String, column: Int, style: Int = XLSXStyles.general) {
    openCell(column: column, style: style)
    output.write(" t=\"inlineStr\"><is><t xml:space=\"preserve\">" as StaticString)
    XLSXEscaping.write(text, into: &output)
    output.write("</t></is></c>" as StaticString)
  }

  /// Writes `text` in the marker style and counts it: a value a number cell would change.
  private mutating func writeInexact(_ text: String, column: Int) {
    inexactCount += 1
    writeText(text, column: column, style: XLSXStyles.inexact)
  }

  /// Writes one value as the cell its type asks for.
  private mutating func writeCell(_ value: CellValue, column: Int) {
    switch value {
    case .empty:
      return
    case .text(let text):
      if text.isEmpty { return }
      writeText(text, column: column)
    case .boolean(let flag):
      openCell(column: column, style: XLSXStyles.general)
      output.write(flag ? " t=\"b\"><v>1</v></c>" as StaticString : " t=\"b\"><v>0</v></c>")
    case .integer(let number):
      if number.magnitude > UInt(Self.exactIntegerLimit) {
        writeInexact(String(number), column: column)
      } else {
        openCell(column: column, style: XLSXStyles.general)
        output.write("><v>" as StaticString)
        output.write(integer: number)
        output.write("</v></c>" as StaticString)
      }
    case .decimal(let number, let digits):
      guard number.isFinite else {
        writeText(value.text, column: column)
        return
      }
      let style = styles.style(forFormat: XLSXStyles.fixed(min(max(digits, 0), 15)))
      writeNumber(number.description, column: column, style: style)
    case .exactDecimal(let number):
      guard Self.isExactInDouble(number) else {
        return writeInexact(number.description, column: column)
      }
      writeNumber(
        number.description, column: column,
        style: styles.style(forFormat: XLSXStyles.fixed(number.scale)))
    case .money(let money):
      guard Self.isExactInDouble(money.amount) else {
        return writeInexact(money.description, column: column)
      }
      let format = XLSXStyles.currency(money.currency, digits: money.amount.scale)
      writeNumber(money.amount.description, column: column, style: styles.style(forFormat: format))
    case .percent(let fraction):
      guard Self.isExactInDouble(fraction) else { return writeInexact(value.text, column: column) }
      let format = XLSXStyles.fixed(max(fraction.scale - 2, 0)) + "%"
      writeNumber(fraction.description, column: column, style: styles.style(forFormat: format))
    case .date(let date):
      writeDate(date, column: column)
    }
  }

  /// Writes a date, time or date-time as a serial number with a date format, or as its text
  /// when it has no serial number (see ``XLSXTableRenderer``).
  private mutating func writeDate(_ date: DateValue, column: Int) {
    let subMillisecond = date.nanosecond % 1_000_000 != 0
    let seconds = date.nanosecond == 0 ? "ss" : "ss.000"
    switch date.kind {
    case .date:
      guard let day = XLSXSerialDate.serialDay(year: date.year, month: date.month, day: date.day)
      else { return writeText(date.written, column: column) }
      writeNumber(String(day), column: column, style: styles.style(forFormat: "yyyy-mm-dd"))
    case .time:
      guard !subMillisecond, date.utcOffset == nil else {
        return writeText(date.written, column: column)
      }
      let fraction = XLSXSerialDate.dayFraction(of: date)
      writeNumber(
        fraction.description, column: column, style: styles.style(forFormat: "hh:mm:" + seconds))
    case .dateTime:
      guard !subMillisecond, date.utcOffset == nil,
        let day = XLSXSerialDate.serialDay(year: date.year, month: date.month, day: date.day)
      else { return writeText(date.written, column: column) }
      let serial = Double(day) + XLSXSerialDate.dayFraction(of: date)
      writeNumber(
        serial.description, column: column,
        style: styles.style(forFormat: "yyyy-mm-dd hh:mm:" + seconds))
    }
  }

  /// Whether a double holds `number` exactly enough to give it back: at most 15 significant
  /// digits (trailing zeros after the point do not count).
  package static func isExactInDouble(_ number: ExactDecimal) -> Bool {
    var significand = number.significand
    var scale = number.scale
    while scale > 0 && significand != 0 && significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    return significand < 1_000_000_000_000_000
  }
}
