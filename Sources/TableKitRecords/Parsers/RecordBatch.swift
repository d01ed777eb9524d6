package import TableKit

/// Rows read in bulk, their values in one flat array, ``width`` to a row: no array per row to
/// allocate on the reading thread and free on the rendering one.
package struct RecordBatch: Sendable {
  /// Values in each row: the reader's columns, and at least 1.
  package let width: Int
  /// The values, row after row.
  package private(set) var values: [CellValue] = []

  /// An empty batch of rows `width` values wide.
  ///
  /// - Parameter width: Values in each row; taken as at least 1.
  package init(width: Int) {
    self.width = max(width, 1)
  }

  /// How many rows the batch holds.
  package var rowCount: Int { values.count / width }

  /// Appends a row: its first ``width`` values, padded with empty ones.
  ///
  /// - Parameter row: The row's values.
  package mutating func append(_ row: [CellValue]) {
    let first = values.count
    values.append(contentsOf: row)
    values.fitRow(from: first, width: width)
  }

  /// Reads the reader's next row into the batch.
  ///
  /// - Parameter reader: The reader.
  /// - Returns: `false` at the end of the rows.
  /// - Throws: The reader's error, leaving the batch as it was: a row with too many fields
  ///   must not become rows of its own.
  package mutating func read(from reader: inout any RecordReader) throws(TableInputError) -> Bool {
    let count = values.count
    do {
      return try reader.appendNext(to: &values, width: width)
    } catch {
      while values.count > count { values.removeLast() }
      throw error
    }
  }

  /// Makes room for `rows` rows in all.
  ///
  /// - Parameter rows: The number of rows.
  package mutating func reserveCapacity(rows: Int) {
    values.reserveCapacity(rows * width)
  }

  /// Exchanges the values of the row from `start` with `target`'s, as many as `target` has.
  ///
  /// - Parameters:
  ///   - start: Where the row's values start.
  ///   - target: The values to put in the row's place, and then the row's.
  package mutating func exchangeRow(from start: Int, with target: inout [CellValue]) {
    values.withUnsafeMutableBufferPointer { values in
      target.withUnsafeMutableBufferPointer { target in
        for index in target.indices { swap(&values[start + index], &target[index]) }
      }
    }
  }

  /// Drops every row, keeping the storage for the next ones.
  package mutating func removeAll() {
    values.removeAll(keepingCapacity: true)
  }
}
