import Foundation

extension StagedDirectory {
  /// Files handed over to be written into a staged folder by a thread of their own, so that
  /// making the next file's bytes and the system's work of creating the last one overlap.
  ///
  /// ```swift
  /// let writes = StagedDirectory.QueuedWrites(into: folder)
  /// try writes.write("index.html", bytes)   // returns once queued
  /// let stored = try writes.finish()        // waits for every file
  /// ```
  ///
  /// Files are written in the order they were queued, each with
  /// ``StagedDirectory/writeFile(_:contents:failure:)`` (so an unchanged file of the replaced
  /// site is linked). At most `capacity` bytes wait at once (one file at least), so memory
  /// stays bounded. The first
  /// failure stops the writing: the files queued after it are dropped, the next
  /// ``write(_:_:)`` throws it, and so does ``finish()``. Call ``finish()`` before the staged
  /// folder goes away, on every path: it waits for the thread.
  package final class QueuedWrites: Sendable {
    /// What the writer thread and the callers share.
    private struct State: Sendable {
      var queue: [(path: String, bytes: [UInt8], fingerprint: InputFingerprint?)] = []
      var first = 0
      var queuedBytes = 0
      var isClosed = false
      var isDone = false
      var failure: SafeWriteError?
      var stored = StoredFiles()
    }

    /// What a step of the queue decided.
    private enum Step: Sendable {
      case wait
      case proceed
      case failed(SafeWriteError)
      case file(path: String, bytes: [UInt8], fingerprint: InputFingerprint?)
    }

    private let state = Locked(State())
    private let capacity: Int

    /// Starts the writer thread for `folder`.
    ///
    /// - Parameters:
    ///   - folder: The staged folder.
    ///   - capacity: How many bytes may wait to be written (more when one file is larger).
    package init(into folder: StagedDirectory, capacity: Int = 1 << 20) {
      self.capacity = max(1, capacity)
      let thread = Thread { [state] in Self.drain(state, into: folder) }
      thread.name = "tablekit staged writes"
      thread.start()
    }

    /// Queues `bytes` to be written at `path`, waiting while the queue is full; `fingerprint`
    /// is recorded with the file in the folder's manifest.
    ///
    /// - Throws: The failure of a file queued earlier, if one failed.
    package func write(
      _ path: String, _ bytes: [UInt8], fingerprint: InputFingerprint? = nil
    ) throws(SafeWriteError) {
      let capacity = capacity
      let step = state.next(
        { state -> Step in
          if let failure = state.failure { return .failed(failure) }
          let isEmpty = state.first == state.queue.count
          guard isEmpty || state.queuedBytes + bytes.count <= capacity else { return .wait }
          state.queue.append((path, bytes, fingerprint))
          state.queuedBytes += bytes.count
          return .proceed
        }, waitingWhile: Self.isWait)
      if case .failed(let failure) = step { throw failure }
    }

    /// Waits until every queued file is written and the thread has ended.
    ///
    /// - Returns: How the files were stored.
    /// - Throws: The first failure.
    package func finish() throws(SafeWriteError) -> StoredFiles {
      _ = state.next(
        { state -> Step in
          state.isClosed = true
          return .proceed
        }, waitingWhile: Self.isWait)
      let step = state.next(
        { state -> Step in
          guard state.isDone else { return .wait }
          return state.failure.map(Step.failed) ?? .proceed
        }, waitingWhile: Self.isWait)
      if case .failed(let failure) = step { throw failure }
      return state.withLock { $0.stored }
    }

    private static func isWait(_ step: Step) -> Bool {
      if case .wait = step { true } else { false }
    }

    /// The writer thread: takes each file in turn until the queue is closed and empty.
    private static func drain(_ state: Locked<State>, into folder: StagedDirectory) {
      while true {
        let step = state.next(
          { state -> Step in
            guard state.first < state.queue.count else {
              if state.isClosed {
                state.isDone = true
                return .proceed
              }
              return .wait
            }
            let file = state.queue[state.first]
            state.first += 1
            state.queuedBytes -= file.bytes.count
            // Drop the taken files now and then, not on every take.
            if state.first >= 64, state.first * 2 >= state.queue.count {
              state.queue.removeFirst(state.first)
              state.first = 0
            }
            return .file(path: file.path, bytes: file.bytes, fingerprint: file.fingerprint)
          }, waitingWhile: isWait)
        guard case .file(let path, let bytes, let fingerprint) = step else { return }
        do throws(SafeWriteError) {
          let storage = try folder.writeFile(
            path, contents: bytes, fingerprint: fingerprint, failure: { $0 })
          state.withLock { $0.stored.count(storage) }
        } catch {
          state.withLock { state in
            if state.failure == nil { state.failure = error }
            state.queue.removeAll()
            state.first = 0
            state.queuedBytes = 0
          }
        }
      }
    }
  }
}
