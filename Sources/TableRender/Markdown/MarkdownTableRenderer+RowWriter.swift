import TableKit

extension MarkdownTableRenderer {
  /// Writes table rows one at a time, for rows read in chunks on other threads by a
  /// ``ParallelRowSource``; the walk's rows go through the same ``writeRow(_:into:)``.
  struct RowWriter: RowConsumer {
    mutating func consume(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      MarkdownTableRenderer.writeRow(values, into: &output)
    }
  }
}
