import Foundation
import TableKit
import TableKitFiles

/// Reads rows on a thread of its own, in batches ahead of the renderer, so that parsing the
/// input and writing the output run on two cores at once.
///
/// Batches are large (thousands of rows; wide rows fill a batch sooner, see
/// ``rowsPerBatch(asked:width:)``), so the two threads meet rarely: an earlier version
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
/// The rules of the hand-over are ``RowPrefetcherStateMachine``'s; this class keeps it behind a
/// ``Locked`` and runs its answers for the renderer, and the reading thread
/// (``RowPrefetcher/Reading``) runs them for the reader.
package final class RowPrefetcher: Sendable {
  /// The machine, for batches of records.
  typealias Machine = RowPrefetcherStateMachine<RecordBatch>

  /// Whether a second thread can help: it cannot on a machine with one processor.
  static let isWorthwhile: Bool = {
    #if canImport(Glibc) || canImport(Darwin)
      return ProcessInfo.processInfo.activeProcessorCount > 1
    #else
      return false
    #endif
  }()

  /// Values a full batch holds at most: a batch of wide rows holds fewer of them, so the
  /// batches waiting take about the same memory whatever the width (4,096 rows of four columns).
  package static let valuesPerBatch = 16_384
  /// Rows a full batch holds at least, however wide: hand-overs stay rare (see above).
  package static let minimumBatchRows = 256

  /// Rows in a full batch.
  let batchSize: Int
  /// Batches that may wait at most.
  let depth: Int
  private let machine: Locked<Machine>

  /// Starts reading `reader` on a new thread.
  ///
  /// - Parameters:
  ///   - reader: The reader, positioned where the rows to hand over start, with its columns
  ///     fixed. From here on only the reading thread uses it, and its input, until
  ///     ``cancel(waiting:)`` has waited for the thread to stop or the rows are over.
  ///   - input: The input the reader reads: over a pipe, its ``ByteInput/willRead`` hands over
  ///     the rows read so far; `nil` to hand over full batches only.
  ///   - batchSize: Rows in a full batch, at most: fewer when the rows are wide (at most
  ///     ``valuesPerBatch`` values, and ``minimumBatchRows`` rows at least).
  ///   - depth: Batches that may wait at most.
  init(reader: any RecordReader, input: ByteInput?, batchSize: Int = 4_096, depth: Int = 3) {
    self.batchSize = Self.rowsPerBatch(asked: batchSize, width: reader.columns.count)
    self.depth = max(depth, 1)
    machine = Locked(Machine(depth: self.depth))
    let handOff = ThreadHandOff(
      reading: Reading(reader: reader, input: input, batchSize: self.batchSize, prefetcher: self))
    let thread = Thread { handOff.reading.run() }
    thread.name = "tablekit reader"
    thread.start()
  }

  /// The rows a full batch holds: `asked`, or fewer when `width` values a row would make the
  /// batch hold more than ``valuesPerBatch`` values (but never fewer than ``minimumBatchRows``
  /// rows, nor than `asked` when it is below that).
  package static func rowsPerBatch(asked: Int, width: Int) -> Int {
    let bounded = max(valuesPerBatch / max(width, 1), minimumBatchRows)
    return max(1, min(asked, bounded))
  }

  /// The next batch, waiting for it; `nil` after the last, or once cancelled.
  ///
  /// - Parameter drawn: The batch drawn before, given back to be filled again.
  /// - Returns: The batch, or `nil` after the last.
  /// - Throws: The reader's error, after the batches read before it.
  func nextBatch(givingBack drawn: consuming RecordBatch?) throws(TableInputError)
    -> RecordBatch?
  {
    if let drawn { machine.withLock { $0.giveBack(drawn) } }
    let action = machine.next(
      { $0.rendererNext() }, waitingWhile: { if case .wait = $0 { true } else { false } })
    switch action {
    case .draw(let batch): return batch
    case .end, .wait: return nil
    case .fail(let error): throw error
    }
  }

  /// Stops the reading thread at its next hand-over.
  ///
  /// - Parameter waiting: Whether to wait until it has stopped, as before the input is read
  ///   again from its start. Over a file that is at most one batch's reading; over a pipe it
  ///   could be as long as the pipe stays silent, which is why a source that is going away does
  ///   not wait.
  func cancel(waiting: Bool) {
    // The first call changes the state, so it wakes the reader; the later ones only look.
    guard machine.withLock({ $0.cancel() }) == .waitForReader, waiting else { return }
    _ = machine.next({ $0.cancel() }, waitingWhile: { $0 == .waitForReader })
  }

  /// Hands the reading thread's batch over, waiting while the queue is full; on the reading
  /// thread only.
  ///
  /// - Parameters:
  ///   - batch: The rows, or `nil`; once taken, replaced by a batch given back, or `nil`.
  ///   - ending: How the reading ended; `nil` if it reads on.
  ///   - stopping: Run under the lock when the answer is to stop, before the renderer can
  ///     learn that the reader stopped: what the reader must undo before it lets go of its
  ///     input.
  /// - Returns: Whether to read on or stop.
  func handOver(
    _ batch: inout RecordBatch?, ending: Machine.Ending?, stopping: () -> Void
  ) -> Machine.HandOverAction {
    machine.next(
      { machine in
        let action = machine.handOver(&batch, ending: ending)
        if action == .stop { stopping() }
        return action
      }, waitingWhile: { $0 == .wait })
  }
}

/// The reading thread's part, carried into the thread that uses it from then on.
///
/// It is `@unchecked Sendable` because the reader and its input move by rule, not by type: the
/// data source that owns them lends them for the thread's life and touches them again only once
/// ``RowPrefetcher/cancel(waiting:)`` has waited for the thread to stop (the reader cannot be
/// `sending` while a class's property holds it). Everything the two threads share is in the
/// prefetcher's ``Locked``, checked.
private struct ThreadHandOff: @unchecked Sendable {
  let reading: RowPrefetcher.Reading
}
