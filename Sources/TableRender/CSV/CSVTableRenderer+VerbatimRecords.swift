extension CSVTableRenderer.RowWriter: VerbatimRecordConsumer {
  /// The starts the formula guard looks at, when records can be copied at all.
  ///
  /// A field copies unchanged unless it needs quotes or the formula guard: the reader copies only
  /// records with no quote or carriage return (so no field needs quotes for what it holds), and
  /// the flagged starts are the ones ``CSVEscaping/needsFormulaCheck(_:)`` sends to the full
  /// rule. Nothing is copied with a section column (each record gains a field), with surrounding
  /// spaces quoted (a field's last byte would matter too) or with a single column (an empty
  /// field is written `""`).
  var verbatimFieldStarts: VerbatimFieldStarts? {
    guard renderer.sectionColumn == nil, !renderer.quotesSurroundingSpaces, fieldCount > 1 else {
      return nil
    }
    let guardsFormulas = renderer.formulaGuard == .on
    return VerbatimFieldStarts { guardsFormulas && CSVEscaping.needsFormulaCheck($0) }
  }

  /// A number is written as it stands; text only when the guard would leave it alone.
  func writesUnchanged(_ field: FieldBytes) -> Bool {
    field.kind != .text || renderer.formulaGuard == .off
      || !CSVEscaping.startsFormulaAfterSkipping(field.bytes)
  }

  /// Copies the records, each with the renderer's line ending in place of its line feed: all
  /// of them in one copy when that ending is a line feed.
  mutating func consume(
    verbatimRecords records: UnsafeBufferPointer<UInt8>, recordEnds: UnsafeBufferPointer<Int>,
    into output: inout OutputBuffer
  ) {
    guard renderer.lineEnding == .crlf, let source = records.baseAddress else {
      output.write(utf8: records)
      return
    }
    // Each record's line feed becomes CR LF: one more byte a record.
    output.writeUnsafeBytes(budget: records.count + recordEnds.count) { room in
      var next = room.baseAddress.unsafelyUnwrapped
      var start = 0
      for end in recordEnds {
        let length = end - 1 - start
        OutputBuffer.copy(length, from: source + start, to: next)
        next += length
        next[0] = UInt8(ascii: "\r")
        next[1] = UInt8(ascii: "\n")
        next += 2
        start = end
      }
      return next - room.baseAddress.unsafelyUnwrapped
    }
  }
}
