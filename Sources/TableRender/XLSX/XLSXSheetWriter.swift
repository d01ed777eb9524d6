package import TableKit

/// Writes `xl/worksheets/sheet1.xml` row by row into a ZIP member.
///
/// The first ``measuredRows`` rows are held back, as XML, until the column widths are known
/// (the `<cols>` element comes before the rows); every later row is written as it comes. A
/// plain table's rows come through ``consume(_:)``; a report writes its rows cell by cell
/// (``beginRow(outlineLevel:)``, ``writeValue(_:column:style:marks:)``, ``endRow()``).
package struct XLSXSheetWriter {
  /// Rows measured for the column widths before any row is written.
  static let measuredRows = 100
  /// The widest column, in characters.
  static let widestColumn = 80
  /// The largest integer a double holds exactly, and every integer below it: 2^53.
  static let exactIntegerLimit = 1 << 53

  /// How a value goes into a cell.
  enum Form {
    /// No cell.
    case absent
    /// A number cell: its `<v>` text and its number format (`nil`: General).
    case number(String, format: String?)
    /// A string cell; `isInexact` when it stands for a number a double would change.
    case text(String, isInexact: Bool)
    /// A boolean cell.
    case boolean(Bool)
  }

  private let sink: any ByteSink
  /// How many rows at the top stay in place (the header); 0 for none.
  private let frozenRows: Int
  /// Whether a group's summary stands below its rows, for a sheet with outlined rows.
  private let summaryBelow: Bool?
  var output: OutputBuffer
  /// Where rows go until the widths are known.
  private let held = ByteCollector()
  private(set) var styles = XLSXStyles()
  /// The custom number formats asked for so far, in order (`xl/styles.xml`'s `<numFmts>`).
  package var numberFormats: [String] { styles.formats }
  /// Each column's letters (A, B and on to Z, then AA).
  let columnLetters: [String]
  package private(set) var inexactCount = 0
  /// The number of the row being written, or of the last one.
  package private(set) var rowNumber = 0
  private var widths: [Int]
  private(set) var hasStarted = false
  private var merged: [String] = []
  private var plainHeader = false
  /// Each column's last number style and its index: a column of one format finds its style
  /// by comparing, not by hashing the format code for every cell.
  private var lastNumberStyles: [(style: XLSXStyles.Style, index: Int)?]
  /// Each column's last plain number kind and its style index (``writePlainNumber(_:column:)``).
  var plainStyles: [(kind: PlainNumber, index: Int)?]
  /// Each column's `<c r="` and letters, ``cellPrefixStride`` bytes a column, its length last.
  let cellPrefixes: [UInt8]
  /// The current row's number in digits, its length in the last byte.
  var rowDigits = [UInt8](repeating: 0, count: 24)
  /// The column a cell written next in the current row has without its `r` attribute: the one
  /// after the last cell written (a reader counts the columns of cells with no `r`).
  var nextColumn = 0

  /// A writer for a plain table's sheet with these columns, its XML going to `sink`.
  ///
  /// - Parameters:
  ///   - columns: The columns.
  ///   - hasHeaderRow: Whether the titles form a frozen header row with an autofilter.
  ///   - sink: Where the sheet's XML goes (a ZIP member, or a collector in tests).
  package init(columns: [ColumnDefinition], hasHeaderRow: Bool, sink: any ByteSink) {
    self.init(
      columnCount: columns.count, frozenRows: hasHeaderRow ? 1 : 0, summaryBelow: nil, sink: sink)
    widths = columns.map { DisplayWidth.of($0.title) }
    plainHeader = hasHeaderRow
    guard hasHeaderRow else { return }
    beginRow()
    for (index, column) in columns.enumerated() where !column.title.isEmpty {
      writeText(column.title, column: index, style: XLSXStyles.header)
    }
    endRow()
  }

  /// A writer for a sheet of `columnCount` columns whose rows the caller writes cell by cell.
  ///
  /// - Parameters:
  ///   - columnCount: The number of columns.
  ///   - frozenRows: How many rows at the top stay in place when the sheet scrolls (0: none).
  ///   - summaryBelow: For a sheet with outlined rows, whether a group's summary row stands
  ///     below its rows (`true`) or above them; `nil` for a sheet with no outline.
  ///   - sink: Where the sheet's XML goes.
  package init(columnCount: Int, frozenRows: Int, summaryBelow: Bool?, sink: any ByteSink) {
    self.sink = sink
    self.frozenRows = frozenRows
    self.summaryBelow = summaryBelow
    output = OutputBuffer(sink: held)
    columnLetters = (0..<columnCount).map(Self.letters)
    widths = Array(repeating: 0, count: columnCount)
    lastNumberStyles = Array(repeating: nil, count: columnCount)
    plainStyles = Array(repeating: nil, count: columnCount)
    cellPrefixes = Self.cellPrefixes(columnCount: columnCount)
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

  /// The reference of a cell in the current row, such as `C7`.
  package func reference(column: Int, row: Int) -> String {
    columnLetters[column] + String(row)
  }

  /// Takes one row's values (one per column).
  package mutating func consume(_ values: UnsafeBufferPointer<CellValue>) {
    beginRow()
    // By index, each value borrowed from the buffer: no copy of a value (and of its text) a
    // cell.
    for column in values.indices {
      if !hasStarted { measure(values[column].text, column: column) }
      if !writePlainNumber(values[column], column: column) {
        writeValue(values[column], column: column)
      }
    }
    endRow()
  }

  /// Takes one row's values as ``consume(_:)`` does, every cell through the general writer a
  /// report's cells go through, none through the byte-direct numbers: the same bytes, which
  /// tests hold the two to.
  package mutating func consumeThroughGeneralWriter(_ values: UnsafeBufferPointer<CellValue>) {
    beginRow()
    for (column, value) in values.enumerated() {
      if !hasStarted { measure(value.text, column: column) }
      writeValue(value, column: column)
    }
    endRow()
  }

  /// Counts `text` in its column's width while the widths are being measured.
  package mutating func measure(_ text: String, column: Int) {
    guard !hasStarted, widths.indices.contains(column) else { return }
    widths[column] = max(widths[column], DisplayWidth.of(text))
  }

  /// Starts the next row.
  ///
  /// - Parameter outlineLevel: Its outline level: 1 for a row Excel folds into its group.
  package mutating func beginRow(outlineLevel: Int = 0) {
    rowNumber += 1
    nextColumn = 0
    storeRowDigits()
    output.write("<row r=\"" as StaticString)
    output.write(integer: rowNumber)
    if outlineLevel > 0 {
      output.write("\" outlineLevel=\"" as StaticString)
      output.write(integer: outlineLevel)
    }
    output.write("\">" as StaticString)
  }

  /// Ends the row; once ``measuredRows`` rows are held, the sheet starts.
  package mutating func endRow() {
    output.write("</row>" as StaticString)
    if !hasStarted && rowNumber >= Self.measuredRows { start() }
  }

  /// Merges columns `columns` of row `row` into one cell (written after the rows).
  package mutating func merge(row: Int, columns: Range<Int>) {
    guard columns.count > 1 else { return }
    merged.append(
      reference(column: columns.lowerBound, row: row) + ":"
        + reference(column: columns.upperBound - 1, row: row))
  }

  /// Writes the sheet's start and the held rows.
  private mutating func start() {
    hasStarted = true
    output.flush()
    output = OutputBuffer(sink: sink)
    output.write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      """ as StaticString)
    if let summaryBelow {
      output.write(
        summaryBelow
          ? "<sheetPr><outlinePr summaryBelow=\"1\"/></sheetPr>" as StaticString
          : "<sheetPr><outlinePr summaryBelow=\"0\"/></sheetPr>")
    }
    if frozenRows > 0 {
      output.write("<sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"" as StaticString)
      output.write(integer: frozenRows)
      output.write("\" topLeftCell=\"A" as StaticString)
      output.write(integer: frozenRows + 1)
      output.write(
        """
        " activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>\
        </sheetViews>
        """ as StaticString)
    }
    output.write(
      summaryBelow == nil
        ? "<sheetFormatPr defaultRowHeight=\"15\"/><cols>" as StaticString
        : "<sheetFormatPr defaultRowHeight=\"15\" outlineLevelRow=\"1\"/><cols>")
    for (index, width) in widths.enumerated() {
      let characters = min(max(width, 4) + 2, Self.widestColumn)
      output.write(
        "<col min=\"\(index + 1)\" max=\"\(index + 1)\" width=\"\(characters)\" customWidth=\"1\"/>"
      )
    }
    output.write("</cols><sheetData>" as StaticString)
    held.bytes.withUnsafeBufferPointer { output.write(utf8: $0) }
    held.removeAll()
  }

  /// Ends a plain table's sheet: the held rows if the table was short, the autofilter, the
  /// closing tags.
  ///
  /// - Returns: The last row's number when the sheet has a header row (the autofilter's
  ///   range), else `nil`.
  @discardableResult
  package mutating func finish() -> Int? {
    let lastRow = rowNumber
    finish(filteredRows: plainHeader ? 1...max(lastRow, 1) : nil)
    return plainHeader ? lastRow : nil
  }

  /// Ends the sheet: the held rows if it was short, the autofilter over `filteredRows` (its
  /// first row holds the column labels), the merged cells, the closing tags.
  ///
  /// - Parameter filteredRows: The rows the autofilter covers, or `nil` for none.
  package mutating func finish(filteredRows: ClosedRange<Int>?) {
    if !hasStarted { start() }
    output.write("</sheetData>" as StaticString)
    if let filteredRows, let last = columnLetters.last {
      output.write(
        "<autoFilter ref=\"A\(filteredRows.lowerBound):\(last)\(filteredRows.upperBound)\"/>")
    }
    if !merged.isEmpty {
      output.write("<mergeCells count=\"" as StaticString)
      output.write(integer: merged.count)
      output.write("\">" as StaticString)
      for range in merged {
        output.write("<mergeCell ref=\"" as StaticString)
        output.write(range)
        output.write("\"/>" as StaticString)
      }
      output.write("</mergeCells>" as StaticString)
    }
    output.write("</worksheet>" as StaticString)
    output.flush()
  }

  /// Writes `<c`, with `r="B7"` when a cell before it in the row is absent, and the style
  /// attribute, if any.
  private mutating func openCell(column: Int, style: Int) {
    if column == nextColumn {
      output.write("<c" as StaticString)
    } else {
      writeOpeningWithReference(column: column)
    }
    nextColumn = column + 1
    if style != XLSXStyles.general {
      output.write(" s=\"" as StaticString)
      output.write(integer: style)
      output.write("\"" as StaticString)
    }
  }

  /// The index of `style` in the workbook's styles, added when new.
  mutating func style(_ style: XLSXStyles.Style) -> Int {
    styles.style(style)
  }

  /// Writes a cell with a style and no value (a summary row's rule over an empty column).
  package mutating func writeEmpty(column: Int, style: Int) {
    openCell(column: column, style: style)
    output.write("/>" as StaticString)
  }

  /// Writes an inline string cell, its footnote marks as a superscript run after the text.
  ///
  /// - Parameters:
  ///   - text: The text (escaped here; never a formula, whatever it starts with).
  ///   - column: The column.
  ///   - style: The cell style's index.
  ///   - marks: Footnote marks, shown raised after the text (`1,2`).
  package mutating func writeText(
    _ text: String, column: Int, style: Int = XLSXStyles.general, marks: [String] = []
  ) {
    openCell(column: column, style: style)
    if marks.isEmpty {
      output.write(" t=\"inlineStr\"><is>" as StaticString)
      XLSXEscaping.writeElement(text, into: &output)
      output.write("</is></c>" as StaticString)
      return
    }
    output.write(" t=\"inlineStr\"><is><r>" as StaticString)
    XLSXEscaping.writeElement(text, into: &output)
    output.write("</r><r><rPr><vertAlign val=\"superscript\"/></rPr>" as StaticString)
    XLSXEscaping.writeElement(marks.joined(separator: ","), into: &output)
    output.write("</r></is></c>" as StaticString)
  }

  /// Writes a note: its mark raised, then its text, in one inline string cell.
  ///
  /// - Parameters:
  ///   - text: The note's text.
  ///   - column: The column.
  ///   - leadingMark: The note's mark.
  package mutating func writeText(_ text: String, column: Int, leadingMark: String) {
    openCell(column: column, style: XLSXStyles.general)
    output.write(
      " t=\"inlineStr\"><is><r><rPr><vertAlign val=\"superscript\"/></rPr>" as StaticString)
    XLSXEscaping.writeElement(leadingMark, into: &output)
    output.write("</r><r>" as StaticString)
    XLSXEscaping.writeElement(" " + text, into: &output)
    output.write("</r></is></c>" as StaticString)
  }

  /// Writes a formula cell with its value cached in `<v>`, so a reader that does not
  /// calculate gets the value.
  ///
  /// - Parameters:
  ///   - formula: The formula, without `=` (made here from cell references only).
  ///   - digits: The cached value's `<v>` text.
  ///   - column: The column.
  ///   - style: The cell style's index.
  package mutating func writeFormula(
    _ formula: String, cached digits: String, column: Int, style: Int
  ) {
    openCell(column: column, style: style)
    output.write("><f>" as StaticString)
    output.write(formula)
    output.write("</f><v>" as StaticString)
    output.write(digits)
    output.write("</v></c>" as StaticString)
  }

  /// Writes one value as the cell its type asks for.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - column: The column.
  ///   - style: What the cell adds to the value's own number format (a bold font, a rule).
  ///   - marks: Footnote marks: a raised run after text, a suffix in a number's format.
  ///   - numberFormat: The number format a number takes instead of its own, if any.
  /// - Returns: How it was written.
  @discardableResult
  mutating func writeValue(
    _ value: CellValue, column: Int, style: XLSXStyles.Style = .init(), marks: [String] = [],
    numberFormat: String? = nil
  ) -> Form {
    let form = Self.form(of: value)
    switch form {
    case .absent:
      if !marks.isEmpty {
        writeText("", column: column, style: styles.style(style), marks: marks)
      } else if style != XLSXStyles.Style() {
        writeEmpty(column: column, style: styles.style(style))
      }
    case .text(let text, let isInexact):
      if isInexact {
        inexactCount += 1
        var marker = style
        marker.format = XLSXStyles.textFormat
        marker.font = .marker
        marker.isMarked = true
        writeText(text, column: column, style: styles.style(marker), marks: marks)
      } else {
        writeText(text, column: column, style: styles.style(style), marks: marks)
      }
    case .boolean(let flag):
      openCell(column: column, style: styles.style(style))
      output.write(flag ? " t=\"b\"><v>1</v></c>" as StaticString : " t=\"b\"><v>0</v></c>")
    case .number(let digits, let format):
      var numberStyle = style
      let format = numberFormat ?? format
      numberStyle.format =
        marks.isEmpty
        ? format : XLSXStyles.format(format, suffix: " " + marks.joined(separator: ","))
      openCell(column: column, style: numberStyleIndex(numberStyle, column: column))
      output.write("><v>" as StaticString)
      output.write(digits)
      output.write("</v></c>" as StaticString)
    }
    return form
  }

  /// The index of a number cell's style, remembered for the column.
  mutating func numberStyleIndex(_ style: XLSXStyles.Style, column: Int) -> Int {
    guard lastNumberStyles.indices.contains(column) else { return styles.style(style) }
    if let last = lastNumberStyles[column], last.style == style { return last.index }
    let index = styles.style(style)
    lastNumberStyles[column] = (style, index)
    return index
  }

  /// How `value` goes into a cell: the number and its format, or the text a number cell
  /// would change (see ``XLSXTableRenderer``), or nothing.
  static func form(of value: CellValue) -> Form {
    switch value {
    case .empty:
      return .absent
    case .text(let text):
      return .text(text, isInexact: false)
    case .boolean(let flag):
      return .boolean(flag)
    case .integer(let number):
      guard number.magnitude <= UInt(Self.exactIntegerLimit) else {
        return .text(String(number), isInexact: true)
      }
      return .number(String(number), format: nil)
    case .decimal(let number, let digits):
      guard number.isFinite else { return .text(value.text, isInexact: false) }
      return .number(number.description, format: XLSXStyles.fixed(min(max(digits, 0), 15)))
    case .exactDecimal(let number):
      guard isExactInDouble(number) else { return .text(number.description, isInexact: true) }
      return .number(number.description, format: XLSXStyles.fixed(number.scale))
    case .money(let money):
      guard isExactInDouble(money.amount) else {
        return .text(money.description, isInexact: true)
      }
      return .number(
        money.amount.description,
        format: XLSXStyles.currency(money.currency, digits: money.amount.scale))
    case .percent(let fraction):
      guard isExactInDouble(fraction) else { return .text(value.text, isInexact: true) }
      return .number(
        fraction.description, format: XLSXStyles.fixed(max(fraction.scale - 2, 0)) + "%")
    case .date(let date):
      return dateForm(date)
    }
  }

  /// A date, time or date-time as a serial number with a date format, or as its text when it
  /// has no serial number (see ``XLSXTableRenderer``).
  private static func dateForm(_ date: DateValue) -> Form {
    let subMillisecond = date.nanosecond % 1_000_000 != 0
    let seconds = date.nanosecond == 0 ? "ss" : "ss.000"
    switch date.kind {
    case .date:
      guard let day = XLSXSerialDate.serialDay(year: date.year, month: date.month, day: date.day)
      else { return .text(date.written, isInexact: false) }
      return .number(String(day), format: XLSXSerialDate.dateFormat)
    case .time:
      guard !subMillisecond, date.utcOffset == nil else {
        return .text(date.written, isInexact: false)
      }
      return .number(XLSXSerialDate.dayFraction(of: date).description, format: "hh:mm:" + seconds)
    case .dateTime:
      guard !subMillisecond, date.utcOffset == nil,
        let day = XLSXSerialDate.serialDay(year: date.year, month: date.month, day: date.day)
      else { return .text(date.written, isInexact: false) }
      let serial = Double(day) + XLSXSerialDate.dayFraction(of: date)
      return .number(serial.description, format: "yyyy-mm-dd hh:mm:" + seconds)
    }
  }

  /// Whether a double holds `number` exactly enough to give it back: at most 15 significant
  /// digits (trailing zeros after the point do not count).
  package static func isExactInDouble(_ number: ExactDecimal) -> Bool {
    var significand = number.significand
    // Fifteen digits or fewer, whatever the scale: most amounts, with no division.
    if significand < 1_000_000_000_000_000 { return true }
    var scale = number.scale
    while scale > 0 && significand != 0 && significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    return significand < 1_000_000_000_000_000
  }
}
