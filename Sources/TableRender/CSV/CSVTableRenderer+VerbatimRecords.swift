#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    verbatimRecords records: UnsafeBufferPointer<UInt8>, count: Int,
    into output: inout OutputBuffer
  ) {
    guard renderer.lineEnding == .crlf, let source = records.baseAddress else {
      output.write(utf8: records)
      return
    }
    // Each record's line feed becomes CR LF: one more byte a record.
    output.writeUnsafeBytes(budget: records.count + count) { room in
      let target = room.baseAddress.unsafelyUnwrapped
      var next = target
      var start = source
      let end = source + records.count
      while start < end,
        let found = memchr(start, Int32(UInt8(ascii: "\n")), end - start)
      {
        let lineFeed = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
        let length = lineFeed - start
        OutputBuffer.copy(length, from: start, to: next)
        next += length
        next[0] = UInt8(ascii: "\r")
        next[1] = UInt8(ascii: "\n")
        next += 2
        start = lineFeed + 1
      }
      return next - target
    }
  }
}
