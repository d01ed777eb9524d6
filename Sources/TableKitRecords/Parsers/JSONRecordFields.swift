import TableKit

/// Where ``JSONRecordReader`` puts the values of a record that is an object: `CellValue`s for
/// the row-by-row path, or the fields' bytes for a writer that takes them
/// (``JSONFieldBytesRecord``).
///
/// The reader reads the keys, checks every token and decides each value's column; the fields
/// only turn a value's tokens into what they hold, so both paths read, and fail, alike.
protocol JSONRecordFields {
  /// Whether a string's or a number's text is left in the tokenizer's bytes rather than made a
  /// `String` (``JSONTokenizer/next(leavingText:)``), to be read by ``store(_:at:reader:)``.
  static var leavesTextInBuffer: Bool { get }

  /// Makes room for a record of `width` empty values and returns where its first one is.
  ///
  /// - Parameter width: The columns known.
  /// - Returns: The position of the record's first value.
  mutating func beginRecord(width: Int) -> Int

  /// Reads the value whose first token is `token` and keeps it at `position`, after the
  /// record's last value when `position` is just past it (a column learned from this record).
  ///
  /// - Parameters:
  ///   - token: The value's first token.
  ///   - position: Where the value goes.
  ///   - reader: The reader, for the value's text and for the rest of a nested value.
  /// - Throws: ``TableInputError`` for a token that starts no value, or a bad nested value.
  mutating func store(
    _ token: JSONToken, at position: Int, reader: inout JSONRecordReader
  ) throws(TableInputError)
}

extension [CellValue]: JSONRecordFields {
  static var leavesTextInBuffer: Bool { false }

  mutating func beginRecord(width: Int) -> Int {
    let first = count
    append(contentsOf: repeatElement(.empty, count: width))
    return first
  }

  @inline(__always)
  mutating func store(
    _ token: JSONToken, at position: Int, reader: inout JSONRecordReader
  ) throws(TableInputError) {
    let value = try reader.value(token)
    if position == count {
      append(value)
    } else {
      self[position] = value
    }
  }
}
