extension MarkdownTableRenderer.RowWriter: FieldBytesConsumer {
  /// Writes one table row from its fields' bytes, each escaped as text: the same bytes
  /// ``consume(_:into:)`` writes for the values a reader makes of them, since a number or a
  /// boolean as a reader recognises it (digits, `-`, `.`, `true`, `false`) holds nothing the
  /// escaping changes.
  mutating func consume(
    fields: UnsafeBufferPointer<FieldBytes>, into output: inout OutputBuffer
  ) {
    output.write(byte: UInt8(ascii: "|"))
    for field in fields {
      output.write(byte: UInt8(ascii: " "))
      if !field.bytes.isEmpty { MarkdownEscaping.write(utf8: field.bytes, into: &output) }
      output.write(" |" as StaticString)
    }
    output.write(byte: UInt8(ascii: "\n"))
  }
}
