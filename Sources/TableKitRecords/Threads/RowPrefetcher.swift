import Foundation
import TableKit

/// Reads rows on a thread of its own, in batches ahead of the renderer, so that parsing the
/// input and writing the output run on two cores at once.
///
/// Batches are large (thousands of rows), so the two threads meet rarely: an earlier version
/// handed over 512 rows at a time, and on a busy machine each hand-over waited for the
/// scheduler, which made a million rows ten times slower. Over a pipe, a batch is handed over
/// early, before it is full, when the reader is about to wait for more input
/// (``ByteInput/willRead``), so rows from a slow pipe are shown as they come rather than
/// thousands at a time.
///
/// At most ``depth`` batches wait at any time, so memory stays flat whatever the input's
/// length. A batch holds its rows' values in one flat array (``RecordBatch``), and the renderer
/// gives each batch back once it has drawn it, so its storage is reused and the values in it are
/// freed by the thread that made them. The reader's error comes after the rows read before it.
///
/// It is `@unchecked Sendable` because its parts are shared by rule, not by type: once the
/// thread starts, the reader (and its input) is used only by the reading thread until
/// ``cancel(waiting:)`` or the end of the input; the queue and flags only while holding
/// `condition`'s lock; `pending` only by the reading thread.
final class RowPrefetcher: @unchecked Sendable {
  /// Whether a second thread can help: it cannot on a machine with one processor.
  static let isWorthwhile: Bool = {
    #if canImport(Glibc) || canImport(Darwin)
      return ProcessInfo.processInfo.activeProcessorCount > 1
    #else
      return false
    #endif
  }()

  /// Rows in a full batch.
  let batchSize: Int
  /// Batches that may wait at most.
  let depth: Int

  /// The reader, until the reading thread takes it.
  private var reader: (any RecordReader)?
  private let input: ByteInput?
  private let condition = NSCondition()
  private let width: Int
  private var batches: [RecordBatch] = []
  /// Batches drawn and given back, to be filled again.
  private var spare: [RecordBatch] = []
  private var pending: RecordBatch
  /// Whether ``ByteInput/willRead`` hands over `pending`, which then cannot be lent to the
  /// reader while it reads.
  private let handsOverBeforeReads: Bool
  private var isFinished = false
  private var failure: TableInputError?
  private var isCancelled = false
  private var isRunning = true

  /// Starts reading `reader` on a new thread.
  ///
  /// - Parameters:
  ///   - reader: The reader, positioned where the rows to hand over start, with its columns
  ///     fixed.
  ///   - input: The input the reader reads: over a pipe, its ``ByteInput/willRead`` hands over
  ///     the rows read so far; `nil` to hand over full batches only.
  ///   - batchSize: Rows in a full batch.
  ///   - depth: Batches that may wait at most.
  init(reader: any RecordReader, input: ByteInput?, batchSize: Int = 4_096, depth: Int = 3) {
    self.reader = reader
    self.input = input
    width = reader.columns.count
    pending = RecordBatch(width: width)
    self.batchSize = max(batchSize, 1)
    self.depth = max(depth, 1)
    // A file's reads do not wait for a writer: its batches are handed over when full.
    handsOverBeforeReads = input.map { !$0.isRewindable } ?? false
    if handsOverBeforeReads {
      input?.willRead = { [unowned self] in
        guard pending.rowCount > 0 else { return }
        hand(over: false, error: nil)
      }
    }
    let thread = Thread { [self] in self.run() }
    thread.name = "tablekit reader"
    thread.start()
  }

  /// The reading thread: fills batches until the input ends, fails, or
  /// ``cancel(waiting:)`` is called.
  private func run() {
    // The reader is local while rows are read: a class's properties are checked for
    // exclusive access on every use.
    guard var reader = reader.take() else { return }
    var row: [CellValue] = []
    row.reserveCapacity(width)
    while true {
      var error: TableInputError?
      var ended: Bool
      do {
        ended =
          handsOverBeforeReads
          ? try fillPendingRowByRow(from: &reader, through: &row)
          : try fillPendingInPlace(from: &reader)
      } catch let caught {
        error = caught
        ended = true
      }
      if !hand(over: ended, error: error) || ended { return }
    }
  }

  /// Over a file: reads rows straight into `pending`, moved into a local while it fills.
  ///
  /// - Returns: Whether the input ended.
  private func fillPendingInPlace(from reader: inout any RecordReader) throws(TableInputError)
    -> Bool
  {
    var batch = RecordBatch(width: width)
    swap(&batch, &pending)
    defer { swap(&batch, &pending) }
    batch.reserveCapacity(rows: batchSize)
    while batch.rowCount < batchSize {
      guard try batch.read(from: &reader) else { return true }
    }
    return false
  }

  /// Over a pipe: reads each row into `row`, reused, then copies it into `pending`, which is
  /// not lent to the reader here because the reader may hand it over while it reads.
  ///
  /// - Returns: Whether the input ended.
  private func fillPendingRowByRow(
    from reader: inout any RecordReader, through row: inout [CellValue]
  ) throws(TableInputError) -> Bool {
    while pending.rowCount < batchSize {
      row.removeAll(keepingCapacity: true)
      guard try reader.appendNext(to: &row, width: width) else { return true }
      pending.append(row)
    }
    return false
  }

  /// Queues `pending` (waiting for room), and the end of the rows when `ended`; on the reading
  /// thread only.
  ///
  /// - Returns: `false` when the prefetcher was cancelled.
  @discardableResult
  private func hand(over ended: Bool, error: TableInputError?) -> Bool {
    var next: RecordBatch?
    do {
      condition.lock()
      defer { condition.unlock() }
      while batches.count >= depth && !isCancelled { condition.wait() }
      if isCancelled {
        isRunning = false
        input?.willRead = nil
        condition.broadcast()
        return false
      }
      if pending.rowCount > 0 {
        batches.append(pending)
        pending = RecordBatch(width: width)
        next = spare.popLast()
      }
      if ended {
        isFinished = true
        failure = error
        isRunning = false
        input?.willRead = nil
      }
      condition.broadcast()
    }
    // Emptied here, on the thread that made the values, outside the lock.
    if var emptied = next.take() {
      emptied.removeAll()
      pending = emptied
    }
    return true
  }

  /// The next batch, waiting for it; `nil` after the last.
  ///
  /// - Parameter drawn: The batch drawn before, given back to be filled again.
  /// - Returns: The batch, or `nil` after the last.
  /// - Throws: The reader's error, after the batches read before it.
  func nextBatch(givingBack drawn: consuming RecordBatch?) throws(TableInputError)
    -> RecordBatch?
  {
    condition.lock()
    defer { condition.unlock() }
    if let drawn, spare.count < depth { spare.append(drawn) }
    while batches.isEmpty && !isFinished { condition.wait() }
    if !batches.isEmpty {
      let batch = batches.removeFirst()
      condition.broadcast()
      return batch
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops the reading thread at its next hand-over.
  ///
  /// - Parameter waiting: Whether to wait until it has stopped, as before the input is read
  ///   again from its start. Over a file that is at most one batch's reading; over a pipe it
  ///   could be as long as the pipe stays silent, which is why a source that is going away does
  ///   not wait.
  func cancel(waiting: Bool) {
    condition.lock()
    defer { condition.unlock() }
    isCancelled = true
    condition.broadcast()
    while waiting && isRunning { condition.wait() }
  }
}
