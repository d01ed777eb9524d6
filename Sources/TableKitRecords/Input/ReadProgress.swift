import Synchronization

/// How far the reading of one input has got: the bytes consumed, the rows produced, and which
/// pass over the input it is; written by the threads that read and read by any other (a
/// progress line on a terminal) with no lock.
///
/// Each count is a high-water mark, raised per chunk or batch read, never per byte or row: the
/// input's offset that reading has reached (``ByteInput`` after each read from the system, the
/// writer of ``ChunkedFileRows`` as it takes each chunk in order) and the number of rows
/// handed on. A reader that starts over from an earlier place (a file read again to measure
/// and then write, ``ByteInput/rewind()``) lowers them with ``restart(atByte:row:)``, which
/// counts a new pass when it goes back in rows. At the end of a pass the counts are the
/// input's size and its number of rows, the header not counted.
///
/// ```swift
/// let input = try ByteInput(path: "big.csv")
/// let progress = input.attachProgress()
/// // On another thread, while the table is read and written:
/// let (bytes, rows) = (progress.bytes, progress.rows)
/// ```
package final class ReadProgress: Sendable {
  /// The bytes to read when the input is a regular file (standard input redirected from one
  /// too); `nil` for a pipe or a terminal.
  package let totalBytes: Int?
  private let byteCount = Atomic<Int>(0)
  private let rowCount = Atomic<Int>(0)
  private let passCount = Atomic<Int>(1)

  /// Counts that start at nothing, on the first pass.
  ///
  /// - Parameter totalBytes: The input's size, when known.
  package init(totalBytes: Int?) {
    self.totalBytes = totalBytes
  }

  /// The input's offset that reading has reached on this pass.
  package var bytes: Int { byteCount.load(ordering: .relaxed) }

  /// The rows produced on this pass.
  package var rows: Int { rowCount.load(ordering: .relaxed) }

  /// The pass over the input, from 1.
  package var pass: Int { passCount.load(ordering: .relaxed) }

  /// Raises the bytes consumed to `offset`, if it is further.
  ///
  /// - Parameter offset: The input's offset reading has reached.
  package func reach(byte offset: Int) {
    byteCount.max(offset, ordering: .relaxed)
  }

  /// Raises the rows produced to `row`, if it is more.
  ///
  /// - Parameter row: The rows produced so far on this pass.
  package func reach(row: Int) {
    rowCount.max(row, ordering: .relaxed)
  }

  /// Sets the counts to a place reading starts from again; going back in rows starts a new
  /// pass.
  ///
  /// Called by the thread that drives the reading while no other thread raises the counts.
  ///
  /// - Parameters:
  ///   - offset: The input's offset reading starts from.
  ///   - row: The rows before it.
  package func restart(atByte offset: Int, row: Int) {
    if row < rows { passCount.add(1, ordering: .relaxed) }
    byteCount.store(offset, ordering: .relaxed)
    rowCount.store(row, ordering: .relaxed)
  }
}
