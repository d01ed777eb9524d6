/// A pull tokenizer of JSON over UTF-8 bytes that knows where every token stands.
///
/// Each call to ``next()`` returns the next token: punctuation, a string with its escapes decoded
/// (surrogate pairs joined), a number with its text kept as written, or a literal. It checks the
/// bytes as it goes: UTF-8 (the offset of the first bad byte), string escapes, control characters
/// in strings, and JSON's number grammar (no `+`, no leading zeros, digits after a point and in
/// an exponent). A leading byte order mark is skipped. It does not check how tokens follow each
/// other: that is the reader's job (``JSONTableDocument`` reads one shape).
///
/// ```swift
/// var tokenizer = JSONTokenizer(path: "a.json", bytes: Array(#"[1, "x"]"#.utf8))
/// while true {
///   let token = try tokenizer.next()  // .beginArray, .number(1), .comma, .string("x"), .endArray
///   if token == .endOfInput { break }
/// }
/// ```
///
/// It also works over a stream: create it with `isComplete: false`, and when ``next()`` returns
/// ``JSONToken/needsMoreInput`` (the bytes so far end inside a token, or before one), append the
/// next chunk with ``append(contentsOf:)`` — or call ``finishInput()`` at the end of the stream —
/// and ask again. Bytes already tokenized are dropped as chunks arrive, so memory holds about one
/// chunk and the longest token. A token that spans many chunks is scanned again from its start
/// each time: a reader should append at least as many bytes as ``pendingByteCount`` (the
/// token's bytes so far) before asking again, so that a long token is scanned O(log n) times
/// over a doubling prefix, in time linear in its bytes.
///
/// - Complexity: O(n) over the input for whole inputs.
package struct JSONTokenizer {
  /// The path named in errors.
  package let path: String
  /// The bytes not yet dropped; `buffer[0]` is byte ``droppedCount`` of the input.
  var buffer: [UInt8]
  /// The next byte to read.
  var index = 0
  /// Where the last token (or the last error's token) starts.
  var tokenStart = 0
  /// Whether the whole input has been given.
  var isComplete: Bool
  /// How many bytes of the input were dropped from the front of ``buffer``.
  var droppedCount = 0
  /// The current line, from 1.
  var line = 1
  /// Where the current line starts in ``buffer`` (0 when it started in dropped bytes).
  var lineStart = 0
  /// Characters of the current line that stood in dropped bytes.
  var droppedColumns = 0
  /// Bytes of a string with escapes, decoded; kept to reuse its storage.
  var scratch: [UInt8] = []
  /// Where the text of the last string or number read by ``next(leavingText:)`` with
  /// `leavingText` set stands: in ``buffer`` (or, for a string with escapes, in ``scratch``).
  var leftText: (inScratch: Bool, range: Range<Int>) = (false, 0..<0)

  /// Creates a tokenizer over `bytes`.
  ///
  /// - Parameters:
  ///   - path: The file's path, named in errors.
  ///   - bytes: The input, or its first chunk.
  ///   - isComplete: Whether `bytes` is the whole input (`false` for a stream).
  package init(path: String, bytes: [UInt8], isComplete: Bool = true) {
    self.path = path
    self.buffer = bytes
    self.isComplete = isComplete
  }

  /// Adds the next chunk of a stream; bytes already tokenized may be dropped.
  ///
  /// - Parameter bytes: The chunk.
  package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    dropTokenizedBytes()
    buffer.append(contentsOf: bytes)
  }

  /// Reads `input` onto the end of the bytes until they reach offset `target` of the input or
  /// the input ends; bytes already tokenized may be dropped first.
  ///
  /// The bytes are read straight into the tokenizer's storage, grown once to what `target`
  /// needs: a long token (up to a field limit of 128 MiB) then takes its own size and a read's,
  /// not a second copy gathered apart and a doubled array besides (which passed half a
  /// gigabyte for a string without end).
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - target: The offset in the input to read up to.
  /// - Returns: Whether the input ended.
  /// - Throws: ``TableInputError`` when reading fails.
  package mutating func read(
    from input: ByteInput, upTo target: Int
  ) throws(TableInputError) -> Bool {
    dropTokenizedBytes()
    let needed = target - droppedCount + ByteInput.chunkSize
    if needed > buffer.capacity { buffer.reserveCapacity(needed) }
    repeat {
      if try input.read(appendingTo: &buffer) == 0 { return true }
    } while endOffset < target
    return false
  }

  /// Drops the bytes before the token being read (and before ``keptOffset``) once they are half
  /// of those held.
  private mutating func dropTokenizedBytes() {
    var drop = tokenStart
    if let keptOffset { drop = min(drop, max(keptOffset - droppedCount, 0)) }
    if drop > 0 && drop >= buffer.count / 2 { dropBytes(drop) }
  }

  /// The offset in the input from which bytes are kept as chunks arrive, though tokenized.
  ///
  /// ``append(contentsOf:)`` drops only the bytes before it; `nil` drops every tokenized byte.
  /// A reader that hands a record's fields over as the bytes they stand in sets it at the
  /// record's start (``JSONRecordReader/consumeFieldBytes(with:into:)``).
  package var keptOffset: Int?

  /// The bytes from the start of the token being read to the end of those given: after
  /// ``JSONToken/needsMoreInput``, how long the unfinished token is so far.
  package var pendingByteCount: Int { buffer.count - tokenStart }

  /// The bytes of the last token returned, as written.
  package var tokenByteCount: Int { index - tokenStart }

  /// The offset in the input of the next byte to read: the end of the last token returned.
  package var readOffset: Int { droppedCount + index }

  /// The offset in the input of the first byte not yet given.
  package var endOffset: Int { droppedCount + buffer.count }

  /// Says that no more bytes will come.
  package mutating func finishInput() {
    isComplete = true
  }

  /// Drops the first `count` bytes, at most those before the current token, keeping line and
  /// column counts right.
  private mutating func dropBytes(_ count: Int) {
    if lineStart <= count {
      droppedColumns += characterCount(from: lineStart, to: count)
      lineStart = 0
    } else {
      // The current line starts after the bytes dropped.
      lineStart -= count
    }
    buffer.removeFirst(count)
    droppedCount += count
    index -= count
    tokenStart -= count
  }

  /// The number of characters (bytes that start a UTF-8 sequence) in `buffer[start..<end]`.
  private func characterCount(from start: Int, to end: Int) -> Int {
    var count = 0
    for byte in buffer[start..<end] where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The position of `buffer[offset]`, which must be on the current line.
  func position(at offset: Int) -> JSONPosition {
    let end = min(max(offset, lineStart), buffer.count)
    return JSONPosition(
      byteOffset: droppedCount + offset, line: line,
      column: droppedColumns + characterCount(from: lineStart, to: end) + 1)
  }

  /// Where the last token returned starts.
  package var tokenPosition: JSONPosition { position(at: tokenStart) }

  /// A cheap note of where the last token starts, turned into a ``JSONPosition`` only when
  /// needed (counting columns means reading the line, which may be the whole file).
  package struct Mark: Sendable {
    fileprivate var offset: Int
    fileprivate var line: Int
    fileprivate var lineStart: Int
    fileprivate var droppedColumns: Int
    fileprivate var droppedCount: Int
  }

  /// A note of where the last token returned starts.
  package var tokenMark: Mark {
    Mark(
      offset: tokenStart, line: line, lineStart: lineStart, droppedColumns: droppedColumns,
      droppedCount: droppedCount)
  }

  /// The position a mark notes; when its bytes were dropped since (a stream), the position of
  /// the last token instead.
  package func position(of mark: Mark) -> JSONPosition {
    guard mark.droppedCount == droppedCount else { return tokenPosition }
    return JSONPosition(
      byteOffset: droppedCount + mark.offset, line: mark.line,
      column: mark.droppedColumns + characterCount(from: mark.lineStart, to: mark.offset) + 1)
  }

  /// An error at the place `mark` notes.
  func error(at mark: Mark, _ reason: JSONTableError.Reason) -> JSONTableError {
    JSONTableError(path: path, position: position(of: mark), reason: reason)
  }

  /// An error at `buffer[offset]`.
  func error(at offset: Int, _ reason: JSONTableError.Reason) -> JSONTableError {
    JSONTableError(path: path, position: position(at: offset), reason: reason)
  }

  /// Whether the bytes given so far are the start of a byte order mark at the start of a
  /// stream, which waits for all three: they are no token yet.
  package var awaitsByteOrderMark: Bool {
    index == 0 && droppedCount == 0 && !isComplete && buffer.count < 3
      && Self.byteOrderMark.starts(with: buffer)
  }

  /// Returns the next token.
  ///
  /// - Returns: The token; ``JSONToken/endOfInput`` at the end of a complete input,
  ///   ``JSONToken/needsMoreInput`` when a stream's bytes so far end before the token does.
  /// - Throws: ``JSONTableError`` for bytes that make no token: invalid UTF-8, a bad escape or
  ///   number, an unterminated string, a character that cannot start a token.
  package mutating func next() throws(JSONTableError) -> JSONToken {
    try next(leavingText: false)
  }

  /// Returns the next token; with `leavingText` set, a string or a number comes with no
  /// `String` made for it: the token's string (or the number's ``JSONNumber/text``) is empty,
  /// and its decoded bytes are read with ``withLeftText(_:)`` before the next token is asked for.
  ///
  /// Every check of ``next()`` is made, with the same errors.
  ///
  /// - Parameter leavingText: Whether a string's or number's text is left in the bytes.
  /// - Returns: The token, as ``next()`` returns it but for that text.
  /// - Throws: ``JSONTableError`` as ``next()`` throws it.
  @inline(__always)
  package mutating func next(leavingText: Bool) throws(JSONTableError) -> JSONToken {
    if awaitsByteOrderMark { return .needsMoreInput }
    skipWhitespace()
    tokenStart = index
    guard index < buffer.count else { return isComplete ? .endOfInput : .needsMoreInput }
    switch buffer[index] {
    case UInt8(ascii: "\""):
      return try scanString(leavingText: leavingText)
    case UInt8(ascii: ","):
      index += 1
      return .comma
    case UInt8(ascii: ":"):
      index += 1
      return .colon
    case UInt8(ascii: "["):
      index += 1
      return .beginArray
    case UInt8(ascii: "]"):
      index += 1
      return .endArray
    case UInt8(ascii: "{"):
      index += 1
      return .beginObject
    case UInt8(ascii: "}"):
      index += 1
      return .endObject
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try scanNumber(leavingText: leavingText)
    case UInt8(ascii: "t"):
      return try scanLiteral("true", .boolean(true))
    case UInt8(ascii: "f"):
      return try scanLiteral("false", .boolean(false))
    case UInt8(ascii: "n"):
      return try scanLiteral("null", .null)
    case UInt8(ascii: "+"), UInt8(ascii: "."):
      let why =
        buffer[index] == UInt8(ascii: "+")
        ? "a number has no plus sign" : "a number needs a digit before its point"
      guard let failure = invalidNumber(why) else { return .needsMoreInput }
      throw failure
    default:
      guard let failure = try unexpectedByte(at: index, expected: "a JSON value") else {
        return .needsMoreInput
      }
      throw failure
    }
  }

  /// Calls `body` with the decoded bytes of the string, or the text of the number, that
  /// ``next(leavingText:)`` just returned with `leavingText` set.
  ///
  /// Call it only right after such a string or number: after any other token, or once more
  /// input was appended, the place it notes may no longer hold those bytes.
  ///
  /// - Parameter body: Reads the bytes, which are valid only while it runs.
  /// - Returns: What `body` returns.
  @inline(__always)
  package func withLeftText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = leftText.range
    if leftText.inScratch {
      return scratch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
    return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Skips spaces, tabs, carriage returns and line feeds, counting lines.
  ///
  /// Most tokens follow another with no space: that case is decided here, inline, by one byte.
  @inline(__always)
  mutating func skipWhitespace() {
    if index > 0 && index < buffer.count && buffer[index] > UInt8(ascii: " ") { return }
    skipWhitespaceAndByteOrderMark()
  }

  /// ``skipWhitespace()`` byte by byte, skipping a byte order mark at the very start.
  private mutating func skipWhitespaceAndByteOrderMark() {
    if index == 0 && droppedCount == 0 { skipByteOrderMark() }
    while index < buffer.count {
      switch buffer[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
        droppedColumns = 0
      default:
        return
      }
    }
  }

  /// Skips a UTF-8 byte order mark at the very start; it does not count as a column.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private mutating func skipByteOrderMark() {
    guard buffer.starts(with: Self.byteOrderMark) else { return }
    index = 3
    lineStart = 3
  }

  /// Reads `true`, `false` or `null`.
  private mutating func scanLiteral(_ word: StaticString, _ token: JSONToken) throws(JSONTableError)
    -> JSONToken
  {
    let length = word.utf8CodeUnitCount
    let available = min(length, buffer.count - index)
    // Through pointers: comparing slices cost more than the rest of a record's booleans.
    let start = index
    let matches = buffer.withUnsafeBufferPointer { bytes in
      word.withUTF8Buffer { expected in
        for offset in 0..<available where bytes[start + offset] != expected[offset] {
          return false
        }
        return true
      }
    }
    if matches && available == length {
      index += length
      return token
    }
    if matches && !isComplete { return .needsMoreInput }
    guard let failure = try unexpectedByte(at: index, expected: "a JSON value") else {
      return .needsMoreInput
    }
    throw failure
  }

  /// The error for a byte that cannot stand at `offset`: invalid UTF-8 if it is, otherwise
  /// "expected …, found …" naming the word or character found; `nil` when a stream's bytes end
  /// before what the message quotes does.
  func unexpectedByte(at offset: Int, expected: String) throws(JSONTableError) -> JSONTableError? {
    let byte = buffer[offset]
    if byte >= 0x80 {
      guard let length = try utf8SequenceLength(at: offset) else { return nil }
      let scalar = String(decoding: buffer[offset..<(offset + length)], as: UTF8.self)
        .unicodeScalars.first
      let found = scalar.map(JSONText.character) ?? "byte \(JSONText.hex(byte))"
      return error(at: offset, .unexpected(found: found, expected: expected))
    }
    if Self.isWordByte(byte) {
      var end = offset
      while end - offset < 20 {
        guard end < buffer.count else {
          if !isComplete { return nil }
          break
        }
        guard Self.isWordByte(buffer[end]) else { break }
        end += 1
      }
      let word = String(decoding: buffer[offset..<end], as: UTF8.self)
      return error(at: offset, .unexpected(found: "`\(word)`", expected: expected))
    }
    return error(
      at: offset, .unexpected(found: JSONText.character(Unicode.Scalar(byte)), expected: expected))
  }

  /// Whether the byte is an ASCII letter, digit or underscore.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default:
      false
    }
  }
}
