package import TableRender

extension JSONRecordReader {
  /// Hands every record left to `consumer` as its fields' bytes, with no `String` and no
  /// `CellValue` made for a string or a plain number (``JSONFieldBytesRecord`` says what each
  /// value is handed as: the bytes the writer writes for the value the row-by-row path makes).
  ///
  /// The keys, tokens and limits are read and checked as ``appendNext(to:width:)`` reads them,
  /// with the same errors. Only records that are objects, with the columns fixed (a part of a
  /// file read in chunks), are read this way; otherwise it returns `nil`, having read nothing.
  package mutating func consumeFieldBytes(
    with consumer: inout any FieldBytesConsumer, into output: inout OutputBuffer
  ) throws(TableInputError) -> Int? {
    guard !learnsColumns, !rowsAreArrays else { return nil }
    var record = JSONFieldBytesRecord()
    var fields: [FieldBytes] = []
    fields.reserveCapacity(columns.count)
    var rows = 0
    defer { tokenizer.keptOffset = nil }
    while let start = try startRecord() {
      defer { self.record = nil }
      // The record's bytes stay in the tokenizer until its fields are handed over.
      tokenizer.keptOffset = tokenizer.droppedCount + tokenizer.tokenStart
      try readObject(start, into: &record)
      if layout == .array { try afterRecord() }
      record.withFields(in: tokenizer, reusing: &fields) {
        consumer.consume(fields: $0, into: &output)
      }
      rows += 1
    }
    return rows
  }
}
