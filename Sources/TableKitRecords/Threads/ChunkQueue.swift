import Foundation
import TableKitFiles
import TableRender

/// The chunks of one ``ChunkedFileRows`` run, shared by its two threads: the run's
/// ``ChunkQueueStateMachine`` behind a ``Locked``, and the plan both threads read chunks by.
///
/// The rules (which chunk is read next, which is written next, the window, the chunk that ends
/// the run, the stop) are the machine's; this class runs its answers on the threads: it waits
/// where the machine says to wait, and reads a chunk where it says to read one.
final class ChunkQueue<Consumer: RowConsumer>: Sendable {
  /// The machine, for chunks read for this run's consumer.
  typealias Machine = ChunkQueueStateMachine<ChunkedFileRows.Chunk<Consumer>>

  /// How chunks are cut and read.
  let plan: ChunkedFileRows
  /// The consumer each chunk's reading copies.
  let prototype: Consumer
  private let machine: Locked<Machine>

  /// The queue of a run about to start.
  init(plan: ChunkedFileRows, prototype: Consumer) {
    self.plan = plan
    self.prototype = prototype
    machine = Locked(Machine(window: plan.window))
  }

  /// The writing thread's next step, waiting while the machine says to: write the next chunk,
  /// read one, or finish.
  func writerNext() -> Machine.WriterAction {
    machine.next({ $0.writerNext() }, waitingWhile: { if case .wait = $0 { true } else { false } })
  }

  /// Reads chunk `index` on this thread and records it.
  func read(_ index: Int) {
    let chunk = plan.process(index, prototype: prototype, reusing: spareBytes())
    machine.withLock {
      // A chunk that failed may have been read from a cut inside a record: the writer reads it
      // again from the true boundary, and only then knows whether it ends the run.
      $0.finishReading(index, with: chunk, endsRun: chunk.isPastEnd)
    }
  }

  /// The second thread: reads chunks until none is left or the run stops.
  func work() {
    while case .read(let index) = machine.next({ $0.readerNext() }, waitingWhile: { $0 == .wait }) {
      read(index)
    }
  }

  /// Keeps `bytes`' storage for a later chunk, leaving `bytes` empty.
  func recycle(_ bytes: inout [UInt8]) {
    var kept: [UInt8] = []
    swap(&kept, &bytes)
    machine.withLock { $0.keepSpareBytes(kept) }
  }

  /// Stops the second thread and waits until it has exited.
  func stopAndWait() {
    // The first call changes the state, so it wakes the reader; the later ones only look.
    guard machine.withLock({ $0.stop() }) == .waitForReader else { return }
    _ = machine.next({ $0.stop() }, waitingWhile: { $0 == .waitForReader })
  }

  /// A written chunk's byte array, for the storage of the next chunk's output; empty if none.
  private func spareBytes() -> [UInt8] {
    machine.withLock { $0.takeSpareBytes() }
  }
}
