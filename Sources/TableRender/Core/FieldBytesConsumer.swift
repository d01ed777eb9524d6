/// One field of a row as the bytes it was read from, for a writer that can copy them as they are
/// instead of taking a `CellValue` made from them.
///
/// A reader of CSV or TSV hands a ``FieldBytesConsumer`` its fields this way: no `String` is made
/// for a text field, and a number is not parsed only to be written back digit for digit.
package struct FieldBytes {
  /// What the bytes are, as far as a writer of text formats needs to know.
  package enum Kind: Sendable {
    /// Text: valid UTF-8, to be escaped as the format escapes text.
    case text
    /// A number the reader recognised (`ValueInference`), to be written as it is: it is never
    /// escaped and never guarded as a formula, as a `CellValue` number is not.
    ///
    /// A JSON reader hands `true` and `false` this way too: a boolean is written as its word,
    /// unescaped and unguarded, as a number is.
    case number
    /// No value.
    case empty
  }

  /// The field's bytes (quotes removed, doubled quotes made single).
  package var bytes: UnsafeBufferPointer<UInt8>
  /// What they are.
  package var kind: Kind

  /// A field of `kind` with `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The field's bytes; they must stay valid while the consumer reads them.
  ///   - kind: What they are.
  package init(bytes: UnsafeBufferPointer<UInt8>, kind: Kind) {
    self.bytes = bytes
    self.kind = kind
  }
}

/// A ``RowConsumer`` that can also take a row as its fields' bytes (``FieldBytes``), writing
/// exactly what it writes for the `CellValue`s a reader would have made of them.
///
/// A ``ParallelRowSource`` that reads a text format offers its rows this way when the consumer
/// can take them, so the work per field is only what the output needs.
package protocol FieldBytesConsumer: RowConsumer {
  /// Takes one row: one field per column, in the table's column order.
  ///
  /// - Parameters:
  ///   - fields: The row's fields.
  ///   - output: Where the row is written.
  mutating func consume(fields: UnsafeBufferPointer<FieldBytes>, into output: inout OutputBuffer)
}
