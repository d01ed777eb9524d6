/// The rules by which the two threads of a ``ChunkedFileRows`` run share its chunks, as a value
/// with no threads and no locks: which chunk is read next and by whom, which is written next,
/// how far reading may run ahead, and when the run is over.
///
/// Two threads take part. The *writer* (the thread that called the run) writes the chunks'
/// output in order, and reads a chunk itself when it has nothing to write and the window has
/// room; the *reader* (a second thread) only reads chunks. Chunks are numbered from 0 and taken
/// in order, by whichever thread asks first. The rules:
///
/// - A chunk is written only after every chunk before it, whichever thread read it.
/// - At most ``window`` chunks are taken beyond the next one to write: a thread that finds the
///   window full waits until a chunk is written.
/// - A chunk that ends the run (it starts past the file's end, or its reader failed) is written
///   in its turn, like any other, and is the last: no chunk after it is taken, and one already
///   taken is dropped when it is read. The writer is then told the run is finished, and the
///   reader to exit.
/// - The writer may stop the run at any time: the reader exits at its next call, and the writer
///   waits for that before it returns (``stop()``).
/// - The byte arrays of written chunks are kept for their storage (at most ``window`` + 1 of
///   them) and handed out again for the output of chunks to read.
///
/// Every method changes the state under its caller's lock and says what the caller does next.
/// A method whose answer is to wait changes nothing: the caller waits until another call
/// changes the state, then asks again. ``ChunkQueue`` runs it on the threads.
package struct ChunkQueueStateMachine<Chunk> {
  /// What the writer does next.
  package enum WriterAction {
    /// Write this chunk: it is the next in order.
    case write(Chunk)
    /// Read this chunk here, then record it with ``ChunkQueueStateMachine/finishReading(_:with:endsRun:)``.
    case read(Int)
    /// Wait: the next chunk is being read by the reader, and the window is full.
    case wait
    /// The run is over: the chunk that ended it was written, or the run was stopped.
    case finish
  }

  /// What the reader does next.
  package enum ReaderAction: Equatable, Sendable {
    /// Read this chunk, then record it with ``ChunkQueueStateMachine/finishReading(_:with:endsRun:)``.
    case read(Int)
    /// Wait: the window is full.
    case wait
    /// Exit: no chunk is left to read, or the run was stopped.
    case exit
  }

  /// What the writer does after asking the run to stop.
  package enum StopAction: Equatable, Sendable {
    /// Wait: the reader is still reading a chunk, or has not yet seen the stop.
    case waitForReader
    /// Return: the reader has exited.
    case stopped
  }

  /// Where the chunks are, while both threads or the writer alone take part.
  fileprivate struct Progress {
    /// The first chunk no thread has taken.
    var next = 0
    /// The next chunk to write.
    var written = 0
    /// Chunks read and not yet written, by number.
    var read: [Int: Chunk] = [:]
    /// The chunk that ends the run, once one is read.
    var last: Int?
    /// Byte arrays of written chunks, kept for their storage.
    var spares: [[UInt8]] = []

    /// Takes the next chunk if the run has not ended before it and the window has room.
    mutating func take(window: Int) -> Int? {
      if let last, next > last { return nil }
      guard next < written + window else { return nil }
      next += 1
      return next - 1
    }

    /// Whether every chunk up to the one that ends the run has been taken.
    var isAllTaken: Bool { last.map { next > $0 } ?? false }
  }

  fileprivate enum State {
    /// Both threads take part.
    case running(Progress)
    /// The reader has exited, every chunk having been taken; the writer writes what is left.
    case draining(Progress)
    /// The writer stopped the run; the reader has not yet exited.
    case stopping
    /// The run is over and the reader has exited.
    case stopped
    /// Only while a method changes the state, so that its parts are not copied on write.
    case modifying
  }

  /// The chunks that may be taken beyond the next one to write; at least 1.
  package let window: Int
  private var state = State.running(Progress())

  /// A run about to start, with no chunk taken.
  ///
  /// - Parameter window: The chunks that may be taken beyond the next one to write; taken as
  ///   at least 1.
  package init(window: Int) {
    self.window = max(window, 1)
  }

  /// The writer's next step: write the next chunk if it is read, else read one if the window
  /// has room, else wait.
  package mutating func writerNext() -> WriterAction {
    switch state {
    case .running(var progress):
      state = .modifying
      let action = writerNext(in: &progress)
      state = .running(progress)
      return action
    case .draining(var progress):
      state = .modifying
      let action = writerNext(in: &progress)
      state = .draining(progress)
      return action
    case .stopping, .stopped:
      return .finish
    case .modifying:
      preconditionFailure("the chunk queue's state was left half changed")
    }
  }

  private func writerNext(in progress: inout Progress) -> WriterAction {
    if let last = progress.last, progress.written > last { return .finish }
    if let chunk = progress.read.removeValue(forKey: progress.written) {
      progress.written += 1
      return .write(chunk)
    }
    if let index = progress.take(window: window) { return .read(index) }
    return .wait
  }

  /// The reader's next step: read the next chunk if the window has room, else exit if every
  /// chunk is taken or the run was stopped, else wait.
  package mutating func readerNext() -> ReaderAction {
    switch state {
    case .running(var progress):
      state = .modifying
      if let index = progress.take(window: window) {
        state = .running(progress)
        return .read(index)
      }
      if progress.isAllTaken {
        state = .draining(progress)
        return .exit
      }
      state = .running(progress)
      return .wait
    case .stopping:
      state = .stopped
      return .exit
    case .draining, .stopped:
      return .exit
    case .modifying:
      preconditionFailure("the chunk queue's state was left half changed")
    }
  }

  /// Records chunk `index` as read, by either thread.
  ///
  /// - Parameters:
  ///   - index: The chunk, as ``writerNext()`` or ``readerNext()`` gave it.
  ///   - chunk: What reading it gave.
  ///   - endsRun: Whether it ends the run: it starts past the file's end, or its reader
  ///     failed.
  package mutating func finishReading(_ index: Int, with chunk: Chunk, endsRun: Bool) {
    switch state {
    case .running(var progress):
      state = .modifying
      record(index, chunk, endsRun: endsRun, in: &progress)
      state = .running(progress)
    case .draining(var progress):
      state = .modifying
      record(index, chunk, endsRun: endsRun, in: &progress)
      state = .draining(progress)
    case .stopping, .stopped:
      // Nobody will write it.
      break
    case .modifying:
      preconditionFailure("the chunk queue's state was left half changed")
    }
  }

  private func record(_ index: Int, _ chunk: Chunk, endsRun: Bool, in progress: inout Progress) {
    if let last = progress.last, index > last { return }
    progress.read[index] = chunk
    guard endsRun else { return }
    progress.last = index
    // Chunks after it, read before it was, are never written.
    progress.read = progress.read.filter { $0.key <= index }
  }

  /// Asks the run to stop; call it again after each wait until the reader has exited.
  ///
  /// - Returns: Whether to wait for the reader.
  package mutating func stop() -> StopAction {
    switch state {
    case .running:
      state = .stopping
      return .waitForReader
    case .stopping:
      return .waitForReader
    case .draining, .stopped:
      state = .stopped
      return .stopped
    case .modifying:
      preconditionFailure("the chunk queue's state was left half changed")
    }
  }

  /// A written chunk's byte array, for the storage of the next chunk's output; empty when none
  /// is kept.
  package mutating func takeSpareBytes() -> [UInt8] {
    guard case .running(var progress) = state else { return [] }
    state = .modifying
    let spare = progress.spares.popLast() ?? []
    state = .running(progress)
    return spare
  }

  /// Keeps a written chunk's byte array for its storage, unless ``window`` + 1 are kept
  /// already, as many as can be in use at once.
  package mutating func keepSpareBytes(_ bytes: [UInt8]) {
    guard case .running(var progress) = state else { return }
    state = .modifying
    if progress.spares.count <= window { progress.spares.append(bytes) }
    state = .running(progress)
  }
}

extension ChunkQueueStateMachine: Sendable where Chunk: Sendable {}
extension ChunkQueueStateMachine.WriterAction: Sendable where Chunk: Sendable {}
extension ChunkQueueStateMachine.WriterAction: Equatable where Chunk: Equatable {}
extension ChunkQueueStateMachine.Progress: Sendable where Chunk: Sendable {}
extension ChunkQueueStateMachine.State: Sendable where Chunk: Sendable {}
