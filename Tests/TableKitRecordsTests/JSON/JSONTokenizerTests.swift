import TableKitRecords
import TableKitTestSupport
import Testing

@Suite struct JSONTokenizerTests {
  /// Every token of `bytes` given whole, or the error.
  static func tokens(_ bytes: [UInt8]) -> Result<[JSONToken], JSONTableError> {
    var tokenizer = JSONTokenizer(path: "t.json", bytes: bytes)
    var tokens: [JSONToken] = []
    do {
      while true {
        let token = try tokenizer.next()
        if token == .endOfInput { return .success(tokens) }
        tokens.append(token)
      }
    } catch {
      return .failure(error)
    }
  }

  /// Every token of `bytes` given in chunks of the sizes `sizes` draws, or the error.
  static func tokens(
    _ bytes: [UInt8], chunkedBy generator: inout SeededGenerator, maximumChunk: Int
  )
    -> Result<[JSONToken], JSONTableError>
  {
    var rest = bytes[...]
    func chunk() -> ArraySlice<UInt8> {
      let size = Int.random(in: 0...maximumChunk, using: &generator)
      defer { rest = rest.dropFirst(size) }
      return rest.prefix(size)
    }
    var tokenizer = JSONTokenizer(path: "t.json", bytes: Array(chunk()), isComplete: false)
    var tokens: [JSONToken] = []
    do {
      while true {
        let token = try tokenizer.next()
        switch token {
        case .endOfInput:
          return .success(tokens)
        case .needsMoreInput:
          if rest.isEmpty { tokenizer.finishInput() } else { tokenizer.append(contentsOf: chunk()) }
        default:
          tokens.append(token)
        }
      }
    } catch {
      return .failure(error)
    }
  }

  @Test func tokenizesPunctuationLiteralsStringsAndNumbers() throws {
    let tokens = try Self.tokens(Array(#" {"a": [1, -2.50e+3, true, false, null, "é\n"]} "#.utf8))
      .get()
    let texts = tokens.map { token -> String in
      if case .number(let number) = token { return "number \(number.text)" }
      return "\(token)"
    }
    #expect(
      texts == [
        "beginObject", #"string("a")"#, "colon", "beginArray", "number 1", "comma",
        "number -2.50e+3", "comma", "boolean(true)", "comma", "boolean(false)", "comma", "null",
        "comma", #"string("é\n")"#, "endArray", "endObject",
      ])
  }

  @Test func skipsAByteOrderMarkWithoutCountingAColumn() throws {
    var tokenizer = JSONTokenizer(path: "t.json", bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
    #expect(try tokenizer.next() == .beginArray)
    #expect(tokenizer.tokenPosition == JSONPosition(byteOffset: 3, line: 1, column: 1))
  }

  @Test func positionsCountLinesAndCharacters() throws {
    var tokenizer = JSONTokenizer(path: "t.json", bytes: Array("[\"日本\",\n\t  \"x\"]".utf8))
    _ = try tokenizer.next()
    _ = try tokenizer.next()
    #expect(try tokenizer.next() == .comma)
    #expect(tokenizer.tokenPosition == JSONPosition(byteOffset: 9, line: 1, column: 6))
    #expect(try tokenizer.next() == .string("x"))
    #expect(tokenizer.tokenPosition == JSONPosition(byteOffset: 14, line: 2, column: 4))
  }

  /// A document touching every kind of token, escape and multi-byte character, on many lines.
  static let sample = Array(
    """
    {"title": "Caf\\u00e9 \\ud83d\\ude00 日本 😀", "columns": ["a", "b\\n\\"c\\"", "ø"],
     "rows": [[123456789012345678901234567890, -0.0, 1.5e-3, true, null, "x\\/y\\\\z"],
       [0, 1E+2, -12.345, false, "", "\\t\\b\\f\\r"]], "nested": {"k": [[], {}, [1, [2]]]}}
    """.utf8)

  @Test func tokensAreTheSameWhenTheInputArrivesInChunks() throws {
    let whole = try Self.tokens(Self.sample).get()
    var generator = SeededGenerator(state: 7)
    for input in [Self.sample, [0xEF, 0xBB, 0xBF] + Self.sample] {
      for maximumChunk in [1, 2, 3, 5, 8, 64] {
        for _ in 0..<20 {
          let chunked = Self.tokens(input, chunkedBy: &generator, maximumChunk: maximumChunk)
          #expect(try chunked.get() == whole)
        }
      }
    }
  }

  @Test(arguments: [
    Array(#"["abc"#.utf8), Array(#"[1, "\ud800x"]"#.utf8), Array(#"[01]"#.utf8),
    Array("[\n\n  \"a\u{1}\"]".utf8), Array(#"["é"#.utf8) + [0xC3], Array(#"[1, tru]"#.utf8),
    Array(#"[1.]"#.utf8), Array(#"["\q"]"#.utf8), Array("[\"é\", ".utf8) + [0xFF],
  ])
  func errorsAndTheirPositionsAreTheSameWhenTheInputArrivesInChunks(bytes: [UInt8]) throws {
    guard case .failure(let whole) = Self.tokens(bytes) else {
      Issue.record("\(bytes) tokenized")
      return
    }
    var generator = SeededGenerator(state: 11)
    for maximumChunk in [1, 2, 4] {
      for _ in 0..<10 {
        let chunked = Self.tokens(bytes, chunkedBy: &generator, maximumChunk: maximumChunk)
        guard case .failure(let error) = chunked else {
          Issue.record("chunked \(bytes) tokenized")
          return
        }
        #expect(error == whole)
      }
    }
  }

  /// The tokens of `bytes` in chunks, each string and number as its text: with `leavingText`
  /// read from the bytes the tokenizer leaves them in (``JSONTokenizer/withLeftText(_:)``),
  /// otherwise from the token.
  static func texts(
    _ bytes: [UInt8], leavingText: Bool, chunkedBy generator: inout SeededGenerator,
    maximumChunk: Int
  ) throws -> [String] {
    var rest = bytes[...]
    func chunk() -> ArraySlice<UInt8> {
      let size = Int.random(in: 0...maximumChunk, using: &generator)
      defer { rest = rest.dropFirst(size) }
      return rest.prefix(size)
    }
    var tokenizer = JSONTokenizer(path: "t.json", bytes: Array(chunk()), isComplete: false)
    var texts: [String] = []
    while true {
      let token = try tokenizer.next(leavingText: leavingText)
      // The text left behind is the last string's or number's, read right after it.
      func left() -> String { tokenizer.withLeftText { String(decoding: $0, as: UTF8.self) } }
      switch token {
      case .endOfInput:
        return texts
      case .needsMoreInput:
        if rest.isEmpty { tokenizer.finishInput() } else { tokenizer.append(contentsOf: chunk()) }
      case .string(let text):
        #expect(text.isEmpty || !leavingText)
        texts.append("string " + (leavingText ? left() : text))
      case .number(let number):
        #expect(number.text.isEmpty == leavingText)
        texts.append("number " + (leavingText ? left() : number.text))
      default:
        texts.append("\(token)")
      }
    }
  }

  @Test func stringsAndNumbersLeftInTheBytesAreTheTokensTexts() throws {
    var generator = SeededGenerator(state: 11)
    let expected = try Self.texts(
      Self.sample, leavingText: false, chunkedBy: &generator, maximumChunk: 1 << 20)
    #expect(expected.contains("string b\n\"c\""))
    #expect(expected.contains("string Café \u{1F600} 日本 😀"))
    #expect(expected.contains("number -0.0"))
    for maximumChunk in [1, 2, 3, 7, 1 << 20] {
      for _ in 0..<10 {
        let left = try Self.texts(
          Self.sample, leavingText: true, chunkedBy: &generator, maximumChunk: maximumChunk)
        #expect(left == expected, "chunks of up to \(maximumChunk)")
      }
    }
  }
}
