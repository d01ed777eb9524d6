/// The rules by which a ``RowPrefetcher``'s reading thread hands batches of rows to the
/// renderer, as a value with no threads and no locks.
///
/// Two threads take part: the *reader* fills batches and hands them over; the *renderer* takes
/// them in order and gives each back once drawn. The rules:
///
/// - Batches are taken in the order they were handed over.
/// - At most ``depth`` batches wait: the reader, with a batch to hand over and the queue full,
///   waits until the renderer takes one. The renderer, finding the queue empty while the reader
///   reads, waits until a batch comes or the reading ends.
/// - The reader's last hand-over says how the reading ended: at the end of the input, or with
///   an error. Its batch (the rows read before the end) is taken first; after the last batch
///   the renderer is told the rows are over, or given the error (every time it asks again).
/// - A batch given back is kept, at most ``depth`` of them, and given to the reader in exchange
///   for its next full one, so that its storage is filled again.
/// - The renderer may cancel at any time: the reader stops at its next hand-over (its batch is
///   dropped), and the renderer may wait for that (``cancel()``); after a cancel the renderer
///   is told the rows are over.
///
/// Every method changes the state under its caller's lock and says what the caller does next.
/// A method whose answer is to wait changes nothing: the caller waits until another call
/// changes the state, then asks again. ``RowPrefetcher`` runs it on the threads.
package struct RowPrefetcherStateMachine<Batch> {
  /// How the reading ended, told with the reader's last hand-over.
  package enum Ending: Equatable, Sendable {
    /// The input ended.
    case endOfInput
    /// The reader failed; the rows before the error were handed over.
    case failure(TableInputError)
  }

  /// What the reader does after offering a batch.
  package enum HandOverAction: Equatable, Sendable {
    /// Wait and offer it again: the queue is full. The batch was not taken.
    case wait
    /// Read on: the batch was taken, and a batch given back put in its place when one was kept.
    case readOn
    /// Stop reading: the reading ended with this hand-over, or the renderer cancelled (then the
    /// batch was not taken).
    case stop
  }

  /// What the renderer does next.
  package enum RendererAction {
    /// Draw this batch: the next in order.
    case draw(Batch)
    /// Wait: the reader is still reading the next batch.
    case wait
    /// Stop: every row was handed over, or the renderer cancelled.
    case end
    /// Report the reader's error: every row read before it was handed over.
    case fail(TableInputError)
  }

  /// What the renderer does after cancelling.
  package enum CancelAction: Equatable, Sendable {
    /// Wait, if it must know the reader stopped: the reader is between two hand-overs.
    case waitForReader
    /// Go on: the reader has stopped.
    case stopped
  }

  fileprivate enum State {
    /// The reader reads; the batches it handed over wait in order, with batches given back.
    case reading(waiting: [Batch], spares: [Batch])
    /// The reader has stopped at the end of the input or at an error; the batches it handed
    /// over wait in order.
    case ended(waiting: [Batch], failure: TableInputError?)
    /// The renderer cancelled; the reader has not yet stopped.
    case cancelled
    /// The renderer cancelled and the reader has stopped.
    case stopped
    /// Only while a method changes the state, so that its parts are not copied on write.
    case modifying
  }

  /// Batches that may wait at most; at least 1.
  package let depth: Int
  private var state = State.reading(waiting: [], spares: [])

  /// A reader about to start.
  ///
  /// - Parameter depth: Batches that may wait at most; taken as at least 1.
  package init(depth: Int) {
    self.depth = max(depth, 1)
  }

  /// The reader hands over `batch` (`nil` when it has no rows to hand over), and tells how the
  /// reading ended if it did.
  ///
  /// - Parameters:
  ///   - batch: The rows; once taken, replaced by a batch given back, or `nil`.
  ///   - ending: How the reading ended; `nil` if the reader reads on.
  /// - Returns: Whether the reader waits, reads on or stops.
  package mutating func handOver(_ batch: inout Batch?, ending: Ending?) -> HandOverAction {
    switch state {
    case .reading(var waiting, var spares):
      if batch != nil && waiting.count >= depth { return .wait }
      state = .modifying
      if let full = batch.take() {
        waiting.append(full)
        batch = spares.popLast()
      }
      switch ending {
      case nil:
        state = .reading(waiting: waiting, spares: spares)
        return .readOn
      case .endOfInput:
        state = .ended(waiting: waiting, failure: nil)
        return .stop
      case .failure(let error):
        state = .ended(waiting: waiting, failure: error)
        return .stop
      }
    case .cancelled:
      state = .stopped
      return .stop
    case .ended, .stopped:
      // It stopped already.
      return .stop
    case .modifying:
      preconditionFailure("the prefetcher's state was left half changed")
    }
  }

  /// The renderer gives back a batch it has drawn, to be filled again.
  package mutating func giveBack(_ batch: Batch) {
    guard case .reading(let waiting, var spares) = state else { return }
    state = .modifying
    if spares.count < depth { spares.append(batch) }
    state = .reading(waiting: waiting, spares: spares)
  }

  /// The renderer's next step: draw the next batch, wait for it, or stop or fail after the last.
  package mutating func rendererNext() -> RendererAction {
    switch state {
    case .reading(var waiting, let spares):
      guard !waiting.isEmpty else { return .wait }
      state = .modifying
      let batch = waiting.removeFirst()
      state = .reading(waiting: waiting, spares: spares)
      return .draw(batch)
    case .ended(var waiting, let failure):
      guard !waiting.isEmpty else { return failure.map { .fail($0) } ?? .end }
      state = .modifying
      let batch = waiting.removeFirst()
      state = .ended(waiting: waiting, failure: failure)
      return .draw(batch)
    case .cancelled, .stopped:
      return .end
    case .modifying:
      preconditionFailure("the prefetcher's state was left half changed")
    }
  }

  /// The renderer cancels; call it again after each wait until the reader has stopped.
  ///
  /// - Returns: Whether the reader has stopped.
  package mutating func cancel() -> CancelAction {
    switch state {
    case .reading:
      state = .cancelled
      return .waitForReader
    case .cancelled:
      return .waitForReader
    case .ended, .stopped:
      state = .stopped
      return .stopped
    case .modifying:
      preconditionFailure("the prefetcher's state was left half changed")
    }
  }
}

extension RowPrefetcherStateMachine: Sendable where Batch: Sendable {}
extension RowPrefetcherStateMachine.RendererAction: Sendable where Batch: Sendable {}
extension RowPrefetcherStateMachine.RendererAction: Equatable where Batch: Equatable {}
extension RowPrefetcherStateMachine.State: Sendable where Batch: Sendable {}
