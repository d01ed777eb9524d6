import Foundation
import TableKit
import TableKitNavigation
import TableKitRecords

/// Reads a JSON file as nested lists for `tablekit browse --input`.
///
/// An array is a level of its elements; an object is a level of its members, each a row titled
/// with its key (a member whose value is an array or object opens a level of that title, any
/// other shows `key: value`); strings, numbers (as written), `true`, `false` and `null` are rows.
/// Nesting deeper than ``maximumDepth`` is an error rather than a crash.
enum NestedJSON {
  /// How deep arrays and objects may nest.
  static let maximumDepth = 256

  /// Reads the file at `path`.
  ///
  /// - Throws: ``JSONTableError`` naming the file, line and column.
  static func read(path: String) throws(JSONTableError) -> NestedValue {
    // Read through `ByteInput`, which opens the path's exact bytes (a `BytePath`).
    let input: ByteInput
    do {
      input = try ByteInput(path: path)
    } catch {
      throw JSONTableError(path: path, position: nil, reason: .cannotRead("it could not be opened"))
    }
    return try read(input)
  }

  /// Reads `input` a chunk at a time as it is parsed, so a progress line can follow the load:
  /// the bytes through the input's ``ByteInput/progress``, and every array element and object
  /// member made as a row, counted once per chunk.
  ///
  /// - Parameter input: The input, named in errors.
  /// - Returns: The value the input holds.
  /// - Throws: ``JSONTableError`` naming the input, line and column.
  static func read(_ input: ByteInput) throws(JSONTableError) -> NestedValue {
    var reader = Reader(
      tokenizer: JSONTokenizer(path: input.name, bytes: [], isComplete: false), input: input)
    let value = try reader.value(after: try reader.next(), title: nil, depth: 0)
    let end = try reader.next()
    guard end == .endOfInput else { throw reader.error(.trailingContent(found: Reader.name(end))) }
    input.progress?.reach(row: reader.rows)
    return value
  }

  /// The recursive reader over a tokenizer, which it feeds from the input.
  private struct Reader {
    var tokenizer: JSONTokenizer
    let input: ByteInput
    /// The array elements and object members made so far.
    var rows = 0

    /// The next token, reading more of the input while the bytes so far end inside one.
    mutating func next() throws(JSONTableError) -> JSONToken {
      while true {
        let token = try tokenizer.next()
        guard token == .needsMoreInput else { return token }
        input.progress?.reach(row: rows)
        // At least the unfinished token's bytes again, so a long one is scanned a few times.
        let target = tokenizer.endOffset + max(tokenizer.pendingByteCount, 1)
        do {
          if try tokenizer.read(from: input, upTo: target) { tokenizer.finishInput() }
        } catch {
          var why = error.description
          if case .cannotRead(let reason) = error.reason { why = reason }
          throw JSONTableError(path: input.name, position: nil, reason: .cannotRead(why))
        }
      }
    }

    /// The value that starts with `token`.
    mutating func value(
      after token: JSONToken, title: String?, depth: Int
    ) throws(JSONTableError) -> NestedValue {
      switch token {
      case .beginArray, .beginObject:
        guard depth < NestedJSON.maximumDepth else {
          throw error(
            .unexpected(
              found: "nesting deeper than \(NestedJSON.maximumDepth) levels",
              expected: "at most \(NestedJSON.maximumDepth) nested arrays and objects"))
        }
        let items = try token == .beginArray ? elements(depth: depth) : members(depth: depth)
        return .list(items, title: title)
      case .string(let text): return .value(text)
      case .number(let number): return .value(number.text)
      case .boolean(let flag): return .value(flag ? "true" : "false")
      case .null: return .value("null")
      default: throw error(.unexpected(found: Self.name(token), expected: "a value"))
      }
    }

    /// The elements of an array whose `[` was read.
    private mutating func elements(depth: Int) throws(JSONTableError) -> [NestedValue] {
      var items: [NestedValue] = []
      var token = try next()
      if token == .endArray { return items }
      while true {
        items.append(try value(after: token, title: nil, depth: depth + 1))
        rows += 1
        token = try next()
        if token == .endArray { return items }
        guard token == .comma else {
          throw error(.unexpected(found: Self.name(token), expected: "`,` or `]`"))
        }
        token = try next()
      }
    }

    /// The members of an object whose `{` was read, as titled rows.
    private mutating func members(depth: Int) throws(JSONTableError) -> [NestedValue] {
      var items: [NestedValue] = []
      var token = try next()
      if token == .endObject { return items }
      while true {
        guard case .string(let key) = token else {
          throw error(.unexpected(found: Self.name(token), expected: "a key in double quotes"))
        }
        let colon = try next()
        guard colon == .colon else {
          throw error(.unexpected(found: Self.name(colon), expected: "`:` after the key"))
        }
        let item = try value(after: try next(), title: key, depth: depth + 1)
        if case .value(let text) = item {
          items.append(.value("\(key): \(text)"))
        } else {
          items.append(item)
        }
        rows += 1
        token = try next()
        if token == .endObject { return items }
        guard token == .comma else {
          throw error(.unexpected(found: Self.name(token), expected: "`,` or `}`"))
        }
        token = try next()
      }
    }

    /// An error at the token just read.
    func error(_ reason: JSONTableError.Reason) -> JSONTableError {
      JSONTableError(path: tokenizer.path, position: tokenizer.tokenPosition, reason: reason)
    }

    /// How a message names `token`.
    static func name(_ token: JSONToken) -> String {
      switch token {
      case .beginObject: "an object"
      case .endObject: "`}`"
      case .beginArray: "an array"
      case .endArray: "`]`"
      case .comma: "`,`"
      case .colon: "`:`"
      case .string: "a string"
      case .number(let number): "the number \(number.text)"
      case .boolean(let flag): flag ? "true" : "false"
      case .null: "null"
      case .endOfInput, .needsMoreInput: "the end of the file"
      }
    }
  }
}
