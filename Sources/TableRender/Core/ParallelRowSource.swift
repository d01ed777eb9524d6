package import TableKit

/// Takes a table's rows one at a time, as plain values: a renderer's row writer, or the measure
/// of a first pass.
///
/// A ``ParallelRowSource`` gives each chunk of rows a copy of the consumer, on whichever thread
/// reads the chunk, so a consumer is a value that shares nothing mutable with its copies.
package protocol RowConsumer: Sendable {
  /// Takes one row: one value per column, in the table's column order.
  ///
  /// - Parameters:
  ///   - values: The row's values.
  ///   - output: Where a writer writes the row; a measure leaves it alone.
  mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer)

  /// Takes in what a copy learned from a later chunk of rows (a measure's widths); a writer
  /// learns nothing and keeps its own state.
  ///
  /// - Parameter later: The copy that consumed the next chunk.
  mutating func absorb(_ later: Self)
}

extension RowConsumer {
  /// Writers keep their own state: what a copy wrote is in its chunk's bytes.
  package mutating func absorb(_ later: Self) {}
}

/// What a ``ParallelRowSource`` handed over.
package struct ConsumedRows<Consumer: RowConsumer> {
  /// How many rows were handed over, from the first one offered.
  package var count: Int
  /// The consumer given, having absorbed every chunk's copy in row order.
  package var consumer: Consumer

  /// Makes a record of rows handed over.
  package init(count: Int, consumer: Consumer) {
    self.count = count
    self.consumer = consumer
  }
}

/// A streamed data source that can hand the rows after the ones it keeps to a ``RowConsumer``
/// in chunks read on several threads at once, each chunk parsed and consumed by one thread, the
/// chunks' output put back in row order.
///
/// A renderer offers it the consumer that draws its rows; reading and drawing a chunk on one
/// core, while the other core does the next chunk, costs less than passing every row from a
/// reading thread to a drawing one, and keeps both cores busy whatever the format's share of
/// the work. It is offered once, at the first row after the kept ones (`numberOfRows(inSection:
/// 0)`); rows it does not consume are read on through `loadRow(_:)` as usual.
///
/// The values handed over skip the renderer's per-type representations (``TextRepresentable``
/// and its kin) and its status-row handling: a conforming source promises that its rows are
/// plain records, so a row's values are its cell's values, one per column, exactly what the
/// walk would have drawn.
package protocol ParallelRowSource: StreamedTableDataSource {
  /// Hands rows from `firstRow` on to copies of `consumer`, chunk by chunk, on several threads.
  ///
  /// The bytes each copy writes reach `output` in row order, and each copy is absorbed, in row
  /// order, into the consumer returned. The source may stop early, at a row it cannot read this
  /// way (a quoted line break where a chunk was cut, a malformed record): the rest is then read
  /// through `loadRow(_:)` from the row after the ones counted, where an error is reported as
  /// usual.
  ///
  /// The consumer travels by value, never `inout`. ThreadSanitizer checks each `inout` access
  /// at the value's address, and a value of an empty type (a writer with no settings) has no
  /// address of its own: in generic code it is given a placeholder shared by every such value,
  /// so two tables rendered at once would be reported as a race on it (swiftlang/swift#61073).
  ///
  /// - Parameters:
  ///   - firstRow: The first row to hand over: the first one after the kept rows.
  ///   - consumer: The consumer to copy for each chunk.
  ///   - output: Where the chunks' bytes go, in order.
  /// - Returns: How many rows were handed over and the consumer that absorbed them, or `nil`
  ///   when the source does not split its rows (a pipe, one processor, all rows already kept).
  func consume<Consumer: RowConsumer>(
    rowsFrom firstRow: Int, with consumer: Consumer, into output: inout OutputBuffer
  ) -> ConsumedRows<Consumer>?
}
