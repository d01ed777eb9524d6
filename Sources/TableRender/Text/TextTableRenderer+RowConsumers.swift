import TableKit

extension TextTableRenderer {
  /// Draws each row into a copy of the table's drawing, for rows read in chunks on other
  /// threads by a ``ParallelRowSource``; the walk's rows go through the same
  /// `TextTableDrawing.writeRow(_:accessory:tabWidth:to:)`.
  ///
  /// Every chunk starts after a drawn row (the kept rows come first), so each copy draws its
  /// first row as the table's own drawing would.
  struct RowWriter: RowConsumer {
    /// The drawing, copied with its widths and the line drawn last.
    var drawing: TextTableDrawing
    /// The columns between tab stops.
    let tabWidth: Int

    mutating func consume(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      drawing.writeRow(values, accessory: .none, tabWidth: tabWidth, to: &output)
    }
  }

  /// Measures each row for the first pass, for rows read in chunks on other threads;
  /// copies are merged (each column as wide as its widest value in any chunk).
  struct RowMeasure: RowConsumer {
    /// The widths so far.
    var metrics: TextColumnMetrics
    /// The columns between tab stops.
    let tabWidth: Int

    mutating func consume(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      metrics.include(row: values, tabWidth: tabWidth)
    }

    mutating func absorb(_ later: RowMeasure) {
      metrics.merge(later.metrics)
    }
  }
}

/// A sink that drops what it is given: the output of a pass that only measures.
final class DiscardingSink: ByteSink {
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
