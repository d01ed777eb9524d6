package import TableKit

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
/// unless the reader is lossy, which writes U+FFFD for it instead.
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
  /// Rows read after the header.
  private var rowCount = 0
  /// The bytes of a quoted field with its doubled quotes made single.
  private var scratch: [UInt8] = []

  /// Opens a reader on `input` and reads its header.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - dialect: CSV or TSV.
  ///   - infers: Whether numbers and booleans are recognised (see ``ValueInference``).
  ///   - isLossy: Whether invalid UTF-8 becomes U+FFFD rather than an error.
  /// - Throws: ``TableInputError`` for an empty input or a header that cannot be read.
  package init(
    input: ByteInput, dialect: Dialect, infers: Bool = true, isLossy: Bool = false
  ) throws(TableInputError) {
    self.init(
      input: input, resumingAt: ResumePoint(byteOffset: 0, line: 1, row: 0), columns: [],
      dialect: dialect, infers: infers, isLossy: isLossy)
    try fill()
    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
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
  package init(
    input: ByteInput, resumingAt point: ResumePoint, columns: [String], dialect: Dialect,
    infers: Bool = true, isLossy: Bool = false
  ) {
    self.input = input
    separator = dialect == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    quotes = dialect == .csv
    self.infers = infers
    self.isLossy = isLossy
    self.columns = columns
    droppedCount = point.byteOffset
    line = point.line
    rowCount = point.row
  }

  /// Where the reader stands: the byte after the last record read, its line and its row count.
  package var resumePoint: ResumePoint? {
    ResumePoint(byteOffset: droppedCount + position, line: line, row: rowCount)
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
    let start = (line: line, offset: position)
    let first = values.count
    guard try readFields(inferring: infers, into: &values) else { return false }
    rowCount += 1
    let count = values.count - first
    if count != columns.count {
      throw TableInputError(
        path: input.name,
        position: JSONPosition(
          byteOffset: droppedCount + start.offset, line: start.line, column: 1),
        reason: .raggedRow(row: rowCount, count: count, columns: columns.count))
    }
    return true
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
  private mutating func readFields(
    inferring: Bool, into values: inout [CellValue]
  ) throws(TableInputError) -> Bool {
    let first = values.count
    while true {
      switch try scanRecord(inferring: inferring, into: &values) {
      case .record: return true
      case .end: return false
      case .needsMoreInput:
        // The record is scanned again, whole, once more input is in.
        while values.count > first { values.removeLast() }
        try fill()
      }
    }
  }

  private enum Scan {
    case record
    case end
    case needsMoreInput
  }

  /// Scans one record from `position`, appending its fields to `values`; on `.needsMoreInput`
  /// the position has not moved (and the fields appended so far are to be dropped).
  private mutating func scanRecord(
    inferring: Bool, into values: inout [CellValue]
  ) throws(TableInputError) -> Scan {
    // Read through a pointer (no bounds check per byte); the copy shares the storage.
    let bytes = buffer
    return try bytes.withUnsafeBufferPointer { buffer throws(TableInputError) in
      try scanRecord(buffer, inferring: inferring, into: &values)
    }
  }

  /// ``scanRecord(inferring:into:)`` over the buffer's bytes.
  private mutating func scanRecord(
    _ buffer: UnsafeBufferPointer<UInt8>, inferring: Bool, into values: inout [CellValue]
  ) throws(TableInputError) -> Scan {
    var index = position
    var line = self.line
    var lineStart = self.lineStart
    let count = buffer.count
    let separator = self.separator
    let quote = UInt8(ascii: "\"")
    let lf = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    // Blank lines.
    while index < count && (buffer[index] == lf || buffer[index] == cr) {
      if buffer[index] == cr {
        guard index + 1 < count || atEnd else { return .needsMoreInput }
        if index + 1 < count && buffer[index + 1] == lf { index += 1 }
      }
      index += 1
      line += 1
      lineStart = index
    }
    if index == count {
      if !atEnd { return .needsMoreInput }
      position = index
      self.line = line
      self.lineStart = lineStart
      return .end
    }
    while true {
      // One field from `index`.
      if quotes && buffer[index] == quote {
        let open = index
        let openLine = (number: line, start: lineStart)
        index += 1
        var hasDoubledQuote = false
        var ascii = true
        while true {
          guard index < count else {
            if atEnd {
              throw error(
                at: open, line: openLine.number, lineStart: openLine.start, .unterminatedQuote)
            }
            return .needsMoreInput
          }
          let byte = buffer[index]
          if byte == quote {
            guard index + 1 < count || atEnd else { return .needsMoreInput }
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
          } else if byte >= 0x80 {
            ascii = false
          }
          index += 1
        }
        let value = try cell(
          buffer, from: open + 1, to: index, unquoting: hasDoubledQuote, ascii: ascii,
          line: line, lineStart: lineStart, inferring: inferring)
        values.append(value)
        index += 1  // The closing quote.
        guard index < count else {
          if atEnd { break }
          return .needsMoreInput
        }
        let next = buffer[index]
        if next != separator && next != lf && next != cr {
          let found = foundDescription(at: index)
          throw error(at: index, line: line, lineStart: lineStart, .textAfterQuote(found: found))
        }
      } else {
        let start = index
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
        if index == count && !atEnd { return .needsMoreInput }
        values.append(
          try cell(
            buffer, from: start, to: index, unquoting: false, ascii: ascii, line: line,
            lineStart: lineStart, inferring: inferring))
        if index == count { break }
      }
      // `index` is at a separator or a line end.
      let byte = buffer[index]
      if byte == separator {
        index += 1
        if index == count {
          if !atEnd { return .needsMoreInput }
          values.append(.empty)
          break
        }
        continue
      }
      if byte == cr {
        guard index + 1 < count || atEnd else { return .needsMoreInput }
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

  /// The cell for `buffer[start..<end]`, checking its UTF-8.
  private mutating func cell(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unquoting: Bool,
    ascii: Bool, line: Int, lineStart: Int,
    inferring: Bool
  ) throws(TableInputError) -> CellValue {
    if unquoting {
      scratch.removeAll(keepingCapacity: true)
      var index = start
      while index < end {
        scratch.append(buffer[index])
        index += buffer[index] == UInt8(ascii: "\"") ? 2 : 1
      }
      let bytes = scratch
      return try bytes.withUnsafeBufferPointer { field throws(TableInputError) in
        try value(of: field, ascii: ascii, inferring: inferring) { offset throws(TableInputError) in
          // Map the offset in the unquoted bytes back to the input.
          var source = start
          var seen = 0
          while seen < offset {
            source += buffer[source] == UInt8(ascii: "\"") ? 2 : 1
            seen += 1
          }
          return source
        } line: {
          line
        } lineStart: {
          lineStart
        }
      }
    }
    let field = UnsafeBufferPointer(rebasing: buffer[start..<end])
    return try value(of: field, ascii: ascii, inferring: inferring) { offset in
      start + offset
    } line: {
      line
    } lineStart: {
      lineStart
    }
  }

  /// The cell for a field's bytes; `source` maps an offset in the field to one in `buffer`.
  private func value(
    of field: UnsafeBufferPointer<UInt8>, ascii: Bool, inferring: Bool,
    source: (Int) throws(TableInputError) -> Int, line: () -> Int, lineStart: () -> Int
  ) throws(TableInputError) -> CellValue {
    try ValueInference.value(of: field, infers: inferring) { () throws(TableInputError) in
      let text = String(decoding: field, as: UTF8.self)
      if ascii || isLossy { return text }
      // The standard library validates as it decodes, repairing what is invalid: the text
      // holds exactly the field's bytes only when they were valid. Only an invalid field is
      // looked at again, for the place.
      if UTF8Check.holdsExactly(field, text) { return text }
      if let (offset, why) = UTF8Check.firstInvalid(in: field) {
        let at = try source(offset)
        // A line break inside a quoted field before the bad byte moved the line on.
        var bad = line()
        var start = lineStart()
        if at < start {
          bad = self.line
          start = self.lineStart
          var scan = start
          while scan < at {
            if buffer[scan] == UInt8(ascii: "\n") {
              bad += 1
              start = scan + 1
            }
            scan += 1
          }
        }
        throw error(at: at, line: bad, lineStart: start, .json(.invalidUTF8(why)))
      }
      return text
    }
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

  /// An error at `buffer[index]` on the line that starts at `lineStart`.
  private func error(
    at index: Int, line: Int, lineStart: Int, _ reason: TableInputError.Reason
  ) -> TableInputError {
    var column = 1
    var scan = max(lineStart, 0)
    while scan < index && scan < buffer.count {
      if buffer[scan] & 0xC0 != 0x80 { column += 1 }
      scan += 1
    }
    return TableInputError(
      path: input.name,
      position: JSONPosition(byteOffset: droppedCount + index, line: line, column: column),
      reason: reason)
  }
}
