import Foundation
import TableKit

/// Reads rows on a thread of its own, a few batches ahead of the renderer, so reading the input
/// and writing the output run on two cores at once.
///
/// At most ``depth`` batches of ``batchSize`` rows wait at any time, so memory stays flat
/// whatever the input's length. The reader's error, if any, comes after the rows read before
/// it.
///
/// It is `@unchecked Sendable` because its parts are shared by rule, not by type: the reader is
/// used only by the reading thread once it starts, and everything else only while holding
/// `condition`'s lock.
final class RowPrefetcher: @unchecked Sendable {
  /// Rows in each batch handed over.
  let batchSize: Int
  /// Batches that may wait at most.
  let depth: Int

  private var reader: any RecordReader
  private let condition = NSCondition()
  private var batches: [[[CellValue]]] = []
  private var isFinished = false
  private var failure: TableInputError?
  private var isCancelled = false
  private var isRunning = true

  /// Starts reading `reader` on a new thread.
  ///
  /// - Parameters:
  ///   - reader: The reader, positioned where the rows to hand over start.
  ///   - batchSize: Rows in each batch.
  ///   - depth: Batches that may wait at most.
  init(reader: any RecordReader, batchSize: Int = 512, depth: Int = 4) {
    self.reader = reader
    self.batchSize = batchSize
    self.depth = depth
    let thread = Thread { [self] in self.run() }
    thread.name = "tablekit reader"
    thread.start()
  }

  /// The reading thread: fills batches until the input ends, fails, or ``cancel()`` is called.
  private func run() {
    while true {
      var batch: [[CellValue]] = []
      batch.reserveCapacity(batchSize)
      var error: TableInputError?
      var ended = false
      do {
        while batch.count < batchSize {
          guard let row = try reader.next() else {
            ended = true
            break
          }
          batch.append(row)
        }
      } catch let caught {
        error = caught
        ended = true
      }
      condition.lock()
      while batches.count >= depth && !isCancelled { condition.wait() }
      if isCancelled {
        isRunning = false
        condition.broadcast()
        condition.unlock()
        return
      }
      if !batch.isEmpty { batches.append(batch) }
      if ended {
        isFinished = true
        failure = error
        isRunning = false
      }
      condition.broadcast()
      condition.unlock()
      if ended { return }
    }
  }

  /// The next batch, waiting for it; `nil` after the last.
  ///
  /// - Throws: The reader's error, after the batches read before it.
  func nextBatch() throws(TableInputError) -> [[CellValue]]? {
    condition.lock()
    defer { condition.unlock() }
    while batches.isEmpty && !isFinished { condition.wait() }
    if !batches.isEmpty {
      let batch = batches.removeFirst()
      condition.broadcast()
      return batch
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops the reading thread and waits until it has.
  func cancel() {
    condition.lock()
    isCancelled = true
    condition.broadcast()
    while isRunning { condition.wait() }
    condition.unlock()
  }
}
