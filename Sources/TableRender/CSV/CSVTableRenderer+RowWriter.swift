import TableKit

extension CSVTableRenderer {
  /// Writes one record per row: the section title first when ``sectionColumn`` asks for it, then
  /// each value as a field, then the line ending.
  ///
  /// Rows reach it from the walk and, in chunks read on other threads, from a
  /// ``ParallelRowSource``: both write through this one piece of code.
  struct RowWriter: RowConsumer {
    /// The renderer's settings.
    let renderer: CSVTableRenderer
    /// The fields in a record, the section column included.
    let fieldCount: Int
    /// The title of the section being written, for the section column.
    var sectionTitle = ""

    mutating func consume(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      var isFirstField = true
      if renderer.sectionColumn != nil {
        renderer.writeText(sectionTitle, fieldCount: fieldCount, into: &output)
        isFirstField = false
      }
      for index in values.indices {
        if !isFirstField { output.write(byte: UInt8(ascii: ",")) }
        isFirstField = false
        renderer.writeValue(values[index], fieldCount: fieldCount, into: &output)
      }
      renderer.writeLineEnding(into: &output)
    }
  }
}
