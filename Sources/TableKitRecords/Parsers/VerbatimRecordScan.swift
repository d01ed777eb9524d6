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
/// The scan looks for the next comma, line feed, quote or carriage return eight bytes at a
/// time (``ByteWord``), noting high bits on the way, so ASCII records are checked for UTF-8
/// not at all and others once, whole.
package struct VerbatimRecordScan {
  /// The offset just past each record of the last run, from the run's start.
  package private(set) var recordEnds: [Int] = []

  /// A scan with no run yet.
  package init() {}

  /// What a scan found: where the run ends (the start of the first record not in it) and the
  /// lines it holds (one a record).
  package struct Run {
    package var end: Int
    package var records: Int
  }

  /// Scans `bytes` from `start` for a run of plain records.
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
  /// - Returns: The run; ``recordEnds`` holds its records' ends.
  package mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, columns: Int, limits: InputLimits,
    infers: Bool, starts: VerbatimFieldStarts, consumer: any VerbatimRecordConsumer
  ) -> Run {
    recordEnds.removeAll(keepingCapacity: true)
    guard let base = bytes.baseAddress, start < bytes.count else {
      return Run(end: start, records: 0)
    }
    var cursor = Cursor(
      base: base, count: bytes.count, recordStart: start, columns: columns,
      maximumField: limits.maximumFieldBytes, maximumRecord: limits.maximumRecordBytes,
      infers: infers, starts: starts.table, consumer: consumer)
    // At least two bytes a record (a comma and a line feed): room for every end, found once.
    recordEnds.reserveCapacity((bytes.count - start) / 2 + 1)
    let commas = ByteWord.repeated(UInt8(ascii: ","))
    let lineFeeds = ByteWord.repeated(UInt8(ascii: "\n"))
    var index = start
    words: while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
      // A quote or carriage return anywhere in the word: its bytes one at a time.
      if ByteWord.matches(word, UInt8(ascii: "\"")) | ByteWord.matches(word, UInt8(ascii: "\r"))
        != 0
      {
        for offset in 0..<8 {
          guard cursor.take(index + offset, &recordEnds, from: start) else { break words }
        }
        index += 8
        continue
      }
      cursor.highBits |= word
      var stops = ByteWord.exactMatches(word, commas) | ByteWord.exactMatches(word, lineFeeds)
      while stops != 0 {
        let offset = stops.trailingZeroBitCount / 8
        guard cursor.endField(at: index + offset, &recordEnds, from: start) else { break words }
        // The next record's bytes in this word are noted again: high bits before its start
        // would belong to the record just ended.
        if cursor.fields == 0 { cursor.highBits = (word >> (8 * UInt64(offset))) >> 8 }
        stops &= stops - 1
      }
      index += 8
    }
    // The last few bytes one at a time; a record they leave open waits for more input.
    if index + 8 > bytes.count {
      while index < bytes.count, cursor.take(index, &recordEnds, from: start) { index += 1 }
    }
    return Run(end: cursor.recordStart, records: recordEnds.count)
  }

  /// The scan's place in a record: where it and its current field start, the fields ended so
  /// far and the high bits seen, and what decides whether a field or record is plain.
  private struct Cursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var recordStart: Int
    var fieldStart: Int
    var fields = 0
    var highBits: UInt64 = 0
    let columns: Int
    let maximumField: Int
    let maximumRecord: Int
    let infers: Bool
    let starts: SIMD4<UInt64>
    let consumer: any VerbatimRecordConsumer

    init(
      base: UnsafePointer<UInt8>, count: Int, recordStart: Int, columns: Int, maximumField: Int,
      maximumRecord: Int, infers: Bool, starts: SIMD4<UInt64>,
      consumer: any VerbatimRecordConsumer
    ) {
      self.base = base
      self.count = count
      self.recordStart = recordStart
      fieldStart = recordStart
      self.columns = columns
      self.maximumField = maximumField
      self.maximumRecord = maximumRecord
      self.infers = infers
      self.starts = starts
      self.consumer = consumer
    }

    /// Takes the byte at `index` alone; `false` when the run ends before it.
    @inline(__always)
    mutating func take(_ index: Int, _ ends: inout [Int], from start: Int) -> Bool {
      let byte = base[index]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") {
        guard endField(at: index, &ends, from: start) else { return false }
        if fields == 0 { highBits = 0 }
        return true
      }
      highBits |= UInt64(byte)
      return byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\r")
    }

    /// Ends the field at the comma or line feed at `index`, and the record at a line feed;
    /// `false` when the field or record is not plain, and the run ends at its record's start.
    @inline(__always)
    mutating func endField(at index: Int, _ ends: inout [Int], from start: Int) -> Bool {
      // A blank line is read field by field (it is skipped, and counted as a line).
      if index == recordStart && base[index] == UInt8(ascii: "\n") { return false }
      let length = index - fieldStart
      if length > maximumField { return false }
      if length > 0 {
        let first = base[fieldStart]
        if starts[Int(first >> 6)] >> (first & 63) & 1 != 0 && !writesUnchanged(length) {
          return false
        }
      }
      fields += 1
      fieldStart = index + 1
      guard base[index] == UInt8(ascii: "\n") else { return true }
      let record = UnsafeBufferPointer(start: base + recordStart, count: index - recordStart)
      guard fields == columns, record.count <= maximumRecord,
        highBits & ByteWord.highBits == 0 || UTF8Check.isValid(record)
      else { return false }
      ends.append(index + 1 - start)
      recordStart = index + 1
      fields = 0
      highBits = 0
      return true
    }

    /// Whether the consumer writes the flagged field of `length` bytes at ``fieldStart`` as it
    /// stands.
    private func writesUnchanged(_ length: Int) -> Bool {
      let field = UnsafeBufferPointer(start: base + fieldStart, count: length)
      let isNumber = infers && field[0] == UInt8(ascii: "-") && ValueInference.number(field) != nil
      return consumer.writesUnchanged(FieldBytes(bytes: field, kind: isNumber ? .number : .text))
    }
  }
}
