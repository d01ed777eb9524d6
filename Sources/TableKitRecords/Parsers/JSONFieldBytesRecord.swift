import TableKit
import TableRender

/// A JSON record's values as the bytes a text writer writes for the `CellValue`s the
/// row-by-row path makes of them (``JSONRecordReader/value(_:)``), with no `String` and no
/// `CellValue` made for a string or a plain number: what
/// ``JSONRecordReader/consumeFieldBytes(with:into:)`` hands a ``FieldBytesConsumer``.
///
/// - A string is its decoded bytes, as text; an empty one is an empty field (as `.text("")`
///   and `.empty` are written alike).
/// - A number written as its value is written (no exponent, at most 18 digits, not a negative
///   zero) is its bytes as they stand, as a number; any other is made a `CellValue` as the
///   row-by-row path makes it and written as the writers write that value (`1.5e3` is `1500`,
///   `-0` is `0`), or, when no exact decimal holds it, is its text, as text (guarded as text).
/// - `true` and `false` are their words, written as they are, as a boolean is: handed as
///   ``FieldBytes/Kind/number``, never escaped or guarded.
/// - `null` is an empty field; a nested object or array is its compact JSON text, as text.
struct JSONFieldBytesRecord: JSONRecordFields {
  /// Where one value's bytes stand, and what they are.
  struct Span {
    /// Offsets in the input (the tokenizer keeps the record's bytes, see
    /// ``JSONTokenizer/keptOffset``), or in ``JSONFieldBytesRecord/bytes``.
    var range: Range<Int>
    /// Whether ``range`` is in the input.
    var isInInput: Bool
    var kind: FieldBytes.Kind
  }

  /// One span per column.
  var spans: [Span] = []
  /// The bytes of values that do not stand in the input as they are written: strings with
  /// escapes, numbers written otherwise, nested values.
  var bytes: [UInt8] = []

  static var leavesTextInBuffer: Bool { true }

  private static let empty = Span(range: 0..<0, isInInput: false, kind: .empty)

  mutating func beginRecord(width: Int) -> Int {
    if spans.count == width {
      spans.withUnsafeMutableBufferPointer { spans in
        for index in spans.indices { spans[index] = Self.empty }
      }
    } else {
      spans = Array(repeating: Self.empty, count: width)
    }
    bytes.removeAll(keepingCapacity: true)
    return 0
  }

  mutating func store(
    _ token: JSONToken, at position: Int, reader: inout JSONRecordReader
  ) throws(TableInputError) {
    let span: Span
    switch token {
    case .string:
      let left = reader.tokenizer.leftText
      if left.range.isEmpty {
        span = Self.empty
      } else if left.inScratch {
        let start = bytes.count
        reader.tokenizer.withLeftText { bytes.append(contentsOf: $0) }
        span = Span(range: start..<bytes.count, isInInput: false, kind: .text)
      } else {
        let shift = reader.tokenizer.droppedCount
        span = Span(
          range: (left.range.lowerBound + shift)..<(left.range.upperBound + shift),
          isInInput: true, kind: .text)
      }
    case .number(let number):
      let left = reader.tokenizer.leftText.range
      if Self.isWrittenAsItsValue(number) {
        let shift = reader.tokenizer.droppedCount
        span = Span(
          range: (left.lowerBound + shift)..<(left.upperBound + shift), isInInput: true,
          kind: .number)
      } else {
        let start = bytes.count
        let kind = reader.tokenizer.withLeftText { Self.append(number, text: $0, to: &bytes) }
        span = Span(range: start..<bytes.count, isInInput: false, kind: kind)
      }
    case .boolean:
      // The word as it stands: `true` or `false`, as a boolean is written.
      let start = reader.tokenizer.droppedCount + reader.tokenizer.tokenStart
      span = Span(range: start..<reader.tokenizer.readOffset, isInInput: true, kind: .number)
    case .null:
      span = Self.empty
    case .beginObject, .beginArray:
      let start = bytes.count
      bytes.append(contentsOf: try reader.nestedText(token).utf8)
      span = Span(range: start..<bytes.count, isInInput: false, kind: .text)
    default:
      throw reader.unexpected(token, expected: JSONRecordReader.expectedValue)
    }
    if position == spans.count {
      spans.append(span)
    } else {
      spans[position] = span
    }
  }

  /// Whether a number is written by the writers exactly as the input writes it: no exponent,
  /// at most 18 digits (an integer or an exact decimal, written digit for digit: `100.10`
  /// stays `100.10`), and not a negative zero (written with no sign).
  @inline(__always)
  static func isWrittenAsItsValue(_ number: JSONNumber) -> Bool {
    !number.hasExponent && number.digitCount <= 18 && !(number.isNegative && number.digits == 0)
  }

  /// Appends what a writer writes for the cell the number `text` becomes (as the row-by-row
  /// path makes it), and says what it is.
  ///
  /// - Parameters:
  ///   - number: The number, its ``JSONNumber/text`` left out (empty).
  ///   - text: The number as written.
  ///   - bytes: Where its bytes go.
  /// - Returns: ``FieldBytes/Kind/number``, or ``FieldBytes/Kind/text`` for a number no exact
  ///   decimal holds (the row-by-row path keeps it as text).
  static func append(
    _ number: JSONNumber, text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
  ) -> FieldBytes.Kind {
    let whole = JSONNumber(
      text: String(decoding: text, as: UTF8.self), isNegative: number.isNegative,
      digits: number.digits, digitCount: number.digitCount,
      fractionDigits: number.fractionDigits, hasPoint: number.hasPoint,
      hasExponent: number.hasExponent)
    switch try? whole.cellValue() {
    case .integer(let value):
      store(in: &bytes, budget: OutputBuffer.longestInteger) { target in
        OutputBuffer.store(integer: value, at: target)
      }
      return .number
    case .exactDecimal(let value):
      store(in: &bytes, budget: OutputBuffer.longestExactDecimal) { target in
        OutputBuffer.store(exactDecimal: value, at: target)
      }
      return .number
    default:
      // No exact decimal holds it: the row-by-row path keeps its text, as text.
      bytes.append(contentsOf: text)
      return .text
    }
  }

  /// Appends to `bytes` what `write` stores in room for `budget` bytes.
  private static func store(
    in bytes: inout [UInt8], budget: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: budget))
    let length = bytes.withUnsafeMutableBufferPointer { room in
      guard let base = room.baseAddress else { return 0 }
      return write(base + start)
    }
    bytes.removeLast(budget - length)
  }

  /// Calls `body` with the record's fields, one per column.
  ///
  /// - Parameters:
  ///   - tokenizer: The tokenizer, holding the record's bytes in the input.
  ///   - fields: Storage for the fields, reused.
  ///   - body: Reads the fields, which are valid only while it runs.
  func withFields(
    in tokenizer: JSONTokenizer, reusing fields: inout [FieldBytes],
    _ body: (UnsafeBufferPointer<FieldBytes>) -> Void
  ) {
    if fields.count != spans.count {
      fields = Array(
        repeating: FieldBytes(bytes: UnsafeBufferPointer(start: nil, count: 0), kind: .empty),
        count: spans.count)
    }
    let shift = tokenizer.droppedCount
    tokenizer.buffer.withUnsafeBufferPointer { input in
      bytes.withUnsafeBufferPointer { own in
        spans.withUnsafeBufferPointer { spans in
          fields.withUnsafeMutableBufferPointer { fields in
            for index in spans.indices {
              let span = spans[index]
              let field =
                span.isInInput
                ? UnsafeBufferPointer(
                  rebasing: input[(span.range.lowerBound - shift)..<(span.range.upperBound - shift)]
                )
                : UnsafeBufferPointer(rebasing: own[span.range])
              fields[index] = FieldBytes(bytes: field, kind: span.kind)
            }
            body(UnsafeBufferPointer(fields))
          }
        }
      }
    }
  }
}
