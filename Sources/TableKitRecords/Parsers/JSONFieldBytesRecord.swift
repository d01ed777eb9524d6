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
  /// Where one value's bytes stand in ``bytes``, and what they are.
  struct Span {
    var start: Int
    var end: Int
    var kind: FieldBytes.Kind
  }

  /// One span per column.
  var spans: [Span] = []
  /// The record's values' bytes, one after another.
  var bytes: [UInt8] = []

  static var leavesTextInBuffer: Bool { true }

  mutating func beginRecord(width: Int) -> Int {
    spans.removeAll(keepingCapacity: true)
    spans.append(contentsOf: repeatElement(Span(start: 0, end: 0, kind: .empty), count: width))
    bytes.removeAll(keepingCapacity: true)
    return 0
  }

  mutating func store(
    _ token: JSONToken, at position: Int, reader: inout JSONRecordReader
  ) throws(TableInputError) {
    let start = bytes.count
    var kind = FieldBytes.Kind.text
    switch token {
    case .string:
      reader.tokenizer.withLeftText { bytes.append(contentsOf: $0) }
      if bytes.count == start { kind = .empty }
    case .number(let number):
      kind = reader.tokenizer.withLeftText { Self.append(number, text: $0, to: &bytes) }
    case .boolean(let flag):
      bytes.append(contentsOf: (flag ? "true" : "false").utf8)
      kind = .number
    case .null:
      kind = .empty
    case .beginObject, .beginArray:
      bytes.append(contentsOf: try reader.nestedText(token).utf8)
    default:
      throw reader.unexpected(token, expected: JSONRecordReader.expectedValue)
    }
    let span = Span(start: start, end: bytes.count, kind: kind)
    if position == spans.count {
      spans.append(span)
    } else {
      spans[position] = span
    }
  }

  /// Appends what a writer writes for the cell the number `text` becomes, and says what it is.
  ///
  /// - Parameters:
  ///   - number: The number, its ``JSONNumber/text`` left out (empty).
  ///   - text: The number as written.
  ///   - bytes: Where its bytes go.
  /// - Returns: ``FieldBytes/Kind/number``, or ``FieldBytes/Kind/text`` for a number no exact
  ///   decimal holds (the row-by-row path keeps it as text).
  @inline(__always)
  static func append(
    _ number: JSONNumber, text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
  ) -> FieldBytes.Kind {
    // Digits as written, and a value that is not zero when negative: the integer or exact
    // decimal it becomes is written digit for digit the same (`100.10` stays `100.10`).
    if !number.hasExponent && number.digitCount <= 18 && !(number.isNegative && number.digits == 0)
    {
      bytes.append(contentsOf: text)
      return .number
    }
    let whole = JSONNumber(
      text: String(decoding: text, as: UTF8.self), isNegative: number.isNegative,
      digits: number.digits, digitCount: number.digitCount,
      fractionDigits: number.fractionDigits, hasPoint: number.hasPoint,
      hasExponent: number.hasExponent)
    let start = bytes.count
    switch try? whole.cellValue() {
    case .integer(let value):
      bytes.append(contentsOf: repeatElement(0, count: OutputBuffer.longestInteger))
      let length = bytes.withUnsafeMutableBufferPointer { room in
        OutputBuffer.store(integer: value, at: room.baseAddress! + start)
      }
      bytes.removeLast(OutputBuffer.longestInteger - length)
      return .number
    case .exactDecimal(let value):
      bytes.append(contentsOf: repeatElement(0, count: OutputBuffer.longestExactDecimal))
      let length = bytes.withUnsafeMutableBufferPointer { room in
        OutputBuffer.store(exactDecimal: value, at: room.baseAddress! + start)
      }
      bytes.removeLast(OutputBuffer.longestExactDecimal - length)
      return .number
    default:
      // No exact decimal holds it: the row-by-row path keeps its text, as text.
      bytes.append(contentsOf: text)
      return .text
    }
  }
}
