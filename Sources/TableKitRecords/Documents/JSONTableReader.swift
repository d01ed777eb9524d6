import TableKit

/// Reads the shape of a ``JSONTableDocument`` from a tokenizer, checking each token against what
/// may stand there.
struct JSONTableReader {
  var tokenizer: JSONTokenizer

  /// A row's place, named in messages: `rows[3]` or `sections[1].rows[3]`.
  private struct RowPlace {
    var section: Int?
    var row: Int

    var description: String {
      section.map { "sections[\($0)].rows[\(row)]" } ?? "rows[\(row)]"
    }
  }

  /// The first row seen of a length, while the columns are not known yet.
  private struct PendingRow {
    var section: Int
    var row: Int
    var position: JSONPosition
  }

  /// Rows waiting for the columns, keyed by length: the first of each length.
  private var firstRowOfLength: [Int: PendingRow] = [:]
  /// The number of columns, once read.
  private var columnCount: Int?

  /// Where the rest of a stream comes from: the next chunk, or `nil` (or an empty chunk) at its
  /// end; `nil` for a tokenizer given the whole input.
  private let nextChunk: (() throws(JSONTableError) -> [UInt8]?)?
  /// The most bytes a string or number may take, as written.
  var maximumTokenBytes = Int.max

  /// Creates a reader over a tokenizer, and where its next chunks come from if it was not given
  /// the whole input.
  init(
    tokenizer: JSONTokenizer, nextChunk: (() throws(JSONTableError) -> [UInt8]?)? = nil
  ) {
    self.tokenizer = tokenizer
    self.nextChunk = nextChunk
  }

  /// The next token; a stream's `needsMoreInput` cannot happen here, as the input is whole.
  private mutating func next() throws(JSONTableError) -> JSONToken {
    try pull()
  }

  /// The next token, feeding the tokenizer chunks from ``nextChunk`` as it asks for them: at
  /// least as many bytes as the unfinished token has, so a long one is scanned again only a
  /// logarithmic number of times (see ``JSONTokenizer``).
  private mutating func pull() throws(JSONTableError) -> JSONToken {
    while true {
      let token = try tokenizer.next()
      switch token {
      case .needsMoreInput:
        break
      case .string, .number:
        if tokenizer.tokenByteCount > maximumTokenBytes { throw tokenTooLong() }
        return token
      default:
        return token
      }
      let pending = tokenizer.pendingByteCount
      if pending > maximumTokenBytes { throw tokenTooLong() }
      // Never more than a byte past the limit (`room` cannot overflow: pending ≤ the limit).
      let room = maximumTokenBytes - pending
      let wanted = max(pending <= room ? pending : room + 1, 1)
      var given = 0
      var more: [UInt8] = []
      while given < wanted {
        guard var chunk = try nextChunk?(), !chunk.isEmpty else { break }
        given += chunk.count
        if more.isEmpty { swap(&more, &chunk) } else { more.append(contentsOf: chunk) }
      }
      if given > 0 { tokenizer.append(contentsOf: more) }
      if given < wanted { tokenizer.finishInput() }
    }
  }

  /// The error for a string or number longer than ``maximumTokenBytes``, at its start.
  private func tokenTooLong() -> JSONTableError {
    JSONTableError(
      path: tokenizer.path, position: tokenizer.tokenPosition,
      reason: .tokenTooLong(limit: maximumTokenBytes))
  }

  /// The next token where `expected` must stand: a character that starts no token is reported
  /// as "expected `expected`, found …" rather than as an unknown value.
  private mutating func next(expecting expected: String) throws(JSONTableError) -> JSONToken {
    do {
      return try pull()
    } catch {
      guard case .unexpected(let found, _) = error.reason else { throw error }
      var reworded = error
      reworded.reason = .unexpected(found: found, expected: expected)
      throw reworded
    }
  }

  /// "expected …, found …" at the token just read.
  private func unexpected(_ token: JSONToken, expected: String) -> JSONTableError {
    tokenizer.error(
      at: tokenizer.tokenStart, .unexpected(found: token.description, expected: expected))
  }

  /// An error at the token just read.
  private func error(_ reason: JSONTableError.Reason) -> JSONTableError {
    tokenizer.error(at: tokenizer.tokenStart, reason)
  }

  /// Reads the whole document and checks that nothing follows it.
  mutating func readDocument() throws(JSONTableError) -> JSONTableDocument {
    let first = try next()
    guard first == .beginObject else {
      throw unexpected(
        first, expected: #"an object holding the table, such as {"columns": […], "rows": […]}"#)
    }
    var title: String?
    var columns: [String]?
    var rows: [[CellValue]]?
    var sections: [JSONTableDocument.Section]?
    var seenTitle = false
    var token = try next(expecting: "a key in double quotes or `}`")
    while token != .endObject {
      guard case .string(let key) = token else {
        throw unexpected(token, expected: "a key in double quotes")
      }
      try expectColon(after: key)
      switch key {
      case "title":
        guard !seenTitle else { throw error(.duplicateKey(key, place: "the table")) }
        seenTitle = true
        title = try readOptionalString(place: "\"title\"")
      case "columns":
        guard columns == nil else { throw error(.duplicateKey(key, place: "the table")) }
        let read = try readColumns()
        columns = read
        try setColumnCount(read.count)
      case "rows":
        guard rows == nil else { throw error(.duplicateKey(key, place: "the table")) }
        rows = try readRows(section: nil)
      case "sections":
        guard sections == nil else { throw error(.duplicateKey(key, place: "the table")) }
        sections = try readSections()
      default:
        try skipValue(try next())
      }
      token = try next(expecting: "`,` or `}` after a value in the table")
      if token == .endObject { break }
      guard token == .comma else {
        throw unexpected(token, expected: "`,` or `}` after a value in the table")
      }
      token = try next(expecting: "a key in double quotes")
      if token == .endObject { throw unexpected(token, expected: "a key in double quotes") }
    }
    // The closing brace is where a missing key is noticed: check before reading on, while the
    // brace's bytes are still held.
    guard let columns else { throw error(.missingKey("columns", place: "the table")) }
    let body: [JSONTableDocument.Section]
    switch (rows, sections) {
    case (let rows?, nil): body = [JSONTableDocument.Section(rows: rows)]
    case (nil, let sections?): body = sections
    case (nil, nil): throw error(.missingKey(#"rows" or "sections"#, place: "the table"))
    case (.some, .some): throw error(.bothRowsAndSections)
    }
    let end: JSONToken
    do {
      end = try pull()
    } catch {
      guard case .unexpected(let found, _) = error.reason else { throw error }
      var reworded = error
      reworded.reason = .trailingContent(found: found)
      throw reworded
    }
    guard end == .endOfInput else { throw error(.trailingContent(found: end.description)) }
    return JSONTableDocument(title: title, columns: columns, sections: body)
  }

  /// Reads the `:` after a key.
  private mutating func expectColon(after key: String) throws(JSONTableError) {
    let token = try next()
    guard token == .colon else {
      throw unexpected(token, expected: "`:` after the key \(JSONText.quoted(key))")
    }
  }

  /// Reads a string or `null`.
  private mutating func readOptionalString(place: String) throws(JSONTableError) -> String? {
    switch try next() {
    case .string(let text): return text
    case .null: return nil
    case let other:
      throw error(.wrongValue(place: place, expected: "a string or null", found: other.description))
    }
  }

  /// Reads the array of column titles.
  private mutating func readColumns() throws(JSONTableError) -> [String] {
    let start = try next()
    guard start == .beginArray else {
      throw error(
        .wrongValue(
          place: "\"columns\"", expected: "an array of column titles", found: start.description))
    }
    var columns: [String] = []
    var token = try next()
    while token != .endArray {
      guard case .string(let title) = token else {
        throw error(
          .wrongValue(
            place: "columns[\(columns.count)]", expected: "a string (a column title)",
            found: token.description))
      }
      columns.append(title)
      token = try next(expecting: "`,` or `]` after a column title")
      if token == .endArray { break }
      guard token == .comma else {
        throw unexpected(token, expected: "`,` or `]` after a column title")
      }
      token = try next()
      if token == .endArray { throw unexpected(token, expected: "a column title") }
    }
    return columns
  }

  /// Records the number of columns and checks the rows read before it.
  private mutating func setColumnCount(_ count: Int) throws(JSONTableError) {
    columnCount = count
    let wrong = firstRowOfLength.filter { $0.key != count }
      .min { ($0.value.section, $0.value.row) < ($1.value.section, $1.value.row) }
    if let (length, row) = wrong {
      throw JSONTableError(
        path: tokenizer.path, position: row.position,
        reason:
          .rowLength(row: row.row, section: row.section, count: length, columns: count))
    }
    firstRowOfLength = [:]
  }

  /// Reads the array of sections.
  private mutating func readSections() throws(JSONTableError) -> [JSONTableDocument.Section] {
    let start = try next()
    guard start == .beginArray else {
      throw error(
        .wrongValue(
          place: "\"sections\"", expected: "an array of sections", found: start.description))
    }
    var sections: [JSONTableDocument.Section] = []
    var token = try next()
    while token != .endArray {
      sections.append(try readSection(token, index: sections.count))
      token = try next(expecting: "`,` or `]` after a section")
      if token == .endArray { break }
      guard token == .comma else { throw unexpected(token, expected: "`,` or `]` after a section") }
      token = try next()
      if token == .endArray { throw unexpected(token, expected: "a section") }
    }
    return sections
  }

  /// Reads one section object, whose first token is `start`.
  private mutating func readSection(_ start: JSONToken, index: Int) throws(JSONTableError)
    -> JSONTableDocument.Section
  {
    let place = "sections[\(index)]"
    guard start == .beginObject else {
      throw error(
        .wrongValue(
          place: place, expected: #"a section object, such as {"header": "…", "rows": […]}"#,
          found: start.description))
    }
    var header: String?
    var footer: String?
    var seenHeader = false
    var seenFooter = false
    var rows: [[CellValue]]?
    var token = try next(expecting: "a key in double quotes or `}`")
    while token != .endObject {
      guard case .string(let key) = token else {
        throw unexpected(token, expected: "a key in double quotes")
      }
      try expectColon(after: key)
      switch key {
      case "header":
        guard !seenHeader else { throw error(.duplicateKey(key, place: place)) }
        seenHeader = true
        header = try readOptionalString(place: "\(place).header")
      case "footer":
        guard !seenFooter else { throw error(.duplicateKey(key, place: place)) }
        seenFooter = true
        footer = try readOptionalString(place: "\(place).footer")
      case "rows":
        guard rows == nil else { throw error(.duplicateKey(key, place: place)) }
        rows = try readRows(section: index)
      default:
        try skipValue(try next())
      }
      token = try next(expecting: "`,` or `}` after a value in \(place)")
      if token == .endObject { break }
      guard token == .comma else {
        throw unexpected(token, expected: "`,` or `}` after a value in \(place)")
      }
      token = try next(expecting: "a key in double quotes")
      if token == .endObject { throw unexpected(token, expected: "a key in double quotes") }
    }
    guard let rows else { throw error(.missingKey("rows", place: place)) }
    return JSONTableDocument.Section(header: header, footer: footer, rows: rows)
  }

  /// Reads an array of rows; `section` is `nil` for `rows` at the top level.
  private mutating func readRows(section: Int?) throws(JSONTableError) -> [[CellValue]] {
    let start = try next()
    guard start == .beginArray else {
      throw error(
        .wrongValue(
          place: RowPlace(section: section, row: 0).description.replacing("[0]", with: ""),
          expected: "an array of rows", found: start.description))
    }
    var rows: [[CellValue]] = []
    var token = try next()
    while token != .endArray {
      let place = RowPlace(section: section, row: rows.count)
      rows.append(try readRow(token, place: place))
      token = try next(expecting: "`,` or `]` after a row")
      if token == .endArray { break }
      guard token == .comma else { throw unexpected(token, expected: "`,` or `]` after a row") }
      token = try next()
      if token == .endArray { throw unexpected(token, expected: "a row") }
    }
    return rows
  }

  /// Reads one row, whose first token is `start`, and checks its length.
  private mutating func readRow(_ start: JSONToken, place: RowPlace) throws(JSONTableError)
    -> [CellValue]
  {
    guard start == .beginArray else {
      throw error(
        .wrongValue(
          place: place.description, expected: "an array of values, one per column",
          found: start.description))
    }
    let rowStart = tokenizer.tokenMark
    var values: [CellValue] = []
    values.reserveCapacity(columnCount ?? 8)
    var token = try next()
    while token != .endArray {
      values.append(try cellValue(token, place: place, column: values.count))
      token = try next(expecting: "`,` or `]` after a value in a row")
      if token == .endArray { break }
      guard token == .comma else {
        throw unexpected(token, expected: "`,` or `]` after a value in a row")
      }
      token = try next(expecting: "a value (a string, number, true, false or null)")
      if token == .endArray {
        throw unexpected(token, expected: "a value (a string, number, true, false or null)")
      }
    }
    if let columnCount {
      if values.count != columnCount {
        throw tokenizer.error(
          at: rowStart,
          .rowLength(
            row: place.row, section: place.section ?? 0, count: values.count,
            columns: columnCount))
      }
    } else if firstRowOfLength[values.count] == nil {
      // Found once per length: where the row starts, while its bytes are still held (or, if a
      // stream dropped them, where it ends).
      firstRowOfLength[values.count] = PendingRow(
        section: place.section ?? 0, row: place.row, position: tokenizer.position(of: rowStart))
    }
    return values
  }

  /// The cell a value token becomes.
  private func cellValue(_ token: JSONToken, place: RowPlace, column: Int) throws(JSONTableError)
    -> CellValue
  {
    switch token {
    case .string(let text):
      return .text(text)
    case .number(let number):
      do {
        return try number.cellValue()
      } catch {
        throw self.error(.numberOutOfRange(text: number.text, error.reason))
      }
    case .boolean(let flag):
      return .boolean(flag)
    case .null:
      return .empty
    case .beginObject, .beginArray:
      throw error(
        .wrongValue(
          place: "\(place.description)[\(column)]",
          expected: "a string, number, true, false or null", found: token.description))
    default:
      throw unexpected(token, expected: "a value (a string, number, true, false or null)")
    }
  }

  /// Reads past one value of any shape whose first token is `first`, checking its grammar, with
  /// no recursion however deep it nests.
  private mutating func skipValue(_ first: JSONToken) throws(JSONTableError) {
    var openObjects: [Bool] = []  // For each open bracket: whether it is an object.
    var token = first
    while true {
      // `token` stands where a value must.
      switch token {
      case .beginObject:
        token = try next()
        if token != .endObject {
          openObjects.append(true)
          guard case .string(let key) = token else {
            throw unexpected(token, expected: "a key in double quotes or `}`")
          }
          try expectColon(after: key)
          token = try next()
          continue
        }
      case .beginArray:
        token = try next()
        if token != .endArray {
          openObjects.append(false)
          continue
        }
      case .string, .number, .boolean, .null:
        break
      default:
        throw unexpected(token, expected: "a value")
      }
      // A value ended: close brackets until a comma opens the next value.
      while let isObject = openObjects.last {
        token = try next()
        if token == .comma {
          token = try next()
          if isObject {
            guard case .string(let key) = token else {
              throw unexpected(token, expected: "a key in double quotes")
            }
            try expectColon(after: key)
            token = try next()
          }
          break
        }
        guard token == (isObject ? .endObject : .endArray) else {
          throw unexpected(token, expected: isObject ? "`,` or `}`" : "`,` or `]`")
        }
        openObjects.removeLast()
      }
      if openObjects.isEmpty { return }
    }
  }
}
