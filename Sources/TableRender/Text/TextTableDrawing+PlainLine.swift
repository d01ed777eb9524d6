import TableKit

/// The fast path of the text grid: a row of plain values, each fitting its column, stored in
/// place in one raw write of the buffer.
///
/// Room is made once for the whole line and every byte (borders, spaces, values) is stored in
/// place, value by value, as each is measured: a row costs one check of the buffer, and each
/// value is looked at once. This is the text grid's only raw write
/// (`OutputBuffer.writeUnsafeBytes(budget:_:)`). Its budget is stated once, in
/// ``TextLineRoom/Budget``, and every store goes through a ``TextLineRoom``, which checks in
/// debug builds that it stays inside the room; the line as a whole is checked against the
/// budget before its length is returned to the buffer.
extension TextTableDrawing {
  /// Draws `values` as one line when every visible one is plain and fits its column; otherwise
  /// writes nothing and returns `false`.
  ///
  /// The raw write adds nothing until the line is complete, so a value that turns out not to
  /// be plain, or not to fit, leaves the buffer as it was.
  mutating func writePlainLine(
    _ values: UnsafeBufferPointer<CellValue>,
    accessory: CellAccessory,
    to output: inout OutputBuffer
  ) -> Bool {
    var drawn = false
    output.writeUnsafeBytes(budget: plainLineBudget.capacity) { bytes in
      var room = TextLineRoom(bytes)
      guard let slackLeft = storePlainLine(values, accessory: accessory, in: &room) else {
        return 0
      }
      drawn = true
      return endPlainLine(&room, slackLeft: slackLeft)
    }
    if drawn { pendingSpaces = 0 }
    return drawn
  }

  /// Stores the line of `values` in `room`, up to its last byte that is not padding, and
  /// returns what its values left of the budget's slack; `nil` as soon as a value is not plain
  /// or does not fit.
  @inline(__always)
  private func storePlainLine(
    _ values: UnsafeBufferPointer<CellValue>,
    accessory: CellAccessory,
    in room: inout TextLineRoom
  ) -> Int? {
    let verticalWord = plainLineBudget.verticalWord
    // What is left of the slack for values with more bytes than columns.
    var slack = plainLineBudget.slack
    if let vertical {
      room.storeVertical(vertical, word: verticalWord)
    } else {
      room.storeSpaces(geometry.indent)
    }
    for (index, column) in geometry.visible.enumerated() {
      if let vertical {
        if index > 0 { room.storeVertical(vertical, word: verticalWord) }
        room.storeSpaces(1)
      } else if index > 0 {
        room.storeSpaces(geometry.gap)
      }
      let width = geometry.widths[column]
      var right = 0
      switch values[column] {
      case .text(let text):
        // Text is read in place: one with no contiguous UTF-8 (bridged from Objective-C) takes
        // the slower line, which copies it, so that no text is copied (retained and released)
        // here.
        let measured = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
          switch TerminalMeasure.of(bytes) {
          case .width(let width): width
          case .needsClusters: DisplayWidth.of(String(decoding: bytes, as: UTF8.self))
          case .needsEscaping: nil
          }
        }
        guard let textWidth = measured ?? nil else { return nil }
        let byteCount = text.utf8.count
        slack -= max(byteCount - textWidth, 0)
        guard textWidth <= width, slack >= 0 else { return nil }
        let (left, after) = geometry.padding(
          contentWidth: textWidth, number: nil, width: width,
          alignment: geometry.textPlacements[column], column: column)
        room.storeSpaces(left)
        if byteCount > 0 { room.store(contiguous: text, byteCount: byteCount) }
        right = after
      case .integer(let number):
        let parts = NumberWidth.parts(ofInteger: number)
        guard parts.whole <= width else { return nil }
        let (left, after) = geometry.padding(
          contentWidth: parts.whole, number: parts, width: width,
          alignment: geometry.numberPlacements[column], column: column)
        room.storeSpaces(left)
        room.store(integer: number, byteCount: parts.whole)
        right = after
      case .decimal(let number, let digits):
        let parts = NumberWidth.parts(ofDecimal: number, fractionDigits: digits)
        guard parts.whole + parts.fraction <= width else { return nil }
        let (left, after) = geometry.padding(
          contentWidth: parts.whole + parts.fraction, number: parts, width: width,
          alignment: geometry.numberPlacements[column], column: column)
        room.storeSpaces(left)
        room.store(
          decimal: number, fractionDigits: digits, byteCount: parts.whole + parts.fraction)
        right = after
      case .exactDecimal(let number):
        let parts = NumberWidth.parts(ofExactDecimal: number)
        guard parts.whole + parts.fraction <= width else { return nil }
        let (left, after) = geometry.padding(
          contentWidth: parts.whole + parts.fraction, number: parts, width: width,
          alignment: geometry.numberPlacements[column], column: column)
        room.storeSpaces(left)
        room.store(exactDecimal: number, byteCount: parts.whole + parts.fraction)
        right = after
      case .boolean(let flag):
        let word: StaticString = flag ? "true" : "false"
        guard word.utf8CodeUnitCount <= width else { return nil }
        let (left, after) = geometry.padding(
          contentWidth: word.utf8CodeUnitCount, number: nil, width: width,
          alignment: geometry.textPlacements[column], column: column)
        room.storeSpaces(left)
        room.store(word)
        right = after
      case .money, .percent, .date:
        // Values a report's formats usually show: the slower line measures their text.
        return nil
      case .empty:
        right = width
      }
      room.storeSpaces(right + (vertical == nil ? 0 : 1))
    }
    if geometry.hasAccessory {
      if let vertical {
        room.storeVertical(vertical, word: verticalWord)
        room.storeSpaces(1)
      } else {
        room.storeSpaces(geometry.gap)
      }
      let marker = Self.markerBytes(accessory)
      if marker.utf8CodeUnitCount == 0 {
        room.storeSpaces(1)
      } else {
        room.store(marker)
      }
      if vertical != nil { room.storeSpaces(1) }
    }
    if let vertical { room.storeVertical(vertical, word: verticalWord) }
    return slack
  }

  /// Ends the line in `room` with a line break and returns its length, the count of the text
  /// grid's raw write.
  ///
  /// In debug builds the line is checked against its budget: its frame and columns, and no
  /// more of the slack than its values claimed (`slackLeft` is what they left of it). The
  /// buffer checks the count against the whole room.
  @inline(__always)
  private func endPlainLine(_ room: inout TextLineRoom, slackLeft: Int) -> Int {
    assert(
      room.length + 1 <= plainLineBudget.line + (plainLineBudget.slack - slackLeft),
      "a plain line of \(room.length + 1) bytes passed its budget")
    return room.endLine()
  }
}
