package import TableKit
package import TableKitReports
package import TableRender

/// Reads CSV (RFC 4180) or TSV a record at a time, checking every byte and saying where it
/// stops.
///
/// CSV: fields are separated by commas and records end with CRLF, LF or CR. A field that starts
/// with `"` is quoted: it runs to the next lone `"`, a doubled `""` inside it stands for one
/// quote, and it may hold commas and line breaks. Anything but a comma or a line end after the
/// closing quote is an error; a `"` inside an unquoted field is kept as it is. TSV: fields are
/// separated by tabs and cannot be quoted (IANA's text/tab-separated-values), so a `"` is data.
///
/// Both: a leading UTF-8 byte order mark is skipped; the first record is the header of column
/// titles; blank lines are skipped; every later record must have one field per column (a row
/// with more or fewer fields is an error naming its line); fields become cells by
/// ``ValueInference``. Text must be UTF-8: the first invalid byte is an error giving its offset,
/// unless the reader is lossy, which writes U+FFFD for it instead. A field or record longer
/// than its ``InputLimits`` is an error naming where it starts.
///
/// Lines are counted the way records end: a line feed, a carriage return and line feed, or a
/// carriage return alone each end one line, inside a quoted field and in blank lines too, so an
/// error names the line an editor shows.
///
/// A record is scanned from its start once the bytes read hold it whole; when they end inside
/// it, the reader reads on until the record's unread part has doubled before scanning again,
/// so a record of n bytes is scanned O(log n) times over a geometrically growing prefix: time
/// linear in its bytes.
package struct DelimitedRecordReader: RecordReader {
  /// Which text format: the separator and whether fields may be quoted.
  package enum Dialect: Sendable {
    /// Comma-separated values, RFC 4180.
    case csv
    /// Tab-separated values, without quoting.
    case tsv
  }

  package private(set) var columns: [String] = []
  private let input: ByteInput
  private let separator: UInt8
  private let quotes: Bool
  private let infers: Bool
  private let isLossy: Bool
  private let limits: InputLimits

  /// The bytes not yet dropped; `buffer[0]` is byte `droppedCount` of the input.
  private var buffer: [UInt8] = []
  private var droppedCount = 0
  /// Where the next record starts in `buffer`.
  private var position = 0
  /// Whether the input has ended.
  private var atEnd = false
  /// The line at `position`, from 1, and where that line starts in `buffer`.
  private var line = 1
  private var lineStart = 0
  /// Where the last record read starts: its byte offset in the input and its line (records
  /// start at the start of a line).
  private var recordStart = (offset: 0, line: 1)
  /// Rows read after the header.
  private var rowCount = 0
  /// The bytes of a quoted field with its doubled quotes made single.
  private var scratch: [UInt8] = []
  /// The input offset from which a record start ends the reading (``endAtRecordBoundary(from:)``).
  private var stopOffset = Int.max
  /// The columns whose type the command line declared, by index (``declareTypes(_:)``).
  private var typedColumns: [(index: Int, parser: ValueParser)] = []
  /// How each column whose type is declared is read; `nil` for a column read as every field is.
  ///
  /// As text, with no inference, for its parser to read (what inference finds is written back
  /// as it was read, so the parser sees the same text either way, and no number is read and
  /// written again before it); a plain decimal or amount straight from its bytes.
  private var declaredColumns: [FieldReading?] = []

  /// Opens a reader on `input` and reads its header.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - dialect: CSV or TSV.
  ///   - infers: Whether numbers and booleans are recognised (see ``ValueInference``).
  ///   - isLossy: Whether invalid UTF-8 becomes U+FFFD rather than an error.
  ///   - limits: The most bytes in a field and in a record.
  /// - Throws: ``TableInputError`` for an empty input or a header that cannot be read.
  package init(
    input: ByteInput, dialect: Dialect, infers: Bool = true, isLossy: Bool = false,
    limits: InputLimits = InputLimits()
  ) throws(TableInputError) {
    self.init(
      input: input, resumingAt: ResumePoint(byteOffset: 0, line: 1, row: 0), columns: [],
      dialect: dialect, infers: infers, isLossy: isLossy, limits: limits)
    try fill()
    // A pipe's first reads may hold part of a byte order mark: read until it is whole or not one.
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    while !atEnd && buffer.count < 3 && byteOrderMark.starts(with: buffer) { try fill() }
    if buffer.starts(with: byteOrderMark) {
      position = 3
      lineStart = 3
    }
    var header: [CellValue] = []
    guard try readFields(inferring: false, into: &header) else {
      throw TableInputError(
        path: input.name, position: nil,
        reason: .emptyInput(expected: "a header row of column names"))
    }
    columns = header.map(\.text)
  }

  /// Opens a reader that continues a file from `point`, a record boundary another reader
  /// reached: with no header of its own, the columns given, and lines, rows and byte offsets
  /// counted on from the point's, so its errors read as the first reader's would.
  ///
  /// - Parameters:
  ///   - input: The input, whose first byte is the one at `point`.
  ///   - point: Where the input starts in the file.
  ///   - columns: The column titles, from the first reader's header.
  ///   - dialect: CSV or TSV.
  ///   - infers: Whether numbers and booleans are recognised.
  ///   - isLossy: Whether invalid UTF-8 becomes U+FFFD rather than an error.
  ///   - limits: The most bytes in a field and in a record.
  package init(
    input: ByteInput, resumingAt point: ResumePoint, columns: [String], dialect: Dialect,
    infers: Bool = true, isLossy: Bool = false, limits: InputLimits = InputLimits()
  ) {
    self.input = input
    separator = dialect == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    quotes = dialect == .csv
    self.infers = infers
    self.isLossy = isLossy
    self.limits = limits
    self.columns = columns
    droppedCount = point.byteOffset
    line = point.line
    rowCount = point.row
  }

  /// Where the reader stands: the byte after the last record read, its line and its row count.
  package var resumePoint: ResumePoint? {
    ResumePoint(byteOffset: droppedCount + position, line: line, row: rowCount)
  }

  /// Ends the reading at the first record that starts at or after input offset `offset`, and
  /// has the input read on past its region, up to `limit`, to finish the record that runs
  /// across it.
  ///
  /// - Parameters:
  ///   - offset: The offset in the input, as ``resumePoint`` counts it.
  ///   - limit: The offset the input's reads stop at.
  /// - Returns: `true`: this reader always can.
  package mutating func endAtRecordBoundary(from offset: Int, readingOnTo limit: Int) -> Bool {
    stopOffset = offset
    input.readOn(to: limit)
    return true
  }

  package mutating func next() throws(TableInputError) -> [CellValue]? {
    var values: [CellValue] = []
    values.reserveCapacity(columns.count)
    guard try appendNext(to: &values, width: columns.count) else { return nil }
    return values
  }

  /// Appends the next row's fields to `values`, with no row array of its own.
  ///
  /// The reading thread fills a batch of rows this way (``RowPrefetcher``). A row always has one
  /// field per column, so `width` is the number of columns.
  package mutating func appendNext(
    to values: inout [CellValue], width: Int
  ) throws(TableInputError) -> Bool {
    let first = values.count
    guard try readFields(inferring: infers, into: &values) else { return false }
    rowCount += 1
    let count = values.count - first
    if count != columns.count { throw raggedRow(count: count) }
    if !typedColumns.isEmpty { try readTypes(of: &values, from: first) }
    return true
  }

  /// Reads the fields of the declared columns by their types from now on.
  ///
  /// The text of a field is what inference leaves it as (a number or boolean is written back
  /// exactly as it was read), so a declared type always sees the field as written.
  ///
  /// - Parameter types: Column names and their parsers.
  /// - Throws: ``TableInputError/Reason/unknownColumn(_:available:)`` for a name the header
  ///   lacks.
  package mutating func declareTypes(_ types: [(column: String, parser: ValueParser)])
    throws(TableInputError)
  {
    typedColumns = []
    declaredColumns = Array(repeating: nil, count: columns.count)
    for (column, parser) in types {
      guard let index = columns.firstIndex(of: column) else {
        throw TableInputError(
          path: input.name, position: nil, reason: .unknownColumn(column, available: columns))
      }
      typedColumns.append((index, parser))
      declaredColumns[index] = parser.numberKind.map(FieldReading.number) ?? .text
    }
  }

  /// The declared columns of the row just read (from `first` in `values`) read by their types.
  private func readTypes(of values: inout [CellValue], from first: Int) throws(TableInputError) {
    for (index, parser) in typedColumns {
      // A number read from its bytes is in place already (see `declaredColumns`); an empty
      // field stays empty in every type.
      guard case .text(let text) = values[first + index] else { continue }
      do {
        values[first + index] = try parser.value(from: text)
      } catch {
        throw TableInputError(
          path: input.name,
          position: fieldPosition(field: index, characterOffset: error.offset),
          reason: .invalidValue(column: columns[index], error))
      }
    }
  }

  /// Where the text of field `field` of the record just read starts (after its opening quote,
  /// if quoted).
  ///
  /// - Parameter field: The field's index, from 0.
  /// - Returns: The field's line and column.
  package func position(ofField field: Int) -> JSONPosition? {
    guard field >= 0, field < columns.count else { return nil }
    return fieldPosition(field: field, characterOffset: 0)
  }

  /// The place of the character `characterOffset` characters into the text of field `field`
  /// (from 0) of the record just read, which is still in the buffer.
  private func fieldPosition(field: Int, characterOffset: Int) -> JSONPosition {
    let quote = UInt8(ascii: "\"")
    var index = recordStart.offset - droppedCount
    var fieldsLeft = field
    var quoted = false
    while index < buffer.count {
      quoted = quotes && buffer[index] == quote
      if fieldsLeft == 0 { break }
      if quoted {
        index += 1
        while index < buffer.count {
          if buffer[index] == quote {
            if index + 1 < buffer.count, buffer[index + 1] == quote {
              index += 2
              continue
            }
            break
          }
          index += 1
        }
        index += 1
      } else {
        while index < buffer.count, buffer[index] != separator, buffer[index] != UInt8(ascii: "\n"),
          buffer[index] != UInt8(ascii: "\r")
        {
          index += 1
        }
      }
      index += 1  // The separator.
      fieldsLeft -= 1
    }
    if quoted { index += 1 }
    for _ in 0..<characterOffset where index < buffer.count {
      // A doubled quote is one character of the text; a character is its UTF-8 bytes.
      index += quoted && buffer[index] == quote ? 2 : 1
      while index < buffer.count, buffer[index] & 0xC0 == 0x80 { index += 1 }
    }
    return position(at: index, from: recordStart.offset - droppedCount, line: recordStart.line)
  }

  /// The error for the row just read, which has `count` fields.
  private func raggedRow(count: Int) -> TableInputError {
    TableInputError(
      path: input.name,
      position: JSONPosition(byteOffset: recordStart.offset, line: recordStart.line, column: 1),
      reason: .raggedRow(row: rowCount, count: count, columns: columns.count))
  }

  /// Hands every row left to `consumer` as its fields' bytes, with no `String` made.
  ///
  /// The bytes are as they stand in the input (or, for a quoted field with doubled quotes, made
  /// single in a scratch buffer), and only a field that starts with `-` is checked for a number
  /// (the one kind of field a CSV writer's formula guard treats differently as a number and as
  /// text). Every check of
  /// ``appendNext(to:width:)`` is made, with the same errors; a lossy reader, which must repair
  /// invalid UTF-8, returns `nil`.
  package mutating func consumeFieldBytes(
    with consumer: inout any FieldBytesConsumer, into output: inout OutputBuffer
  ) throws(TableInputError) -> Int? {
    guard !isLossy, typedColumns.isEmpty else { return nil }
    var ranges = FieldRanges()
    var fields: [FieldBytes] = []
    fields.reserveCapacity(columns.count)
    var rows = 0
    // Plain records go to a writer that copies them as they are in runs, with no fields cut.
    var verbatim = quotes ? consumer as? any VerbatimRecordConsumer : nil
    // Runs are copied only for a writer that takes them; it is not changed by them.
    let copier = verbatim?.verbatimFieldStarts.map {
      (verbatim.unsafelyUnwrapped, VerbatimRecordScan.StartTable($0))
    }
    // The places of the quotes a run leaves out: a local, as a stored property of the reader
    // added about 100 instructions a row to CSV -> Markdown in callgrind (calls to `memcpy` from
    // the record scan; my reading: the reader grew past what is copied without one).
    var drops: [Int] = []
    defer { if let verbatim { consumer = verbatim } }
    while true {
      if let (writer, table) = copier {
        rows += copyPlainRecords(for: writer, table: table, drops: &drops, into: &output)
      }
      ranges.removeAll()
      guard try readFields(inferring: infers, into: &ranges) else { return rows }
      rowCount += 1
      if ranges.fields.count != columns.count { throw raggedRow(count: ranges.fields.count) }
      let bytes = buffer
      bytes.withUnsafeBufferPointer { bytes in
        ranges.unquoted.withUnsafeBufferPointer { unquoted in
          fields.removeAll(keepingCapacity: true)
          for field in ranges.fields {
            let base = field.isUnquoted ? unquoted : bytes
            fields.append(
              FieldBytes(
                bytes: UnsafeBufferPointer(rebasing: base[field.start..<field.end]),
                kind: field.kind))
          }
          fields.withUnsafeBufferPointer { fields in
            if verbatim != nil {
              verbatim?.consume(fields: fields, into: &output)
            } else {
              consumer.consume(fields: fields, into: &output)
            }
          }
        }
      }
      rows += 1
    }
  }

  /// Copies the run of records `writer` writes as read (``VerbatimRecordScan``) from
  /// ``position`` in the bytes read, with its line ending, and moves past them; the record
  /// after the run, if any, is read field by field.
  ///
  /// - Parameters:
  ///   - writer: The writer.
  ///   - table: Its field starts, as the scan looks them up.
  ///   - drops: Room for the places of the quotes the run leaves out.
  ///   - output: Where the run goes.
  /// - Returns: The records copied.
  private mutating func copyPlainRecords(
    for writer: any VerbatimRecordConsumer, table: VerbatimRecordScan.StartTable,
    drops: inout [Int], into output: inout OutputBuffer
  ) -> Int {
    let bytes = buffer
    let start = position
    // No record that starts at the stop is copied: the bytes scanned end there.
    let end = min(bytes.count, max(stopOffset - droppedCount, start))
    let run = bytes.withUnsafeBufferPointer { bytes in
      VerbatimRecordScan.scan(
        UnsafeBufferPointer(rebasing: bytes[..<end]), from: start, columns: columns.count,
        limits: limits, infers: infers, table: table, consumer: writer,
        droppingQuotesAt: &drops)
    }
    guard run.records > 0 else { return 0 }
    let lineEnding = writer.verbatimLineEnding
    bytes.withUnsafeBufferPointer { bytes in
      drops.withUnsafeBufferPointer { drops in
        if !drops.isEmpty && run.endsLinesWithCRLF == (lineEnding == .crlf) {
          VerbatimRecordScan.copy(
            bytes, from: start, to: run.end, leavingOut: drops, into: &output)
          return
        }
        // The pieces between the quotes left out, each with its line endings changed.
        var from = start
        for index in 0...drops.count {
          let to = index < drops.count ? drops[index] : run.end
          VerbatimRecordScan.copy(
            UnsafeBufferPointer(rebasing: bytes[from..<to]), count: run.records,
            readWithCRLF: run.endsLinesWithCRLF, endingLinesWith: lineEnding, into: &output)
          from = to + 1
        }
      }
    }
    // The last record ends its line with its line feed.
    position = run.end
    lineStart = run.end
    line += run.lines
    rowCount += run.records
    return run.records
  }

  /// Reads more of the input, dropping the bytes before the current line.
  private mutating func fill() throws(TableInputError) {
    let drop = min(position, lineStart)
    if drop > 0 && drop >= buffer.count / 2 {
      buffer.removeFirst(drop)
      droppedCount += drop
      position -= drop
      lineStart -= drop
    }
    if try input.read(appendingTo: &buffer) == 0 { atEnd = true }
  }

  /// Appends the next record's fields to `values`, skipping blank lines; `false` at the end of
  /// the input.
  private mutating func readFields<Fields: RecordFields>(
    inferring: Bool, into values: inout Fields
  ) throws(TableInputError) -> Bool {
    let first = values.fieldCount
    while true {
      switch try scanRecord(inferring: inferring, into: &values) {
      case .record: return true
      case .end: return false
      case .needsMoreInput(let fieldStart):
        values.dropFields(from: first)
        try readOn(fieldStart: fieldStart)
      }
    }
  }

  /// Reads on after a scan ran out of bytes inside the record at `position` (inside the field
  /// that starts at `fieldStart`, if it ran out inside one), checking the limits first.
  ///
  /// It reads until the record's bytes have doubled (or up to one byte past a limit, or to the
  /// end of the input), so the record is scanned again only after as many new bytes as it had:
  /// the scans of one record together read at most about four times its bytes.
  private mutating func readOn(fieldStart: Int?) throws(TableInputError) {
    // Outside a field, a carriage return last in the bytes ends the record's line (the scan
    // waits to see whether a line feed follows): it is not one of the record's bytes.
    let endsLine = fieldStart == nil && buffer.last == UInt8(ascii: "\r")
    let recordBytes = buffer.count - position - (endsLine ? 1 : 0)
    if recordBytes > limits.maximumRecordBytes {
      throw error(at: position, .recordTooLong(limit: limits.maximumRecordBytes))
    }
    if let fieldStart, buffer.count - fieldStart > limits.maximumFieldBytes {
      throw error(at: fieldStart, .fieldTooLong(limit: limits.maximumFieldBytes))
    }
    // Offsets in the input, which do not move when `fill` drops bytes.
    let recordOffset = droppedCount + position
    var target = recordOffset + max(2 * recordBytes, recordBytes + 1)
    target = min(target, recordOffset + limits.maximumRecordBytes + 1)
    if let fieldStart {
      target = min(target, droppedCount + fieldStart + limits.maximumFieldBytes + 1)
    }
    repeat {
      try fill()
    } while !atEnd && droppedCount + buffer.count < target
  }

  private enum Scan {
    case record
    case end
    /// The bytes end inside the record; inside the field that starts at this index of
    /// `buffer`, when they end inside a field.
    case needsMoreInput(fieldStart: Int?)
  }

  /// Scans one record from `position`, appending its fields to `values`; on `.needsMoreInput`
  /// the position has moved past blank lines only (and the fields appended so far are to be
  /// dropped).
  private mutating func scanRecord<Fields: RecordFields>(
    inferring: Bool, into values: inout Fields
  ) throws(TableInputError) -> Scan {
    // Read through a pointer (no bounds check per byte); the copy shares the storage.
    let bytes = buffer
    return try bytes.withUnsafeBufferPointer { buffer throws(TableInputError) in
      try scanRecord(buffer, inferring: inferring, into: &values)
    }
  }

  /// ``scanRecord(inferring:into:)`` over the buffer's bytes.
  private mutating func scanRecord<Fields: RecordFields>(
    _ buffer: UnsafeBufferPointer<UInt8>, inferring: Bool, into values: inout Fields
  ) throws(TableInputError) -> Scan {
    var index = position
    var line = self.line
    var lineStart = self.lineStart
    let count = buffer.count
    let separator = self.separator
    let quote = UInt8(ascii: "\"")
    let lf = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    let maximumField = limits.maximumFieldBytes
    // Blank lines, kept as read even when the record after them is not in yet, so a run of
    // blank lines never piles up.
    while index < count && (buffer[index] == lf || buffer[index] == cr) {
      if buffer[index] == cr {
        guard index + 1 < count || atEnd else { break }
        if index + 1 < count && buffer[index + 1] == lf { index += 1 }
      }
      index += 1
      line += 1
      lineStart = index
    }
    position = index
    self.line = line
    self.lineStart = lineStart
    if droppedCount + index >= stopOffset { return .end }
    if index == count {
      return atEnd ? .end : .needsMoreInput(fieldStart: nil)
    }
    if buffer[index] == cr { return .needsMoreInput(fieldStart: nil) }
    let recordFirst = index
    recordStart = (droppedCount + index, line)
    let firstField = values.fieldCount
    while true {
      // One field from `index`.
      let fieldStart = index
      if quotes && buffer[index] == quote {
        index += 1
        var hasDoubledQuote = false
        var ascii = true
        while true {
          guard index < count else {
            if atEnd { throw error(at: fieldStart, .unterminatedQuote) }
            return .needsMoreInput(fieldStart: fieldStart)
          }
          let byte = buffer[index]
          if byte == quote {
            guard index + 1 < count || atEnd else {
              return .needsMoreInput(fieldStart: fieldStart)
            }
            if index + 1 < count && buffer[index + 1] == quote {
              hasDoubledQuote = true
              index += 2
              continue
            }
            break
          }
          if byte == lf {
            line += 1
            lineStart = index + 1
          } else if byte == cr {
            // A carriage return alone ends a line; before a line feed, the line feed does.
            guard index + 1 < count || atEnd else {
              return .needsMoreInput(fieldStart: fieldStart)
            }
            if index + 1 == count || buffer[index + 1] != lf {
              line += 1
              lineStart = index + 1
            }
          } else if byte >= 0x80 {
            ascii = false
          }
          index += 1
        }
        index += 1  // The closing quote.
        if index - fieldStart > maximumField {
          throw error(at: fieldStart, .fieldTooLong(limit: maximumField))
        }
        try values.appendField(
          buffer, from: fieldStart + 1, to: index - 1, unquoting: hasDoubledQuote,
          ascii: ascii, reading: reading(field: values.fieldCount - firstField, inferring),
          reader: &self)
        try checkRecord(from: recordFirst, to: index)
        guard index < count else {
          if atEnd { break }
          return .needsMoreInput(fieldStart: nil)
        }
        let next = buffer[index]
        if next != separator && next != lf && next != cr {
          // A character the bytes read so far cut is named once the rest of it is read.
          if next >= 0x80 && count - index < 4 && !atEnd {
            return .needsMoreInput(fieldStart: nil)
          }
          let found = foundDescription(at: index)
          throw error(at: index, .textAfterQuote(found: found))
        }
      } else {
        var ascii = true
        // Eight bytes at a time while they last, then byte by byte.
        while index + 8 <= count {
          let word = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index)
            .loadUnaligned(as: UInt64.self).littleEndian
          let stops =
            ByteWord.matches(word, separator) | ByteWord.matches(word, lf)
            | ByteWord.matches(word, cr)
          if stops == 0 {
            if word & ByteWord.highBits != 0 { ascii = false }
            index += 8
            continue
          }
          // The lowest flagged byte is the first stop (flags above it may be false).
          let length = stops.trailingZeroBitCount / 8
          let before = length == 0 ? 0 : word & (UInt64.max >> (64 - 8 * UInt64(length)))
          if before & ByteWord.highBits != 0 { ascii = false }
          index += length
          break
        }
        while index < count {
          let byte = buffer[index]
          if byte == separator || byte == lf || byte == cr { break }
          if byte >= 0x80 { ascii = false }
          index += 1
        }
        if index - fieldStart > maximumField {
          throw error(at: fieldStart, .fieldTooLong(limit: maximumField))
        }
        if index == count && !atEnd { return .needsMoreInput(fieldStart: fieldStart) }
        try values.appendField(
          buffer, from: fieldStart, to: index, unquoting: false, ascii: ascii,
          reading: reading(field: values.fieldCount - firstField, inferring), reader: &self)
        try checkRecord(from: recordFirst, to: index)
        if index == count { break }
      }
      // `index` is at a separator or a line end.
      let byte = buffer[index]
      if byte == separator {
        index += 1
        if index == count {
          if !atEnd { return .needsMoreInput(fieldStart: nil) }
          values.appendEmpty()
          break
        }
        continue
      }
      if byte == cr {
        guard index + 1 < count || atEnd else { return .needsMoreInput(fieldStart: nil) }
        if index + 1 < count && buffer[index + 1] == lf { index += 1 }
      }
      index += 1
      line += 1
      lineStart = index
      break
    }
    position = index
    self.line = line
    self.lineStart = lineStart
    return .record
  }

  /// How field `field` of a record is read when the record's fields are inferred or not: by
  /// its column's declared type, if any.
  @inline(__always)
  private func reading(field: Int, _ inferring: Bool) -> FieldReading {
    if field < declaredColumns.count, let declared = declaredColumns[field] { return declared }
    return inferring ? .inferred : .text
  }

  /// Checks a record that runs from `start` to the end of its field at `end` against the limit.
  @inline(__always)
  private func checkRecord(from start: Int, to end: Int) throws(TableInputError) {
    if end - start > limits.maximumRecordBytes {
      throw error(at: start, .recordTooLong(limit: limits.maximumRecordBytes))
    }
  }

  /// The cell for `buffer[start..<end]`, with its doubled quotes made single when `unquoting`,
  /// checking its UTF-8.
  fileprivate mutating func cell(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unquoting: Bool,
    ascii: Bool, reading: FieldReading
  ) throws(TableInputError) -> CellValue {
    let raw = UnsafeBufferPointer(rebasing: buffer[start..<end])
    if unquoting && ascii {
      // A field with a doubled quote holds a quote, so it is text, never a number or boolean,
      // and ASCII needs no check: written straight into the string, with no copy between
      // (a 200 MB field took 200 MB more at its peak).
      return .text(
        String(unsafeUninitializedCapacity: end - start) { text in
          var index = start
          var count = 0
          while index < end {
            text[count] = buffer[index]
            count += 1
            index += buffer[index] == UInt8(ascii: "\"") ? 2 : 1
          }
          return count
        })
    }
    if unquoting {
      scratch.removeAll(keepingCapacity: true)
      var index = start
      while index < end {
        scratch.append(buffer[index])
        index += buffer[index] == UInt8(ascii: "\"") ? 2 : 1
      }
      let bytes = scratch
      return try bytes.withUnsafeBufferPointer { field throws(TableInputError) in
        try value(of: field, raw: raw, at: start, ascii: ascii, reading: reading)
      }
    }
    return try value(of: raw, raw: raw, at: start, ascii: ascii, reading: reading)
  }

  /// The cell for a field's bytes; `raw` are the bytes as they stand in the input, at `start`
  /// in `buffer` (the same as `field` unless doubled quotes were made single).
  private func value(
    of field: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>, at start: Int,
    ascii: Bool, reading: FieldReading
  ) throws(TableInputError) -> CellValue {
    if case .number(let kind) = reading, let number = ValueParser.number(utf8: field, kind: kind) {
      return number
    }
    return try ValueInference.value(of: field, infers: reading == .inferred) {
      () throws(TableInputError) in
      let text = String(decoding: field, as: UTF8.self)
      if ascii || isLossy { return text }
      // The standard library validates as it decodes, repairing what is invalid: the text
      // holds exactly the field's bytes only when they were valid. Only an invalid field is
      // looked at again, for the place: in its bytes as written, which are valid exactly when
      // the unquoted ones are (a doubled quote is ASCII either way), so the offset is the
      // input's.
      if UTF8Check.holdsExactly(field, text) { return text }
      if let (offset, why) = UTF8Check.firstInvalid(in: raw, at: droppedCount + start) {
        throw error(at: start + offset, .json(.invalidUTF8(why)))
      }
      return text
    }
  }

  /// The offset in the input of `buffer[index]`.
  fileprivate func byteOffset(of index: Int) -> Int {
    droppedCount + index
  }

  /// How a message names the character at `buffer[index]`.
  private func foundDescription(at index: Int) -> String {
    let byte = buffer[index]
    if byte < 0x80 { return JSONText.character(Unicode.Scalar(byte)) }
    let end = min(index + 4, buffer.count)
    let text = String(decoding: buffer[index..<end], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else {
      return "byte \(JSONText.hex(byte))"
    }
    return JSONText.character(scalar)
  }

  /// An error at `buffer[index]`, which is at or after the line start the reader last kept:
  /// its line and column are counted from there, a line feed, a carriage return and line feed,
  /// or a carriage return alone ending a line, as the scan counts them.
  fileprivate func error(at index: Int, _ reason: TableInputError.Reason) -> TableInputError {
    TableInputError(
      path: input.name, position: position(at: index, from: max(lineStart, 0), line: line),
      reason: reason)
  }

  /// The place of byte `index` of the buffer, counting lines on from `start`, the start of
  /// line `line`.
  private func position(at index: Int, from start: Int, line: Int) -> JSONPosition {
    var line = line
    var lineStart = start
    var scan = lineStart
    let end = min(index, buffer.count)
    while scan < end {
      let byte = buffer[scan]
      if byte == UInt8(ascii: "\n")
        || (byte == UInt8(ascii: "\r")
          && (scan + 1 == buffer.count || buffer[scan + 1] != UInt8(ascii: "\n")))
      {
        line += 1
        lineStart = scan + 1
      }
      scan += 1
    }
    var column = 1
    scan = lineStart
    while scan < end {
      if buffer[scan] & 0xC0 != 0x80 { column += 1 }
      scan += 1
    }
    return JSONPosition(byteOffset: droppedCount + index, line: line, column: column)
  }
}

/// Where a scan of ``DelimitedRecordReader`` puts a record's fields: cells, or the fields' places
/// in the bytes.
private protocol RecordFields {
  /// The fields held.
  var fieldCount: Int { get }
  /// Drops the fields from `first` on.
  mutating func dropFields(from first: Int)
  /// Appends an empty field.
  mutating func appendEmpty()
  /// Appends the field `buffer[start..<end]`, its doubled quotes made single when `unquoting`,
  /// checking its UTF-8 unless it is `ascii`, read as `reading` says.
  mutating func appendField(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unquoting: Bool,
    ascii: Bool, reading: FieldReading, reader: inout DelimitedRecordReader
  ) throws(TableInputError)
}

/// How a scan of ``DelimitedRecordReader`` reads a field.
private enum FieldReading: Equatable {
  /// Numbers and booleans recognised (``ValueInference``).
  case inferred
  /// Text as it is.
  case text
  /// A number of a declared type read from the bytes when it is a plain one, else text.
  case number(ValueParser.NumberKind)
}

extension [CellValue]: RecordFields {
  fileprivate var fieldCount: Int { count }

  fileprivate mutating func dropFields(from first: Int) {
    while count > first { removeLast() }
  }

  fileprivate mutating func appendEmpty() {
    append(.empty)
  }

  @inline(__always)
  fileprivate mutating func appendField(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unquoting: Bool,
    ascii: Bool, reading: FieldReading, reader: inout DelimitedRecordReader
  ) throws(TableInputError) {
    append(
      try reader.cell(
        buffer, from: start, to: end, unquoting: unquoting, ascii: ascii, reading: reading))
  }
}

/// A record's fields as places in the reader's bytes, or in ``unquoted`` for a field whose
/// doubled quotes were made single: what ``DelimitedRecordReader/consumeFieldBytes(with:into:)``
/// hands a writer.
private struct FieldRanges: RecordFields {
  /// One field: where its bytes are, and what they are.
  struct Field {
    var start: Int
    var end: Int
    var isUnquoted: Bool
    var kind: FieldBytes.Kind
  }

  var fields: [Field] = []
  /// The bytes of the record's quoted fields with doubled quotes, made single.
  var unquoted: [UInt8] = []

  var fieldCount: Int { fields.count }

  mutating func removeAll() {
    fields.removeAll(keepingCapacity: true)
    unquoted.removeAll(keepingCapacity: true)
  }

  mutating func dropFields(from first: Int) {
    fields.removeSubrange(first...)
  }

  mutating func appendEmpty() {
    fields.append(Field(start: 0, end: 0, isUnquoted: false, kind: .empty))
  }

  @inline(__always)
  mutating func appendField(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unquoting: Bool,
    ascii: Bool, reading: FieldReading, reader: inout DelimitedRecordReader
  ) throws(TableInputError) {
    if start == end {
      appendEmpty()
      return
    }
    if !ascii, !UTF8Check.isValid(UnsafeBufferPointer(rebasing: buffer[start..<end])),
      let (offset, why) = UTF8Check.firstInvalid(
        in: UnsafeBufferPointer(rebasing: buffer[start..<end]), at: reader.byteOffset(of: start))
    {
      throw reader.error(at: start + offset, .json(.invalidUTF8(why)))
    }
    if unquoting {
      // A field with a doubled quote holds a quote: text, never a number.
      let first = unquoted.count
      var index = start
      while index < end {
        unquoted.append(buffer[index])
        index += buffer[index] == UInt8(ascii: "\"") ? 2 : 1
      }
      fields.append(Field(start: first, end: unquoted.count, isUnquoted: true, kind: .text))
      return
    }
    // Only a number that starts with `-` is written differently as a number and as text (the
    // formula guard); any other is written the same either way, so it is not parsed.
    var kind = FieldBytes.Kind.text
    if reading == .inferred && buffer[start] == UInt8(ascii: "-"),
      ValueInference.isNumber(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    {
      kind = .number
    }
    fields.append(Field(start: start, end: end, isUnquoted: false, kind: kind))
  }
}
