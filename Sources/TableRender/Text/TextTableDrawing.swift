import TableKit

/// Draws the lines of a text table once the column widths are known.
///
/// It keeps track of what the last line was, so rules appear only where they belong: under the
/// header, around section titles and footers, and at the edges of a boxed table. Spaces are held
/// back until something follows them, so no line ends in spaces.
struct TextTableDrawing {
  private enum LineKind {
    case nothing
    case header
    case row
    case spanning
  }

  /// The largest width or spacing taken from settings; larger ones are treated as this, so no
  /// arithmetic on them can overflow.
  private static let limit = 1 << 20

  private let style: TextTableStyle
  /// Spaces between columns and before rows of a borderless style, clamped.
  private let gap: Int
  private let indent: Int
  private let layout: TableLayout
  private let overflow: TextOverflow
  private let alignsDecimalPoints: Bool
  private let maximumWidth: Int?
  private let widths: [Int]
  private let visible: [Int]
  private let wholeWidths: [Int]
  private let fractionWidths: [Int]
  private let holdsNumbers: [Bool]
  private let hasAccessory: Bool
  /// The box's vertical line as UTF-8, made once: `nil` for a borderless style.
  ///
  /// Bytes, not a `String`: it is written several times on every line.
  private let vertical: [UInt8]?
  /// The vertical line's bytes as one word, when there are at most four of them (always, for
  /// the built-in styles), so a line stores it with one write.
  private let verticalWord: UInt32?
  /// Each column's alignment, read once (reading `layout.columns[i]` copies the column).
  private let alignments: [ColumnDefinition.Alignment]
  /// The most bytes a plain line takes besides its values' bytes: the borders or gaps, the
  /// indent, every visible column's full width, the accessory column and the line break.
  private let lineBytes: Int
  /// Room kept besides ``lineBytes`` for values with more bytes than columns.
  private let lineSlack: Int
  /// Where a row's number, and anything else, sits in each column.
  private let numberPlacements: [Placement]
  private let textPlacements: [Placement]
  private var last = LineKind.nothing
  private var wroteRow = false
  private var pendingSpaces = 0

  init(
    style: TextTableStyle,
    metrics: TextColumnMetrics,
    layout: TableLayout,
    maximumWidth: Int?,
    overflow: TextOverflow,
    alignsDecimalPoints: Bool
  ) {
    self.style = style
    self.layout = layout
    self.overflow = overflow
    self.alignsDecimalPoints = alignsDecimalPoints
    self.maximumWidth = maximumWidth
    self.wholeWidths = metrics.wholeWidths
    self.fractionWidths = metrics.fractionWidths
    self.holdsNumbers = metrics.holdsNumbers
    self.hasAccessory = metrics.hasAccessory
    let vertical = style.box.map { Array(String($0.vertical).utf8) }
    self.vertical = vertical
    if let vertical, vertical.count <= 4 {
      var word: UInt32 = 0
      for (index, byte) in vertical.enumerated() { word |= UInt32(byte) << (8 * index) }
      self.verticalWord = UInt32(littleEndian: word)
    } else {
      self.verticalWord = nil
    }
    self.alignments = layout.columns.map(\.alignment)
    let gap = min(max(style.gap, 0), Self.limit)
    let indent = min(max(style.indent, 0), Self.limit)
    self.gap = gap
    self.indent = indent
    var widths = metrics.widths.map { min(max($0, 0), Self.limit) }
    if alignsDecimalPoints {
      for column in widths.indices where metrics.holdsNumbers[column] {
        let block = metrics.wholeWidths[column] + metrics.fractionWidths[column]
        widths[column] = max(widths[column], min(block, Self.limit))
      }
    }
    var visible = widths.indices.filter { widths[$0] > 0 }
    if visible.isEmpty, !widths.isEmpty {
      // Nothing to show in any column: keep one narrow column so the box still has a shape.
      widths[0] = 1
      visible = [0]
    }
    if let maximumWidth {
      let maximumWidth = min(max(maximumWidth, 0), Self.limit)
      let count = visible.count
      let overhead: Int
      if style.box != nil {
        overhead = 3 * count + 1 + (metrics.hasAccessory ? 4 : 0)
      } else {
        overhead = indent + gap * max(count - 1, 0) + (metrics.hasAccessory ? gap + 1 : 0)
      }
      // A number is never cut by the limit; wrapped text keeps two columns so that a wide
      // character always fits.
      let minimums = visible.map { column in
        metrics.holdsNumbers[column]
          ? max(1, metrics.wholeWidths[column] + metrics.fractionWidths[column])
          : min(widths[column], overflow == .wrap ? 2 : 1)
      }
      let fitted = WidthFitting.fit(
        visible.map { widths[$0] }, minimums: minimums, available: maximumWidth - overhead)
      for (index, column) in visible.enumerated() { widths[column] = fitted[index] }
    }
    self.widths = widths
    self.visible = visible
    let columnWidths = visible.reduce(0) { $0 + widths[$1] }
    let verticalBytes = vertical?.count ?? 0
    // A marker is at most 3 bytes of UTF-8 (U+203A, U+2713, U+24D8).
    let frame =
      style.box == nil
      ? indent + gap * max(visible.count - 1, 0) + (metrics.hasAccessory ? gap + 3 : 0)
      : verticalBytes * (visible.count + 1) + 2 * visible.count
        + (metrics.hasAccessory ? verticalBytes + 5 : 0)
    // Four more for the last vertical line, stored as a whole word.
    self.lineBytes = frame + columnWidths + 1 + 4
    self.numberPlacements = alignments.map { Self.placement($0, isNumber: true) }
    self.textPlacements = alignments.map { Self.placement($0, isNumber: false) }
    self.lineSlack = min(3 * columnWidths + 64, 1 << 16)
  }

  // MARK: Lines

  mutating func writeHeader(
    _ fields: [TextField], to output: inout OutputBuffer
  ) {
    begin(.header, to: &output)
    writeCells(fields, accessory: .none, isHeader: true, to: &output)
    if style.box == nil, let underline = style.headerUnderline {
      pad(indent)
      for (index, column) in visible.enumerated() {
        if index > 0 { pad(gap) }
        emit(String(repeating: underline, count: widths[column]), to: &output)
      }
      endLine(to: &output)
    }
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
    if values.count == widths.count, writePlainLine(values, accessory: accessory, to: &output) {
      return
    }
    let fields = values.map { TextField($0, tabWidth: tabWidth) }
    writeCells(fields, accessory: accessory, isHeader: false, to: &output)
  }

  /// Draws `values` as one line when every visible one is plain and fits its column; otherwise
  /// writes nothing and returns `false`.
  ///
  /// Room is made once for the whole line and every byte (borders, spaces, values) is stored in
  /// place, value by value, as each is measured: a row costs one check of the buffer, and each
  /// value is looked at once. Nothing is committed until the line is complete, so a value that
  /// turns out not to be plain, or not to fit, leaves the buffer as it was.
  private mutating func writePlainLine(
    _ values: UnsafeBufferPointer<CellValue>,
    accessory: CellAccessory,
    to output: inout OutputBuffer
  ) -> Bool {
    // The frame and every column's full width, and slack for values with more bytes than
    // columns (accents, CJK); a line that needs more is drawn the general way.
    guard let start = output.reserve(lineBytes + lineSlack) else { return false }
    var slack = lineSlack
    var next = start
    // Where the last byte that is not padding ends: spaces are never left at a line's end.
    var end = start
    if let vertical {
      next = storeVertical(vertical, at: next)
    } else {
      next = Self.storeSpaces(indent, at: next)
    }
    for (index, column) in visible.enumerated() {
      if let vertical {
        if index > 0 { next = storeVertical(vertical, at: next) }
        next = Self.storeSpaces(1, at: next)
      } else if index > 0 {
        next = Self.storeSpaces(gap, at: next)
      }
      let width = widths[column]
      var right = 0
      switch values[column] {
      case .text(let text):
        let byteCount = text.utf8.count
        let textWidth: Int
        switch TerminalMeasure.of(text) {
        case .width(let measured): textWidth = measured
        case .needsClusters: textWidth = DisplayWidth.of(text)
        case .needsEscaping: return false
        }
        slack -= max(byteCount - textWidth, 0)
        guard textWidth <= width, slack >= 0 else { return false }
        let (left, after) = padding(
          contentWidth: textWidth, number: nil, width: width,
          alignment: textPlacements[column], column: column)
        next = Self.storeSpaces(left, at: next)
        if byteCount > 0 {
          next += OutputBuffer.store(text, at: next)
          end = next
        }
        right = after
      case .integer(let number):
        let parts = NumberWidth.parts(ofInteger: number)
        guard parts.whole <= width else { return false }
        let (left, after) = padding(
          contentWidth: parts.whole, number: parts, width: width,
          alignment: numberPlacements[column], column: column)
        next = Self.storeSpaces(left, at: next)
        next += OutputBuffer.store(integer: number, at: next)
        end = next
        right = after
      case .decimal(let number, let digits):
        let parts = NumberWidth.parts(ofDecimal: number, fractionDigits: digits)
        guard parts.whole + parts.fraction <= width else { return false }
        let (left, after) = padding(
          contentWidth: parts.whole + parts.fraction, number: parts, width: width,
          alignment: numberPlacements[column], column: column)
        next = Self.storeSpaces(left, at: next)
        next += OutputBuffer.store(decimal: number, fractionDigits: digits, at: next)
        end = next
        right = after
      case .exactDecimal(let number):
        let parts = NumberWidth.parts(ofExactDecimal: number)
        guard parts.whole + parts.fraction <= width else { return false }
        let (left, after) = padding(
          contentWidth: parts.whole + parts.fraction, number: parts, width: width,
          alignment: numberPlacements[column], column: column)
        next = Self.storeSpaces(left, at: next)
        next += OutputBuffer.store(exactDecimal: number, at: next)
        end = next
        right = after
      case .boolean(let flag):
        let word: StaticString = flag ? "true" : "false"
        guard word.utf8CodeUnitCount <= width else { return false }
        let (left, after) = padding(
          contentWidth: word.utf8CodeUnitCount, number: nil, width: width,
          alignment: textPlacements[column], column: column)
        next = Self.storeSpaces(left, at: next)
        next = Self.store(word, at: next)
        end = next
        right = after
      case .empty:
        right = width
      }
      next = Self.storeSpaces(right + (vertical == nil ? 0 : 1), at: next)
    }
    if hasAccessory {
      if let vertical {
        next = storeVertical(vertical, at: next)
        end = next
        next = Self.storeSpaces(1, at: next)
      } else {
        next = Self.storeSpaces(gap, at: next)
      }
      let marker = Self.markerBytes(accessory)
      if marker.utf8CodeUnitCount == 0 {
        next = Self.storeSpaces(1, at: next)
      } else {
        next = Self.store(marker, at: next)
        end = next
      }
      if vertical != nil { next = Self.storeSpaces(1, at: next) }
    }
    if let vertical {
      next = storeVertical(vertical, at: next)
      end = next
    }
    end.pointee = UInt8(ascii: "\n")
    output.commit(end + 1 - start)
    pendingSpaces = 0
    return true
  }

  /// Stores the vertical line `bytes` at `target`, as one word when it fits one (the line has
  /// room for four bytes more), and returns where the next byte goes.
  private func storeVertical(_ bytes: [UInt8], at target: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    if let verticalWord {
      UnsafeMutableRawPointer(target).storeBytes(of: verticalWord, as: UInt32.self)
    } else {
      for index in bytes.indices { target[index] = bytes[index] }
    }
    return target + bytes.count
  }

  /// Stores a literal at `target` and returns where the next byte goes.
  private static func store(_ text: StaticString, at target: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    target.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return target + text.utf8CodeUnitCount
  }

  /// Stores `count` spaces at `target` and returns where the next byte goes.
  ///
  /// Padding is mostly a few spaces: up to sixteen are stored as two overlapping words, which
  /// costs less than a call to `memset`.
  private static func storeSpaces(_ count: Int, at target: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    let raw = UnsafeMutableRawPointer(target)
    let spaces: UInt64 = 0x2020_2020_2020_2020
    switch count {
    case ...0:
      return target
    case 1:
      target.pointee = UInt8(ascii: " ")
    case 2..<4:
      // Stores, not a loop: the compiler would make a loop of equal bytes a call to `memset`.
      raw.storeBytes(of: UInt16(truncatingIfNeeded: spaces), as: UInt16.self)
      raw.storeBytes(
        of: UInt16(truncatingIfNeeded: spaces), toByteOffset: count - 2, as: UInt16.self)
    case 4..<8:
      raw.storeBytes(of: UInt32(truncatingIfNeeded: spaces), as: UInt32.self)
      raw.storeBytes(
        of: UInt32(truncatingIfNeeded: spaces), toByteOffset: count - 4, as: UInt32.self)
    case 8...16:
      raw.storeBytes(of: spaces, as: UInt64.self)
      raw.storeBytes(of: spaces, toByteOffset: count - 8, as: UInt64.self)
    default:
      target.update(repeating: UInt8(ascii: " "), count: count)
    }
    return target + count
  }

  mutating func writeSectionTitle(
    _ field: TextField, to output: inout OutputBuffer
  ) {
    if style.box == nil && style.separatesSections && wroteRow { output.write("\n") }
    writeSpanning(field, indent: 0, to: &output)
  }

  mutating func writeFooter(_ field: TextField, to output: inout OutputBuffer) {
    writeSpanning(field, indent: indent, to: &output)
  }

  /// A line outside the table (the title), fitted to the maximum width.
  mutating func writeFree(_ field: TextField, to output: inout OutputBuffer) {
    var lines = FittedLines(field, width: maximumWidth ?? Int.max, overflow: overflow)
    while let line = lines.next() {
      writeAligned(line, width: line.width, alignment: .left, column: nil, to: &output)
      endLine(to: &output)
    }
  }

  mutating func finish(to output: inout OutputBuffer) {
    guard let box = style.box, last != .nothing else { return }
    writeRule(box.bottom, above: last != .spanning, below: false, to: &output)
  }

  // MARK: Structure

  private mutating func begin(_ kind: LineKind, to output: inout OutputBuffer) {
    defer { last = kind }
    guard let box = style.box else { return }
    switch last {
    case .nothing:
      writeRule(box.top, above: false, below: kind != .spanning, to: &output)
    case .header, .spanning:
      writeRule(box.middle, above: last != .spanning, below: kind != .spanning, to: &output)
    case .row:
      if kind == .spanning { writeRule(box.middle, above: true, below: false, to: &output) }
    }
  }

  private mutating func writeRule(
    _ rule: TextTableStyle.Rule,
    above: Bool,
    below: Bool,
    to output: inout OutputBuffer
  ) {
    let join = above && below ? rule.cross : below ? rule.down : above ? rule.up : rule.fill
    var line = String(rule.left)
    for (index, column) in visible.enumerated() {
      if index > 0 { line.append(join) }
      line += String(repeating: rule.fill, count: widths[column] + 2)
    }
    if hasAccessory { line += String(join) + String(repeating: rule.fill, count: 3) }
    line.append(rule.right)
    output.write(line)
    output.write("\n")
  }

  private mutating func writeSpanning(
    _ field: TextField,
    indent: Int,
    to output: inout OutputBuffer
  ) {
    begin(.spanning, to: &output)
    guard let box = style.box else {
      var lines = FittedLines(field, width: (maximumWidth ?? Int.max) - indent, overflow: overflow)
      while let line = lines.next() {
        pad(indent)
        writeAligned(line, width: line.width, alignment: .left, column: nil, to: &output)
        endLine(to: &output)
      }
      return
    }
    var inner = visible.reduce(0) { $0 + widths[$1] + 2 } + max(visible.count - 1, 0)
    if hasAccessory { inner += 4 }
    let area = max(inner - 2, 1)
    let vertical = String(box.vertical)
    var lines = FittedLines(field, width: area, overflow: overflow)
    while let line = lines.next() {
      emit(vertical, to: &output)
      pad(1)
      writeAligned(line, width: area, alignment: .left, column: nil, to: &output)
      pad(1)
      emit(vertical, to: &output)
      endLine(to: &output)
    }
  }

  // MARK: Cells

  private mutating func writeCells(
    _ fields: [TextField],
    accessory: CellAccessory,
    isHeader: Bool,
    to output: inout OutputBuffer
  ) {
    let marker = Self.marker(accessory)
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
    for column in visible {
      let field = fields.indices.contains(column) ? fields[column] : blank
      columnLines[column] = FittedLines(field, width: widths[column], overflow: overflow)
    }
    var line = [TextField](repeating: blank, count: widths.count)
    var lineIndex = 0
    while true {
      var hasLine = false
      for column in visible {
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
    for column in visible where fields.indices.contains(column) {
      switch fields[column] {
      case .number(_, let width, _, _), .line(_, let width):
        if width > widths[column] { return false }
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
    for (index, column) in visible.enumerated() {
      writeCellStart(isFirst: index == 0, to: &output)
      let alignment = resolvedAlignment(column: column, piece: fields[column], isHeader: isHeader)
      writeAligned(
        fields[column], width: widths[column], alignment: alignment, column: column, to: &output)
      writeCellEnd()
    }
    writeAccessory(marker: marker, to: &output)
  }

  /// The left border of a boxed line, or the indent of a borderless one.
  private mutating func writeLineStart(to output: inout OutputBuffer) {
    if let vertical { emit(vertical, to: &output) } else { pad(indent) }
  }

  /// What comes before a cell: the vertical line and a space, or the gap between columns.
  private mutating func writeCellStart(isFirst: Bool, to output: inout OutputBuffer) {
    if let vertical {
      if !isFirst { emit(vertical, to: &output) }
      pad(1)
    } else if !isFirst {
      pad(gap)
    }
  }

  /// The space after a cell's content in a boxed line.
  private mutating func writeCellEnd() {
    if vertical != nil { pad(1) }
  }

  /// Draws the accessory column (when the table has one), the closing border and the line end.
  private mutating func writeAccessory(marker: String, to output: inout OutputBuffer) {
    if hasAccessory {
      if let vertical {
        emit(vertical, to: &output)
        pad(1)
      } else {
        pad(gap)
      }
      if marker.isEmpty { pad(1) } else { emit(marker, to: &output) }
      if vertical != nil { pad(1) }
    }
    if let vertical { emit(vertical, to: &output) }
    endLine(to: &output)
  }

  /// Where content sits in its column; the raw value is the share of the free space that goes
  /// before it, in halves.
  private enum Placement: Int {
    case left = 0
    case center = 1
    case right = 2
  }

  private func resolvedAlignment(column: Int, piece: TextField, isHeader: Bool) -> Placement {
    if case .number = piece {
      return resolvedAlignment(column: column, isNumber: true, isHeader: isHeader)
    }
    return resolvedAlignment(column: column, isNumber: false, isHeader: isHeader)
  }

  private func resolvedAlignment(column: Int, isNumber: Bool, isHeader: Bool) -> Placement {
    if isHeader, alignments[column] == .automatic { return holdsNumbers[column] ? .right : .left }
    return Self.placement(alignments[column], isNumber: isNumber)
  }

  /// Where a value sits in a column aligned `alignment`: numbers right and text left when it is
  /// automatic.
  private static func placement(_ alignment: ColumnDefinition.Alignment, isNumber: Bool)
    -> Placement
  {
    switch alignment {
    case .left: .left
    case .right: .right
    case .center: .center
    case .automatic: isNumber ? .right : .left
    }
  }

  /// The spaces before and after content `contentWidth` wide placed within `width` columns;
  /// a number in a column aligned on the decimal point also gets the spaces that line its point
  /// up with the column's.
  private func padding(
    contentWidth: Int,
    number: (whole: Int, fraction: Int)?,
    width: Int,
    alignment: Placement,
    column: Int?
  ) -> (left: Int, right: Int) {
    var blockWidth = contentWidth
    var innerLeft = 0
    var innerRight = 0
    if alignsDecimalPoints, let column, let number {
      innerLeft = max(wholeWidths[column] - number.whole, 0)
      innerRight = max(fractionWidths[column] - number.fraction, 0)
      // A number measured after the widths were fixed (a sample, given widths) may fit the
      // column but not its decimal point: it moves off the point as little as it must, never
      // past the column's edge.
      let excess = contentWidth + innerLeft + innerRight - width
      if excess > 0 {
        let fromRight = min(excess, innerRight)
        innerRight -= fromRight
        innerLeft -= min(excess - fromRight, innerLeft)
      }
      blockWidth += innerLeft + innerRight
    }
    let free = max(width - blockWidth, 0)
    let left = (free &* alignment.rawValue) >> 1
    return (left + innerLeft, innerRight + free - left)
  }

  /// Writes `piece` placed within `width` columns.
  private mutating func writeAligned(
    _ piece: TextField,
    width: Int,
    alignment: Placement,
    column: Int?,
    to output: inout OutputBuffer
  ) {
    var number: (whole: Int, fraction: Int)?
    if case .number(_, _, let whole, let fraction) = piece { number = (whole, fraction) }
    let (left, right) = padding(
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

  private mutating func pad(_ count: Int) {
    pendingSpaces += max(count, 0)
  }

  private mutating func flushSpaces(to output: inout OutputBuffer) {
    output.write(repeating: UInt8(ascii: " "), count: pendingSpaces)
    pendingSpaces = 0
  }

  private mutating func emit(_ text: String, to output: inout OutputBuffer) {
    flushSpaces(to: &output)
    output.write(text)
  }

  /// Writes a plain value as it is: text unescaped, numbers as digits.
  private mutating func emit(_ value: CellValue, to output: inout OutputBuffer) {
    if case .text(let text) = value, text.isEmpty { return }
    if case .empty = value { return }
    flushSpaces(to: &output)
    output.write(value)
  }

  private mutating func emit(_ bytes: [UInt8], to output: inout OutputBuffer) {
    flushSpaces(to: &output)
    output.write(utf8: bytes)
  }

  private mutating func endLine(to output: inout OutputBuffer) {
    pendingSpaces = 0
    output.write(byte: UInt8(ascii: "\n"))
  }

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
