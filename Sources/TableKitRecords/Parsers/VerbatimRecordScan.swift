package import TableRender

/// Finds the run of CSV records at the start of some bytes that a ``VerbatimRecordConsumer``
/// copies as they are, so CSV to CSV moves most records with one scan and one copy.
///
/// A record is in the run when it is whole (its line feed is in the bytes) and plain: it does
/// not start a blank line, holds no `"` and no carriage return (so no field is quoted and every
/// line ends at a line feed), has one field per column, no field or record longer than the
/// limits, valid UTF-8, and every field whose first byte the consumer flags is one it writes
/// unchanged. The run ends before the first record that is not: the reader reads that one
/// field by field, with all of its checks and errors, and looks for a run again after it.
///
/// The scan finds every comma and line feed of eight bytes at once (``ByteWord``), noting high
/// bits on the way, so ASCII records are checked for UTF-8 not at all and others once, whole.
package enum VerbatimRecordScan {
  /// What a scan found: where the run ends (the start of the first record not in it) and how
  /// many records, each one line, it holds.
  package struct Run: Equatable {
    package var end: Int
    package var records: Int
  }

  /// Scans `bytes` from `start` for a run of plain records.
  ///
  /// The scan reads eight bytes at a time and stops at the first word that holds a quote or a
  /// carriage return, or the last bytes too few for a word: the records they are in are read
  /// field by field (most of the bytes of a file are in runs, so the few records cut off this
  /// way cost little).
  ///
  /// - Parameters:
  ///   - bytes: The bytes read.
  ///   - start: Where a record starts.
  ///   - columns: The fields a record must have.
  ///   - limits: The most bytes in a field and in a record.
  ///   - infers: Whether the reader recognises numbers (a field starting with `-` that is a
  ///     number is not text to guard).
  ///   - starts: The field starts the consumer looks at.
  ///   - consumer: Answers for the flagged fields.
  /// - Returns: The run.
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, columns: Int, limits: InputLimits,
    infers: Bool, starts: VerbatimFieldStarts, consumer: any VerbatimRecordConsumer
  ) -> Run {
    guard let base = bytes.baseAddress, start >= 0 else { return Run(end: start, records: 0) }
    let count = bytes.count
    let maximumField = limits.maximumFieldBytes
    let maximumRecord = limits.maximumRecordBytes
    let table = starts.table
    let commas = ByteWord.repeated(UInt8(ascii: ","))
    let lineFeeds = ByteWord.repeated(UInt8(ascii: "\n"))
    var recordStart = start
    var records = 0
    var fieldStart = start
    var fields = 0
    // The high bits of the words the open record was seen in (and of some bytes around it).
    var highBits: UInt64 = 0
    var index = start
    words: while index &+ 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
      if ByteWord.matches(word, UInt8(ascii: "\"")) | ByteWord.matches(word, UInt8(ascii: "\r"))
        != 0
      {
        break
      }
      highBits |= word
      let ends = ByteWord.exactMatches(word, lineFeeds)
      var stops = ByteWord.exactMatches(word, commas) | ends
      while stops != 0 {
        let bit = stops & (0 &- stops)
        stops &= stops &- 1
        let stop = index &+ bit.trailingZeroBitCount &>> 3
        // The field from `fieldStart` to this comma or line feed.
        let length = stop &- fieldStart
        if length > maximumField { break words }
        if length > 0 {
          let first = base[fieldStart]
          if table[Int(first &>> 6)] &>> (first & 63) & 1 != 0,
            !writesUnchanged(
              UnsafeBufferPointer(start: base + fieldStart, count: length), infers: infers,
              consumer: consumer)
          {
            break words
          }
        }
        fields &+= 1
        fieldStart = stop &+ 1
        guard ends & bit != 0 else { continue }
        // The record's line feed: a blank line has one field, fewer than the columns.
        let record = UnsafeBufferPointer(start: base + recordStart, count: stop &- recordStart)
        guard fields == columns, record.count <= maximumRecord,
          highBits & ByteWord.highBits == 0 || UTF8Check.isValid(record)
        else { break words }
        records &+= 1
        recordStart = fieldStart
        fields = 0
        // The next record's bytes in this word are all that is known of it yet.
        highBits = (word &>> UInt64(8 &* (stop &- index))) &>> 8
      }
      index &+= 8
    }
    return Run(end: recordStart, records: records)
  }

  /// Whether `consumer` writes `field`, whose first byte it flags, as it stands: it is told
  /// whether the reader takes the field for a number.
  @inline(never)
  private static func writesUnchanged(
    _ field: UnsafeBufferPointer<UInt8>, infers: Bool, consumer: any VerbatimRecordConsumer
  ) -> Bool {
    let isNumber = infers && field[0] == UInt8(ascii: "-") && ValueInference.number(field) != nil
    return consumer.writesUnchanged(FieldBytes(bytes: field, kind: isNumber ? .number : .text))
  }
}
