extension CSVTableRenderer.RowWriter: FieldBytesConsumer {
  /// Writes one record from its fields' bytes: the same bytes ``consume(_:into:)`` writes for
  /// the values a reader makes of them (a number as its digits, text escaped and, with the
  /// formula guard on, guarded; an empty field empty).
  mutating func consume(
    fields: UnsafeBufferPointer<FieldBytes>, into output: inout OutputBuffer
  ) {
    var isFirstField = true
    if renderer.sectionColumn != nil {
      renderer.writeText(sectionTitle, fieldCount: fieldCount, into: &output)
      isFirstField = false
    }
    let guardsFormulas = renderer.formulaGuard == .on
    let quotesSurroundingSpaces = renderer.quotesSurroundingSpaces
    for field in fields {
      if !isFirstField { output.write(byte: UInt8(ascii: ",")) }
      isFirstField = false
      switch field.kind {
      case .number:
        output.write(utf8: field.bytes)
      case .text:
        CSVEscaping.writeField(
          field.bytes, guardsFormulas: guardsFormulas,
          quotesSurroundingSpaces: quotesSurroundingSpaces, into: &output)
      case .empty:
        if fieldCount == 1 { output.write("\"\"") }
      }
    }
    renderer.writeLineEnding(into: &output)
  }
}
