package import TableKit

/// Reads the records of a JSON array or of JSON Lines one at a time with the streaming
/// ``JSONTokenizer``, never holding the whole input.
///
/// Shapes:
/// - **A JSON array of objects**, `[{"name": "a", "n": 1}, …]`: each object is a row; the columns
///   are the keys in the order they are first seen, and a key an object lacks is an empty cell.
/// - **A JSON array of arrays**, `[["name", "n"], ["a", 1], …]`: the first array holds the column
///   titles (strings), every later one a row with one value per column.
/// - **JSON Lines**: one object per line (objects separated by any whitespace are read the
///   same); each object is a row, its keys found as for an array of objects.
///
/// Values: a string is text (never read as a number), `true` and `false` are booleans, `null`
/// is empty. A number keeps its digits (``JSONNumber/cellValue()``: `100.10` stays `100.10`,
/// integers beyond 64 bits are exact decimals, an exponent is written out); a number that needs
/// more than 38 digits is kept as the text it was written as, never rounded. A nested object or
/// array is shown as its JSON text, written compactly.
///
/// Columns learned from keys are fixed by ``fixColumns()`` once the rows that decide them were
/// read (the first `--sample` rows); a later object with a new key is then an error saying so.
///
/// A token (a string or a number) longer than the field limit, or a record longer than the
/// record limit (``InputLimits``), is an error naming where it starts, read in bounded memory.
package struct JSONRecordReader: RecordReader {
  /// How the records are laid out.
  package enum Layout: Sendable {
    /// One JSON array of objects or of arrays.
    case array
    /// One object per line.
    case lines
  }

  package private(set) var columns: [String] = []
  /// For each column, its title as a key's bytes (see ``readObjectRow(into:)``).
  private var plainKeys: [PlainKey] = []
  /// The UTF-8 of every column's title, one after another (``PlainKey/range`` says where).
  private var plainKeyBytes: [UInt8] = []
  var tokenizer: JSONTokenizer
  private let input: ByteInput
  let layout: Layout
  /// Whether rows are arrays under a header array (else objects).
  private(set) var rowsAreArrays = false
  /// The index of each key learned so far.
  private var columnIndex: [String: Int] = [:]
  /// Whether new keys are still taken as columns.
  private(set) var learnsColumns = true
  /// Keys to leave out rather than report once the columns are fixed: all unknown ones.
  private var ignoresUnknownKeys = false
  private var recordCount = 0
  private var finished = false
  private let limits: InputLimits
  /// The record being read: where it starts in the input, a note of its place, and the place
  /// itself once it was worked out (before its bytes could be dropped).
  var record: (offset: Int, mark: JSONTokenizer.Mark, position: JSONPosition?)?

  /// Opens a reader on `input` and reads up to its first record.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - layout: A JSON array, or JSON Lines.
  ///   - columns: The columns to keep, in order, when named on the command line: objects are
  ///     read by these keys only and other keys are skipped; `nil` to learn them from the keys.
  ///   - limits: The most bytes in a token and in a record.
  /// - Throws: ``TableInputError`` when the input does not start as the layout says.
  package init(
    input: ByteInput, layout: Layout, columns: [String]? = nil,
    limits: InputLimits = InputLimits()
  ) throws(TableInputError) {
    self.input = input
    self.layout = layout
    self.limits = limits
    tokenizer = JSONTokenizer(path: input.name, bytes: [], isComplete: false)
    if let columns {
      for name in columns where columnIndex[name] == nil {
        appendColumn(name)
      }
      learnsColumns = false
      ignoresUnknownKeys = true
    }
    if layout == .array { try readArrayStart() }
  }

  /// Opens a reader of JSON Lines that continues a file from `point`, a record boundary another
  /// reader reached, with its columns fixed: lines, rows and byte offsets are counted on from
  /// the point's, so its errors read as the first reader's would.
  ///
  /// A part of a file cut at a line start reads this way on another thread (``ChunkedReading``):
  /// JSON strings hold no line breaks, so a cut at a line start falls between tokens, and a cut
  /// inside a record that spans lines leaves the part before it ending inside that record, an
  /// error that sends the reading back to one record at a time from that part's start.
  ///
  /// - Parameters:
  ///   - input: The input, whose first byte is the one at `point`.
  ///   - point: Where the input starts in the file.
  ///   - columns: The columns, fixed.
  ///   - ignoresUnknownKeys: Whether a key not among `columns` is left out (columns named on
  ///     the command line) rather than reported as a key the sample did not have.
  ///   - sampled: The records that decided the columns, for that report.
  ///   - limits: The most bytes in a token and in a record.
  package init(
    input: ByteInput, resumingAt point: ResumePoint, columns: [String], ignoresUnknownKeys: Bool,
    sampled: Int, limits: InputLimits = InputLimits()
  ) {
    self.input = input
    self.layout = .lines
    self.limits = limits
    tokenizer = JSONTokenizer(path: input.name, bytes: [], isComplete: false)
    tokenizer.droppedCount = point.byteOffset
    tokenizer.line = point.line
    tokenizer.droppedColumns = point.column - 1
    for name in columns where columnIndex[name] == nil {
      appendColumn(name)
    }
    learnsColumns = false
    self.ignoresUnknownKeys = ignoresUnknownKeys
    recordCount = point.row
    recordsBeforeFixing = sampled
  }

  /// Where a JSON Lines reader stands: just after the last record read, its line and column,
  /// and the records read; `nil` for a JSON array, whose records cannot be read from the middle.
  package var resumePoint: ResumePoint? {
    guard layout == .lines, pending == nil else { return nil }
    return ResumePoint(
      byteOffset: tokenizer.readOffset, line: tokenizer.line, row: recordCount,
      column: tokenizer.position(at: tokenizer.index).column)
  }

  /// Reads the `[` and, for an array of arrays, the header.
  private mutating func readArrayStart() throws(TableInputError) {
    let first = try pull()
    guard first.is(.beginArray) else {
      throw unexpected(
        first, expected: "a JSON array of objects or of arrays, or an object holding the table")
    }
    let token = try pull()
    switch token {
    case .beginArray:
      rowsAreArrays = true
      var titles: [String] = []
      var next = try pull()
      while !next.is(.endArray) {
        guard case .string(let title) = next else {
          throw unexpected(next, expected: "a column title (a string) in the header array")
        }
        titles.append(title)
        next = try pull()
        if next.is(.comma) {
          next = try pull()
        } else if !next.is(.endArray) {
          throw unexpected(next, expected: "`,` or `]` after a column title")
        }
      }
      if columns.isEmpty || learnsColumns {
        setColumns(titles)
      } else {
        // Columns named on the command line: keep the header's order and check later.
        columnIndex = [:]
        for (index, title) in titles.enumerated() where columnIndex[title] == nil {
          columnIndex[title] = index
        }
        setColumns(titles)
      }
      learnsColumns = false
      ignoresUnknownKeys = false
      try afterRecord()
    case .beginObject:
      pending = .beginObject
    case .endArray:
      throw TableInputError(
        path: input.name, position: tokenizer.tokenPosition,
        reason: .emptyInput(expected: "a record (an object or an array), and this array is empty"))
    default:
      throw unexpected(token, expected: "an object or an array (a row) in the array")
    }
  }

  /// A token read ahead: the `{` of the first object of an array.
  private var pending: JSONToken?

  package mutating func fixColumns() {
    if learnsColumns { recordsBeforeFixing = recordCount }
    learnsColumns = false
  }

  /// How many records decided the columns, for the message about a key seen later.
  private var recordsBeforeFixing = 0

  package mutating func next() throws(TableInputError) -> [CellValue]? {
    var values: [CellValue] = []
    guard try appendRecord(to: &values) else { return nil }
    return values
  }

  /// Appends the next record's values, with no array of its own (see
  /// ``RecordReader/appendNext(to:width:)``).
  package mutating func appendNext(
    to values: inout [CellValue], width: Int
  ) throws(TableInputError) -> Bool {
    let first = values.count
    guard try appendRecord(to: &values) else { return false }
    values.fitRow(from: first, width: width)
    return true
  }

  /// Appends the next record's values to `values`, one per column known after it; `false` at
  /// the end.
  private mutating func appendRecord(to values: inout [CellValue]) throws(TableInputError) -> Bool {
    guard let start = try startRecord() else { return false }
    defer { record = nil }
    if rowsAreArrays {
      guard start.is(.beginArray) else {
        throw unexpected(start, expected: "an array (a row, one value per column)")
      }
      let rowStart = tokenizer.tokenPosition
      let first = values.count
      try readArrayRow(into: &values)
      try checkRecordLength()
      let count = values.count - first
      if count != columns.count {
        throw TableInputError(
          path: input.name, position: rowStart,
          reason: .raggedRow(row: recordCount, count: count, columns: columns.count))
      }
    } else {
      try readObject(start, into: &values)
    }
    if layout == .array { try afterRecord() }
    return true
  }

  /// Reads up to the first token of the next record and counts the record, noting where it
  /// starts in ``record``; `nil` at the end of the records.
  mutating func startRecord() throws(TableInputError) -> JSONToken? {
    if finished { return nil }
    let start: JSONToken
    if let pending {
      start = pending
      self.pending = nil
    } else {
      start = try pull()
    }
    if start.is(.endOfInput) && layout == .lines {
      finished = true
      return nil
    }
    if start.is(.endArray) && layout == .array {
      try expectEnd()
      return nil
    }
    recordCount += 1
    record = (tokenizer.endOffset - tokenizer.pendingByteCount, tokenizer.tokenMark, nil)
    return start
  }

  /// Reads a record that is an object, whose first token is `start`, into `fields`, and checks
  /// its length.
  mutating func readObject<Fields: JSONRecordFields>(
    _ start: JSONToken, into fields: inout Fields
  ) throws(TableInputError) {
    guard start.is(.beginObject) else {
      let expected =
        layout == .lines ? "an object (one record per line)" : "an object (a record)"
      throw unexpected(start, expected: expected)
    }
    try readObjectRow(into: &fields)
    try checkRecordLength()
  }

  /// Checks the record just read against the record limit.
  mutating func checkRecordLength() throws(TableInputError) {
    guard let record, tokenizer.readOffset - record.offset > limits.maximumRecordBytes else {
      return
    }
    throw TableInputError(
      path: input.name, position: record.position ?? tokenizer.position(of: record.mark),
      reason: .recordTooLong(limit: limits.maximumRecordBytes))
  }

  /// Reads the `,` or `]` after a record of an array.
  mutating func afterRecord() throws(TableInputError) {
    let token = try pull()
    if token.is(.comma) { return }
    guard token.is(.endArray) else {
      throw unexpected(token, expected: "`,` or `]` after a record")
    }
    try expectEnd()
  }

  /// Checks that nothing follows the array.
  private mutating func expectEnd() throws(TableInputError) {
    finished = true
    let token = try pull()
    guard token.is(.endOfInput) else {
      throw TableInputError(
        path: input.name, position: tokenizer.tokenPosition,
        reason: .json(.trailingContent(found: token.description)))
    }
  }

  /// Appends the values of an array row after its `[`.
  private mutating func readArrayRow(into values: inout [CellValue]) throws(TableInputError) {
    var token = try pull()
    if token.is(.endArray) { return }
    while true {
      values.append(try value(token))
      token = try pull()
      if token.is(.endArray) { return }
      guard token.is(.comma) else {
        throw unexpected(token, expected: "`,` or `]` after a value in a row")
      }
      token = try pull()
    }
  }

  /// Appends the values of an object after its `{`, one per column, placed by key.
  ///
  /// The key expected next (the column after the last one filled) is first compared with the
  /// bytes as they stand (``JSONTokenizer/readString(matching:)``); any other key is read as a
  /// token and looked up.
  private mutating func readObjectRow<Fields: JSONRecordFields>(
    into fields: inout Fields
  ) throws(TableInputError) {
    let first = fields.beginRecord(width: columns.count)
    var expected = 0
    var isFirstKey = true
    while true {
      let key: String
      let index: Int?
      if expected < columns.count, case let plain = plainKeys[expected], plain.isUsable,
        tokenizer.readString(matching: plainKeyBytes, in: plain.range)
      {
        key = columns[expected]
        index = expected
      } else {
        let token = try pull()
        if isFirstKey && token.is(.endObject) { return }
        guard case .string(let read) = token else {
          throw unexpected(token, expected: "a key in double quotes")
        }
        key = read
        // Records usually list their keys in the same order: try the next column first.
        if expected < columns.count && columns[expected] == key {
          index = expected
        } else {
          index = columnIndex[key]
        }
      }
      isFirstKey = false
      // A late key's place, worked out now: reading the colon and value may read more input,
      // which drops the key's bytes (a mark taken here would then name the value's place).
      let latePosition =
        index == nil && !learnsColumns && !ignoresUnknownKeys ? tokenizer.tokenPosition : nil
      if !tokenizer.read(punctuation: UInt8(ascii: ":")) {
        let colon = try pull()
        guard colon.is(.colon) else {
          throw unexpected(colon, expected: "`:` after the key \(JSONText.quoted(key))")
        }
      }
      let value = try pull(leavingText: Fields.leavesTextInBuffer)
      if let index {
        try fields.store(value, at: first + index, reader: &self)
        expected = index + 1
      } else if learnsColumns {
        try fields.store(value, at: first + columns.count, reader: &self)
        appendColumn(key)
        expected = columns.count
      } else {
        try skipValue(value)
        if !ignoresUnknownKeys {
          throw TableInputError(
            path: input.name, position: latePosition,
            reason: .lateKey(key, record: recordCount, sampled: recordsBeforeFixing))
        }
      }
      if tokenizer.read(punctuation: UInt8(ascii: ",")) { continue }
      if tokenizer.read(punctuation: UInt8(ascii: "}")) { return }
      let token = try pull()
      if token.is(.endObject) { return }
      guard token.is(.comma) else {
        throw unexpected(token, expected: "`,` or `}` after a value in an object")
      }
    }
  }

  /// Adds a column at the end.
  private mutating func appendColumn(_ name: String) {
    columnIndex[name] = columns.count
    columns.append(name)
    plainKeys.append(PlainKey(name, in: &plainKeyBytes, limit: limits.maximumFieldBytes))
  }

  /// Sets the columns to `names`, in order.
  private mutating func setColumns(_ names: [String]) {
    columns = names
    plainKeyBytes = []
    plainKeys = []
    for name in names {
      plainKeys.append(PlainKey(name, in: &plainKeyBytes, limit: limits.maximumFieldBytes))
    }
  }

  /// Where a column's title stands in ``plainKeyBytes`` as the bytes a key spells it with, and
  /// whether a key can spell it with no escape. (No array of its own: copying one for every key
  /// of every record retained and released it, a few percent of reading JSON Lines.)
  private struct PlainKey {
    /// The title's UTF-8 in ``plainKeyBytes``.
    var range: Range<Int>
    /// Whether a key with these bytes between quotes is this title and nothing else: no `"`,
    /// `\\` or control character, and within the field limit.
    var isUsable: Bool

    init(_ title: String, in store: inout [UInt8], limit: Int) {
      let start = store.count
      store.append(contentsOf: title.utf8)
      range = start..<store.count
      isUsable =
        range.count + 2 <= limit
        && !store[range].contains {
          $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }
    }
  }

  /// Reads the value whose first token is `token` for a key that is left out, checking it as
  /// ``value(_:)`` would.
  private mutating func skipValue(_ token: JSONToken) throws(TableInputError) {
    switch token {
    case .string, .number, .boolean, .null:
      return
    case .beginObject, .beginArray:
      _ = try nestedText(token)
    default:
      throw unexpected(token, expected: Self.expectedValue)
    }
  }

  /// What a message says was expected where a value's first token was not one.
  static let expectedValue = "a value (a string, number, true, false or null)"

  /// The cell for a value whose first token is `token`.
  mutating func value(_ token: JSONToken) throws(TableInputError) -> CellValue {
    switch token {
    case .string(let text):
      return .text(text)
    case .number(let number):
      return (try? number.cellValue()) ?? .text(number.text)
    case .boolean(let flag):
      return .boolean(flag)
    case .null:
      return .empty
    case .beginObject, .beginArray:
      return .text(try nestedText(token))
    default:
      throw unexpected(token, expected: Self.expectedValue)
    }
  }

  /// A nested object or array written back as compact JSON, read with no recursion.
  ///
  /// Every token is checked against what JSON allows after the one before (a key and its colon
  /// in an object, a comma between two values, no comma before a closing bracket), so a
  /// malformed value is an error naming its place rather than text that is not JSON.
  mutating func nestedText(_ first: JSONToken) throws(TableInputError) -> String {
    var text = ""
    var open: [Bool] = []  // For each open bracket: whether it is an object.
    var token = first
    var expected = NestedExpectation.value
    while true {
      switch token {
      case .beginObject, .beginArray:
        guard expected.takesValue else { throw unexpected(token, expected: expected.words) }
        let isObject = token.is(.beginObject)
        open.append(isObject)
        text += isObject ? "{" : "["
        expected = isObject ? .keyOrEnd : .valueOrEnd
      case .endObject, .endArray:
        let isObject = token.is(.endObject)
        guard let innermost = open.last, innermost == isObject, expected.takesEnd else {
          throw unexpected(token, expected: expected.words)
        }
        open.removeLast()
        text += isObject ? "}" : "]"
        if open.isEmpty { return text }
        expected = .commaOrEnd
      case .comma:
        guard expected == .commaOrEnd else { throw unexpected(token, expected: expected.words) }
        text += ","
        expected = open.last == true ? .key : .value
      case .colon:
        guard expected == .colon else { throw unexpected(token, expected: expected.words) }
        text += ":"
        expected = .value
      case .string(let string):
        guard expected.takesValue || expected.takesKey else {
          throw unexpected(token, expected: expected.words)
        }
        JSONText.appendEscaped(string, to: &text)
        expected = expected.takesKey ? .colon : .commaOrEnd
      case .number, .boolean, .null:
        guard expected.takesValue else { throw unexpected(token, expected: expected.words) }
        switch token {
        case .number(let number): text += number.text
        case .boolean(let flag): text += flag ? "true" : "false"
        default: text += "null"
        }
        expected = .commaOrEnd
      case .endOfInput, .needsMoreInput:
        throw unexpected(token, expected: "the rest of the nested value")
      }
      token = try pull()
    }
  }

  /// "expected …, found …" at the token just read.
  func unexpected(_ token: JSONToken, expected: String) -> TableInputError {
    TableInputError(
      path: input.name, position: tokenizer.tokenPosition,
      reason: .notATable(expected: expected, found: token.description))
  }

  /// The next token, feeding the tokenizer chunks as it asks for them.
  ///
  /// An unfinished token gets at least as many new bytes as it has before it is scanned again,
  /// so a long one is scanned a logarithmic number of times (see ``JSONTokenizer``); the token
  /// and the record it is in are checked against the limits first, and never read more than a
  /// byte past them.
  ///
  /// - Parameter leavingText: Whether a string's or a number's text is left in the tokenizer's
  ///   bytes rather than made a `String` (``JSONTokenizer/next(leavingText:)``).
  /// - Returns: The token (never ``JSONToken/needsMoreInput``).
  /// - Throws: ``TableInputError`` for bytes that make no token, or past a limit.
  private mutating func pull(leavingText: Bool = false) throws(TableInputError) -> JSONToken {
    while true {
      let token: JSONToken
      do {
        token = try tokenizer.next(leavingText: leavingText)
      } catch {
        throw TableInputError(error)
      }
      switch token {
      case .needsMoreInput:
        break
      case .string, .number:
        if tokenizer.tokenByteCount > limits.maximumFieldBytes {
          throw TableInputError(
            path: input.name, position: tokenizer.tokenPosition,
            reason: .fieldTooLong(limit: limits.maximumFieldBytes))
        }
        return token
      default:
        return token
      }
      // The start of a byte order mark is not a field.
      let pending = tokenizer.awaitsByteOrderMark ? 0 : tokenizer.pendingByteCount
      if pending > limits.maximumFieldBytes {
        throw TableInputError(
          path: input.name, position: tokenizer.tokenPosition,
          reason: .fieldTooLong(limit: limits.maximumFieldBytes))
      }
      var target = tokenizer.endOffset + max(pending, 1)
      target = min(
        target, tokenizer.endOffset - pending + limits.maximumFieldBytes + 1)
      if var record {
        // Its place, worked out while its bytes are still held (appending may drop them).
        if record.position == nil {
          record.position = tokenizer.position(of: record.mark)
          self.record = record
        }
        if tokenizer.endOffset - record.offset > limits.maximumRecordBytes {
          throw TableInputError(
            path: input.name, position: record.position,
            reason: .recordTooLong(limit: limits.maximumRecordBytes))
        }
        target = min(target, record.offset + limits.maximumRecordBytes + 1)
      }
      if try tokenizer.read(from: input, upTo: target) { tokenizer.finishInput() }
    }
  }
}

extension JSONToken {
  /// Whether the token is `punctuation`, compared by case alone: the synthesized `==` compares
  /// payloads through a generic path, which costs on every token of a large input.
  @inline(__always)
  func `is`(_ punctuation: JSONToken) -> Bool {
    switch (self, punctuation) {
    case (.beginObject, .beginObject), (.endObject, .endObject), (.beginArray, .beginArray),
      (.endArray, .endArray), (.comma, .comma), (.colon, .colon), (.endOfInput, .endOfInput):
      true
    default:
      false
    }
  }
}

/// What may come next inside a nested value (``JSONRecordReader/nestedText(_:)``).
enum NestedExpectation: Equatable {
  /// A value: after a colon or a comma in an array.
  case value
  /// A value or `]`: first in an array.
  case valueOrEnd
  /// A key: after a comma in an object.
  case key
  /// A key or `}`: first in an object.
  case keyOrEnd
  /// The colon after a key.
  case colon
  /// A comma or the closing bracket, after a value.
  case commaOrEnd

  /// Whether a value may come.
  var takesValue: Bool { self == .value || self == .valueOrEnd }
  /// Whether a key may come.
  var takesKey: Bool { self == .key || self == .keyOrEnd }
  /// Whether a closing bracket may come (the right one is checked apart).
  var takesEnd: Bool { self == .valueOrEnd || self == .keyOrEnd || self == .commaOrEnd }

  /// How a message names what was expected.
  var words: String {
    switch self {
    case .value: "a value"
    case .valueOrEnd: "a value or `]`"
    case .key: "a key (a string)"
    case .keyOrEnd: "a key (a string) or `}`"
    case .colon: "`:` after the key"
    case .commaOrEnd: "`,` or a closing bracket"
    }
  }
}
