#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SiteManifest {
  /// Writes a manifest file as its files are recorded, from any thread, in the order they are
  /// recorded: the lines go out in 64 KiB chunks, so a folder of any size costs no more memory.
  ///
  /// ```swift
  /// let writer = try SiteManifest.Writer(creatingAt: staged + "/" + SiteManifest.fileName)
  /// writer.record("index.html", fingerprint: fingerprint)
  /// try writer.finish(synchronizes: false)
  /// ```
  ///
  /// A failed write is kept and thrown by ``finish(synchronizes:)``; the files recorded after it
  /// are dropped.
  package final class Writer: Sendable {
    private struct State: Sendable {
      var buffer: [UInt8] = []
      var descriptor: Int32?
      var count = 0
      var failure: Errno?
    }

    private let state: Locked<State>

    /// Creates the manifest file at `path` (nothing may be there) and writes its version line.
    ///
    /// - Parameter path: The file to create.
    /// - Throws: ``Errno`` of the creation.
    package init(creatingAt path: String) throws(Errno) {
      let descriptor = try SystemCalls.open(
        path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      var state = State(descriptor: descriptor)
      state.buffer.reserveCapacity(1 << 16)
      state.buffer.append(contentsOf: SiteManifest.versionLine)
      self.state = Locked(state)
    }

    deinit {
      if let descriptor = state.withLock({ $0.descriptor }) { try? SystemCalls.close(descriptor) }
    }

    /// Adds the file at `path` with its fingerprint.
    ///
    /// - Parameters:
    ///   - path: Its path relative to the folder, carried as ``BytePath`` does.
    ///   - fingerprint: What it was made from, or `nil` when the writer did not say.
    package func record(_ path: String, fingerprint: InputFingerprint?) {
      SiteManifest.withBytes(of: path) { record($0, fingerprint: fingerprint) }
    }

    /// Adds the file at `path` (its bytes) with its fingerprint.
    func record(_ path: UnsafeRawBufferPointer, fingerprint: InputFingerprint?) {
      state.withLock { state in
        guard state.failure == nil else { return }
        SiteManifest.appendLine(path, fingerprint: fingerprint, to: &state.buffer)
        state.count += 1
        if state.buffer.count >= 1 << 16 { Self.flush(&state) }
      }
    }

    /// Writes the closing line and closes the file, syncing it first when `synchronizes`.
    ///
    /// - Parameter synchronizes: Whether to `fsync` the file (a caller that syncs the file
    ///   system later does not).
    /// - Throws: ``Errno`` of the first failed write, the sync or the close.
    package func finish(synchronizes: Bool) throws(Errno) {
      let failure = state.withLock { state -> Errno? in
        state.buffer.append(contentsOf: SiteManifest.closingLine(count: state.count))
        Self.flush(&state)
        guard let descriptor = state.descriptor else { return state.failure ?? Errno(EBADF) }
        state.descriptor = nil
        if state.failure == nil, synchronizes {
          do throws(Errno) { try SystemCalls.fsync(descriptor) } catch { state.failure = error }
        }
        do throws(Errno) {
          try SystemCalls.close(descriptor)
        } catch {
          if state.failure == nil { state.failure = error }
        }
        return state.failure
      }
      if let failure { throw failure }
    }

    /// Writes the buffered lines out, keeping the first failure.
    private static func flush(_ state: inout State) {
      defer { state.buffer.removeAll(keepingCapacity: true) }
      guard state.failure == nil, let descriptor = state.descriptor else { return }
      do throws(Errno) {
        try state.buffer.withUnsafeBytes { bytes in
          Result { () throws(Errno) in try SystemCalls.writeAll(descriptor, bytes) }
        }.get()
      } catch {
        state.failure = error
      }
    }
  }
}
