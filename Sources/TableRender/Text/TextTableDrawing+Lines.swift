import TableKit

/// Lines drawn piece by piece from ``TextField``s: the header, titles and footers, multi-line
/// cells, and rows with anything to escape or too wide for their columns.
///
/// Spaces are held back (``pad(_:)``) and written only when something follows them, so no line
/// ends in spaces. Everything goes through `OutputBuffer`'s checked writes; the one raw write of
/// the text grid is the plain line's (`TextTableDrawing+PlainLine.swift`).
extension TextTableDrawing {
  // MARK: Cells

  /// Draws a row of `fields`, one per layout column, over as many lines as its tallest value.
  mutating func writeCells(
    _ fields: [TextField],
    accessory: CellAccessory,
    isHeader: Bool,
    to output: inout OutputBuffer
  ) {
    let marker = Self.marker(accessory)
    let widths = geometry.widths
    // Most rows are one line whose every value fits: draw them straight from the fields.
    if fields.count == widths.count && fitsOnOneLine(fields) {
      writeOneLine(fields, isHeader: isHeader, marker: marker, to: &output)
      return
    }
    // Several lines: each value gives its lines fitted to its column one at a time, and the
    // row is drawn line by line until every value is used up. Nothing is kept per line, so a
    // value of millions of lines is drawn in one pass over its text, in constant memory.
    let blank = TextField.line("", width: 0)
    var columnLines = [FittedLines?](repeating: nil, count: widths.count)
    for column in geometry.visible {
      let field = fields.indices.contains(column) ? fields[column] : blank
      columnLines[column] = FittedLines(field, width: widths[column], overflow: geometry.overflow)
    }
    var line = [TextField](repeating: blank, count: widths.count)
    var lineIndex = 0
    while true {
      var hasLine = false
      for column in geometry.visible {
        if let piece = columnLines[column]?.next() {
          line[column] = piece
          hasLine = true
        } else {
          line[column] = blank
        }
      }
      // A row is at least one line high.
      if !hasLine && lineIndex > 0 { break }
      writeOneLine(line, isHeader: isHeader, marker: lineIndex == 0 ? marker : "", to: &output)
      lineIndex += 1
    }
  }

  /// Whether every visible value is a single line no wider than its column.
  private func fitsOnOneLine(_ fields: [TextField]) -> Bool {
    for column in geometry.visible where fields.indices.contains(column) {
      switch fields[column] {
      case .number(_, let width, _, _), .line(_, let width):
        if width > geometry.widths[column] { return false }
      case .lines: return false
      }
    }
    return true
  }

  /// Draws one physical line from `fields`, one per layout column, each already fitting its
  /// column.
  private mutating func writeOneLine(
    _ fields: [TextField],
    isHeader: Bool,
    marker: String,
    to output: inout OutputBuffer
  ) {
    writeLineStart(to: &output)
    for (index, column) in geometry.visible.enumerated() {
      writeCellStart(isFirst: index == 0, to: &output)
      let alignment = geometry.placement(column: column, piece: fields[column], isHeader: isHeader)
      writeAligned(
        fields[column], width: geometry.widths[column], alignment: alignment, column: column,
        to: &output)
      writeCellEnd()
    }
    writeAccessory(marker: marker, to: &output)
  }

  /// The left border of a boxed line, or the indent of a borderless one.
  private mutating func writeLineStart(to output: inout OutputBuffer) {
    if let vertical { emit(vertical, to: &output) } else { pad(geometry.indent) }
  }

  /// What comes before a cell: the vertical line and a space, or the gap between columns.
  private mutating func writeCellStart(isFirst: Bool, to output: inout OutputBuffer) {
    if let vertical {
      if !isFirst { emit(vertical, to: &output) }
      pad(1)
    } else if !isFirst {
      pad(geometry.gap)
    }
  }

  /// The space after a cell's content in a boxed line.
  private mutating func writeCellEnd() {
    if vertical != nil { pad(1) }
  }

  /// Draws the accessory column (when the table has one), the closing border and the line end.
  private mutating func writeAccessory(marker: String, to output: inout OutputBuffer) {
    if geometry.hasAccessory {
      if let vertical {
        emit(vertical, to: &output)
        pad(1)
      } else {
        pad(geometry.gap)
      }
      if marker.isEmpty { pad(1) } else { emit(marker, to: &output) }
      if vertical != nil { pad(1) }
    }
    if let vertical { emit(vertical, to: &output) }
    endLine(to: &output)
  }

  /// Writes `piece` placed within `width` columns.
  mutating func writeAligned(
    _ piece: TextField,
    width: Int,
    alignment: TextTableGeometry.Placement,
    column: Int?,
    to output: inout OutputBuffer
  ) {
    var number: (whole: Int, fraction: Int)?
    if case .number(_, _, let whole, let fraction) = piece { number = (whole, fraction) }
    let (left, right) = geometry.padding(
      contentWidth: piece.width, number: number, width: width, alignment: alignment,
      column: column)
    pad(left)
    switch piece {
    case .number(let value, _, _, _):
      flushSpaces(to: &output)
      output.write(value)
    case .line(let text, _):
      if !text.isEmpty { emit(text, to: &output) }
    case .lines(let text, let tabWidth):
      // Not reached: multi-line values are drawn through `FittedLines`. Should one come here,
      // its lines are shown on one line, separated by spaces.
      var reader = TextLineReader(text)
      var isFirst = true
      while let line = reader.next({ TextField.line($0, tabWidth: tabWidth) }) {
        if !isFirst { pad(1) }
        isFirst = false
        if case .line(let text, _) = line, !text.isEmpty { emit(text, to: &output) }
      }
    }
    pad(right)
  }

  // MARK: Spaces

  /// Holds back `count` spaces until something follows them.
  mutating func pad(_ count: Int) {
    pendingSpaces += max(count, 0)
  }

  private mutating func flushSpaces(to output: inout OutputBuffer) {
    output.write(repeating: UInt8(ascii: " "), count: pendingSpaces)
    pendingSpaces = 0
  }

  /// Writes the spaces held back, then `text`.
  mutating func emit(_ text: String, to output: inout OutputBuffer) {
    flushSpaces(to: &output)
    output.write(text)
  }

  private mutating func emit(_ bytes: [UInt8], to output: inout OutputBuffer) {
    flushSpaces(to: &output)
    output.write(utf8: bytes)
  }

  /// Ends the line, dropping the spaces held back.
  mutating func endLine(to output: inout OutputBuffer) {
    pendingSpaces = 0
    output.write(byte: UInt8(ascii: "\n"))
  }

  // MARK: Accessories

  /// The mark drawn for an accessory as a literal; see ``marker(_:)``.
  static func markerBytes(_ accessory: CellAccessory) -> StaticString {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: "›"
    case .checkmark: "✓"
    case .detailButton: "ⓘ"
    }
  }

  /// The mark drawn for an accessory, one column wide.
  static func marker(_ accessory: CellAccessory) -> String {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: "›"
    case .checkmark: "✓"
    case .detailButton: "ⓘ"
    }
  }
}
