#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PatchedDirectory {
  /// Moves the staged files into place, removes the files no longer written, and records the
  /// new manifest.
  ///
  /// In order: the new manifest is written into the staging folder (when any file was added
  /// or removed or a fingerprint changed); the staged files and the manifest are synced (one
  /// `syncfs(2)` on Linux, each file as it closed elsewhere); the journal (`Journal`) is
  /// written beside the marker under a second name, synced and renamed into place, and the
  /// folder synced. Then each staged file is renamed over its target, the old files that were
  /// neither kept nor written are removed with the folders that leaves empty, the manifest is
  /// renamed over the old one, everything is synced, and the journal and the staging folder
  /// are removed. Nothing staged and nothing to remove or record: nothing is done.
  ///
  /// Call it once; a second call returns the same counts and does nothing. The lock on the
  /// marker is dropped when it returns or throws.
  ///
  /// - Returns: How many files were written, left unchanged and removed.
  /// - Throws: ``SafeWriteError``. Before the journal is in place (any operation but
  ///   ``SafeWriteError/Operation/finishPatch``) the folder is as it was and the staging
  ///   folder is removed; ``SafeWriteError/Operation/finishPatch`` means the journal is in
  ///   place and the next ``open(at:protecting:)`` finishes it.
  @discardableResult
  package func commit() throws(SafeWriteError) -> Counts {
    defer { unlock() }
    guard !isFinished else { return counts }
    let order = manifest.indicesInFileOrder()
    var removals: [[UInt8]] = []
    for index in order where !isSeen(index) { removals.append(Array(manifest.path(at: index))) }
    counts.removed = removals.count
    let rewritesManifest = fingerprintsChanged || !added.isEmpty || !removals.isEmpty
    guard !staged.isEmpty || rewritesManifest else {
      isFinished = true
      return counts
    }
    let journal = Journal(renames: staged, removals: removals)
    let journalPath = path + "/" + Self.journalName
    let pending = journalPath + ".new"
    do throws(SafeWriteError) {
      try SafeWrite.attempt(.write, on: reportedPath + "/" + SiteManifest.fileName) {
        () throws(Errno) in
        _ = try openStaging()
        if rewritesManifest { try writeManifest(in: order) }
      }
      try SafeWrite.attempt(.synchronize, on: reportedPath) { () throws(Errno) in
        if synchronizesFileSystem { _ = try SystemCalls.synchronizeFileSystem(containing: path) }
      }
      try SafeWrite.attempt(.write, on: reportedPath + "/" + Self.journalName) {
        () throws(Errno) in
        try write(journal, at: pending)
      }
    } catch {
      discardStaging()
      SafeWrite.discard(pending)
      isFinished = true
      throw error
    }
    // The journal's rename and the staging folder's release happen under the registry's lock:
    // a termination signal either removes both before the journal stands, or neither.
    let stagingPath = path + "/" + Self.stagingName
    let placed = SafeWrite.withTemporaries { registry in
      let placed = Result { () throws(Errno) in try SystemCalls.rename(pending, journalPath) }
      if case .success = placed {
        registry[stagingPath] = nil
        registry[pending] = nil
      }
      return placed
    }
    isFinished = true
    if case .failure(let error) = placed {
      discardStaging()
      SafeWrite.discard(pending)
      throw SafeWriteError(path: reportedPath, operation: .rename, code: error.code)
    }
    try SafeWrite.attempt(.finishPatch, on: reportedPath) { () throws(Errno) in
      try SystemCalls.fsync(folder)
      try journal.apply(in: folder, at: path, synchronizesFileSystem: synchronizesFileSystem)
    }
    return counts
  }

  /// Writes the new manifest into the staging folder: the kept and written files of the old
  /// one in its order, then the new files in the order they were written.
  private func writeManifest(in order: [Int]) throws(Errno) {
    let writer = try SiteManifest.Writer(
      creatingAt: path + "/" + Self.stagingName + "/" + SiteManifest.fileName)
    manifest.paths.withUnsafeBytes { all in
      for index in order where isSeen(index) {
        let entry = manifest.entries[index]
        let start = Int(entry.offset)
        writer.record(
          UnsafeRawBufferPointer(rebasing: all[start..<start + entry.length]),
          fingerprint: entry.fingerprint)
      }
    }
    for file in added {
      file.path.withUnsafeBytes { writer.record($0, fingerprint: file.fingerprint) }
    }
    try writer.finish(synchronizes: !synchronizesFileSystem)
  }

  /// Writes `journal` to the file at `pending` (registered for removal) and syncs it.
  private func write(_ journal: Journal, at pending: String) throws(Errno) {
    let descriptor = try SafeWrite.withTemporaries { registry in
      let opened = Result { () throws(Errno) in
        try SystemCalls.open(
          pending, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
      }
      if case .success = opened { registry[pending] = .file }
      return opened
    }.get()
    do throws(Errno) {
      try journal.encoded.withUnsafeBytes { bytes in
        Result { () throws(Errno) in try SystemCalls.writeAll(descriptor, bytes) }
      }.get()
      try SystemCalls.fsync(descriptor)
    } catch {
      try? SystemCalls.close(descriptor)
      throw error
    }
    try SystemCalls.close(descriptor)
  }
}
