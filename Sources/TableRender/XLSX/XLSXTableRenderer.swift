public import TableKit

/// Renders a table as an Excel workbook (`.xlsx`, Office Open XML SpreadsheetML), streamed.
///
/// The workbook has one sheet: the column titles in a bold, frozen header row with an
/// autofilter, then every row of every section (flattened, as in CSV; status rows left out).
/// Cells keep their types: numbers are number cells, text is an inline string (never a
/// formula, whatever it starts with), booleans are booleans, no value (`CellValue.empty`) is an absent cell and the empty text a text cell with nothing in it.
/// Money is a number in its currency's format (accounting negatives in parentheses), a
/// percentage its fraction in a percent format, a date, time or date-time a serial number in
/// the 1900 date system with a date format. Column widths come from the display widths of the
/// titles and the first 100 rows.
///
/// ```swift
/// try XLSXTableRenderer().write(table, toFile: "payments.xlsx")
/// ```
///
/// Rows go out as they come: the sheet's XML is deflated into the ZIP archive as it is made,
/// so memory stays flat at any number of rows. The styles, the workbook part and the ZIP
/// central directory, all small, are written after the sheet.
///
/// Exactness: a spreadsheet stores numbers as binary doubles and shows 15 significant digits.
/// A value a double would change is written as text in the marker style (italic on light
/// orange) and counted, never rounded: an integer beyond ±2^53, and an exact decimal, money
/// amount or percentage with more than 15 significant digits (trailing zeros after the point
/// are not significant). ``inexactValues`` is told the count. A date before 1900-01-01 (which
/// has no serial number), a date-time with a UTC offset (a spreadsheet has no time zones) and
/// a time with a fraction of a millisecond are written as their text, unmarked.
///
/// The output is binary: write it to a file or a descriptor, not to a `String`.
public struct XLSXTableRenderer: TableRenderer {
  /// The sheet's name (at most 31 characters, none of `: \ / ? * [ ]`; others are replaced).
  public var sheetName: String
  /// Told how many values were written as text because a number cell would have changed
  /// them, once a render ends, when there were any.
  public var inexactValues: (@Sendable (_ count: Int) -> Void)?

  /// Creates an XLSX renderer.
  ///
  /// - Parameters:
  ///   - sheetName: The sheet's name.
  ///   - inexactValues: Told the count of values written as text to stay exact, if any.
  public init(
    sheetName: String = "Sheet1", inexactValues: (@Sendable (_ count: Int) -> Void)? = nil
  ) {
    self.sheetName = sheetName
    self.inexactValues = inexactValues
  }

  /// Writes `table` as a workbook to the sink behind `output`.
  ///
  /// What `output` holds is flushed first; the archive then goes to its sink directly.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: The buffer whose sink receives the workbook.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    output.flush()
    let archive = beginArchive(sink: output.sink)
    var layout = TableLayout(for: table)
    var sheet = XLSXSheetWriter(
      columns: layout.columns, hasHeaderRow: layout.hasHeaderRow, sink: archive)
    var statusKinds = StatusKindCache()
    table.walk(
      sectionHeader: { _, _ in },
      row: { _, cell, object in
        if statusKinds.isStatus(cell.kind) { return }
        layout.withCSVValues(of: cell, object: object) { values in
          sheet.consume(values)
        }
      },
      sectionFooter: { _, _ in })
    let lastRow = sheet.finish()
    endArchive(
      archive, lastColumn: sheet.columnLetters.last, filteredRows: lastRow.map { 1...$0 },
      styles: sheet.styles)
    if sheet.inexactCount > 0 { inexactValues?(sheet.inexactCount) }
  }
}
