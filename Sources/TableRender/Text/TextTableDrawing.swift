import TableKit

/// Draws the lines of a text table once the column widths are known.
///
/// The drawing is split by concern, as swift-nio splits `ByteBuffer`:
///
/// - this file: the state a drawing keeps and the lines a renderer asks for (the header, a row,
///   a section title, a footer, a free line, the end);
/// - ``TextTableGeometry``: the layout, decided once before the first line (widths, visible
///   columns, where a value sits in its column);
/// - `TextTableDrawing+Rules.swift`: the box's rules and the separators, and which one goes
///   between two lines;
/// - `TextTableDrawing+Lines.swift`: a line drawn piece by piece from ``TextField``s, for
///   titles, multi-line cells and anything that needs escaping;
/// - `TextTableDrawing+PlainLine.swift`: the fast path, a row of plain values stored in place in
///   one raw write of the buffer, with its byte budget and the checks on it.
///
/// It keeps track of what the last line was, so rules appear only where they belong: under the
/// header, around section titles and footers, and at the edges of a boxed table. Spaces are held
/// back until something follows them, so no line ends in spaces.
package struct TextTableDrawing {
  /// The lines the table is drawn with.
  let style: TextTableStyle
  /// The columns, laid out.
  let geometry: TextTableGeometry
  /// The box's vertical line as UTF-8, made once: `nil` for a borderless style.
  ///
  /// Bytes, not a `String`: it is written several times on every line.
  let vertical: [UInt8]?
  /// The room a plain line may take, worked out once for the table.
  let plainLineBudget: TextLineRoom.Budget
  /// The kind of the line drawn last.
  var last = LineKind.nothing
  /// Whether a row was drawn.
  var wroteRow = false
  /// Spaces held back until something follows them.
  var pendingSpaces = 0

  /// Prepares to draw a table of columns measured as `metrics`.
  ///
  /// - Parameters:
  ///   - style: The lines the table is drawn with.
  ///   - metrics: What the measuring pass learned about each column.
  ///   - layout: The table's columns.
  ///   - maximumWidth: The widest a line may be, or `nil` for no limit.
  ///   - overflow: What happens to text wider than its column.
  ///   - alignsDecimalPoints: Whether numbers line up on their decimal point.
  init(
    style: TextTableStyle,
    metrics: TextColumnMetrics,
    layout: TableLayout,
    maximumWidth: Int?,
    overflow: TextOverflow,
    alignsDecimalPoints: Bool
  ) {
    self.style = style
    let geometry = TextTableGeometry(
      style: style, metrics: metrics, alignments: layout.columns.map(\.alignment),
      maximumWidth: maximumWidth, overflow: overflow, alignsDecimalPoints: alignsDecimalPoints)
    self.geometry = geometry
    let vertical = style.box.map { Array(String($0.vertical).utf8) }
    self.vertical = vertical
    self.plainLineBudget = TextLineRoom.Budget(geometry: geometry, vertical: vertical)
  }

  // MARK: Lines

  /// Draws the column titles, and the underline of a borderless style that has one.
  mutating func writeHeader(_ fields: [TextField], to output: inout OutputBuffer) {
    begin(.header, to: &output)
    writeCells(fields, accessory: .none, isHeader: true, to: &output)
    writeHeaderUnderline(to: &output)
  }

  /// Draws a row of `values`, one per layout column.
  ///
  /// Most rows are one line of plain values that fit their columns: those are measured and
  /// stored in place, value by value. Any other row is made into ``TextField``s, fitted and
  /// drawn line by line.
  mutating func writeRow(
    _ values: UnsafeBufferPointer<CellValue>,
    accessory: CellAccessory,
    tabWidth: Int,
    to output: inout OutputBuffer
  ) {
    begin(.row, to: &output)
    wroteRow = true
    if values.count == geometry.widths.count,
      writePlainLine(values, accessory: accessory, to: &output)
    {
      return
    }
    let fields = values.map { TextField($0, tabWidth: tabWidth) }
    writeCells(fields, accessory: accessory, isHeader: false, to: &output)
  }

  /// Draws a section's title across the table.
  mutating func writeSectionTitle(_ field: TextField, to output: inout OutputBuffer) {
    writeSectionSeparator(to: &output)
    writeSpanning(field, indent: 0, to: &output)
  }

  /// Draws a section's footer across the table.
  mutating func writeFooter(_ field: TextField, to output: inout OutputBuffer) {
    writeSpanning(field, indent: geometry.indent, to: &output)
  }

  /// A line outside the table (the title), fitted to the maximum width.
  mutating func writeFree(_ field: TextField, to output: inout OutputBuffer) {
    var lines = FittedLines(
      field, width: geometry.maximumWidth ?? Int.max, overflow: geometry.overflow)
    while let line = lines.next() {
      writeAligned(line, width: line.width, alignment: .left, column: nil, to: &output)
      endLine(to: &output)
    }
  }

  /// A line across the table: in the box between vertical lines, or after `indent` spaces.
  private mutating func writeSpanning(
    _ field: TextField,
    indent: Int,
    to output: inout OutputBuffer
  ) {
    begin(.spanning, to: &output)
    guard let box = style.box else {
      var lines = FittedLines(
        field, width: (geometry.maximumWidth ?? Int.max) - indent, overflow: geometry.overflow)
      while let line = lines.next() {
        pad(indent)
        writeAligned(line, width: line.width, alignment: .left, column: nil, to: &output)
        endLine(to: &output)
      }
      return
    }
    let area = geometry.spanningWidth
    let vertical = String(box.vertical)
    var lines = FittedLines(field, width: area, overflow: geometry.overflow)
    while let line = lines.next() {
      emit(vertical, to: &output)
      pad(1)
      writeAligned(line, width: area, alignment: .left, column: nil, to: &output)
      pad(1)
      emit(vertical, to: &output)
      endLine(to: &output)
    }
  }
}
