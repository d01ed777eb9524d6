#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SafeWrite {
  /// Replaces the folder at `path` atomically: a filled temporary sibling folder takes its place
  /// in one step, and the old tree is removed.
  ///
  /// It never deletes what it did not write. Before anything is staged, it refuses (with
  /// ``SafeWriteError/Operation/refuse(_:)``, `path` untouched) to replace the current
  /// directory or a folder above it, a folder holding one of `inputs`, and, unless
  /// `replacesForeignFolder`, a non-empty folder without the ``writtenMarker`` file that every
  /// folder it writes holds at its root. Nothing at `path`, or an empty folder, is always
  /// replaceable.
  ///
  /// `fill` fills a fresh temporary sibling folder (`.NAME.tablekit-XXXXXX`, mode of the old
  /// folder or `0755` less the umask), which already holds the ``writtenMarker`` file; each
  /// file is synced as it is closed. Each file written is listed, with the fingerprint its
  /// writer gave, in a hidden manifest beside the marker (`.tablekit-manifest`), which lets a
  /// later export update the folder in place (<doc:UpdatingAFolderInPlace>). On success every folder of the new tree is synced and the
  /// new folder is swapped into place:
  ///
  /// - Linux: `renameat2(…, RENAME_EXCHANGE)`; Darwin: `renamex_np(…, RENAME_SWAP)`. One call
  ///   swaps the two names, so a reader opening a path under `path` finds the whole old tree or
  ///   the whole new one, never a mix, and stale files of the old tree cannot survive.
  /// - Fallback, where the system or the file system has no swap (`EINVAL`, `ENOSYS`,
  ///   `ENOTSUP`): the old folder is renamed to a second hidden sibling, then the new one to
  ///   `path`. Between the two renames (microseconds) `path` does not exist; a reader still never
  ///   sees a mix. A process killed outright between them leaves the old tree in the hidden
  ///   sibling rather than at `path`.
  /// - When nothing is at `path` yet, the new folder is renamed there (`rename(2)`).
  ///
  /// Then the old tree, now in the temporary's place, is removed, and the parent folder synced.
  /// On any thrown error the temporary folder is removed and `path` is untouched; the error is
  /// rethrown unchanged. Two writers at once leave one whole tree: each swap is atomic, and
  /// each writer removes the tree it swapped out.
  ///
  /// A process killed outright (`SIGKILL`, a power cut) leaves its staged folder behind. While
  /// it stages, a writer holds an advisory lock (`flock(2)`) on the staged folder's marker; the
  /// next write of the same `path` removes the staged folders beside it whose marker nobody
  /// locks, so never the folder of a writer still running.
  ///
  /// ```swift
  /// try SafeWrite.directory(at: "site") { folder in
  ///   try folder.writeFile("index.html") { file in try file.write("<!doctype html>…") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The folder to replace or create; a link is followed to the folder it names.
  ///   - inputs: The paths of the files the caller reads: a folder holding one is refused.
  ///   - replacesForeignFolder: Whether a non-empty folder TableKit did not write may be
  ///     replaced (never the current directory, a folder above it or an input's folder).
  ///   - fill: Fills the staged folder; its result is returned.
  /// - Returns: What `fill` returned.
  /// - Throws: What `fill` threw, unchanged, or a ``SafeWriteError`` naming `path`
  ///   (``SafeWriteError/Operation/inspect`` with `ENOTDIR` when `path` is not a folder,
  ///   ``SafeWriteError/Operation/refuse(_:)`` when it may not be replaced).
  public static func directory<Result>(
    at path: String, protecting inputs: [String] = [], replacesForeignFolder: Bool = false,
    _ fill: (StagedDirectory) throws -> Result
  ) throws -> Result {
    try directory(
      at: path, protecting: inputs, replacesForeignFolder: replacesForeignFolder,
      failure: { $0 }, fill)
  }

  /// ``directory(at:protecting:replacesForeignFolder:_:)`` with the closure's error type kept.
  ///
  /// The safe write's own failures are turned into `Failure` by `failure`, so a caller whose
  /// closure throws one type catches that type and nothing else (no error is invented for a
  /// case that cannot happen). With `exchanges` `false` the swap call is skipped, so the tests
  /// can drive the two-rename fallback on a system that has the call; with `linkFailure` set,
  /// every hard link of an unchanged file fails with that code, so they can drive the fallback
  /// to writing it.
  ///
  /// When the folder at `path` was written by TableKit, the staged folder's
  /// `StagedDirectory.previousPath` names it, so `StagedDirectory.writeFile(_:contents:failure:)`
  /// links the files whose bytes did not change instead of writing them. Every file written is
  /// recorded in the staged folder's manifest (`SiteManifest`), finished before the swap.
  package static func directory<Result, Failure: Error>(
    at path: String, protecting inputs: [String] = [], replacesForeignFolder: Bool = false,
    exchanges: Bool = true, linkFailure: Int32? = nil, failure: (SafeWriteError) -> Failure,
    _ fill: (StagedDirectory) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let (target, temporary, marker) = try step(failure) {
      () throws(SafeWriteError) -> (Target, String, Int32) in
      let target = try Target(path, expectsFolder: true)
      try checkReplaceable(
        target, reportedPath: path, protecting: inputs,
        replacesForeignFolder: replacesForeignFolder)
      removeStaleStagedFolders(beside: target)
      let temporary = try createTemporaryFolder(beside: target)
      do throws(SafeWriteError) {
        return (target, temporary, try lockedMarker(in: temporary, reportedPath: path))
      } catch {
        discard(temporary)
        throw error
      }
    }
    // The lock is held until the new tree is in place and the old one removed; so is the lock
    // on the replaced folder's marker, which a patch of that folder takes (`PatchedDirectory`).
    let previousMarker = lockedPreviousMarker(of: target)
    defer {
      try? SystemCalls.close(marker)
      if let previousMarker { try? SystemCalls.close(previousMarker) }
    }
    let result: Result
    let manifest: SiteManifest.Writer
    do {
      manifest = try step(failure) { () throws(SafeWriteError) in
        try attempt(.create, on: path) { () throws(Errno) in
          try SiteManifest.Writer(creatingAt: temporary + "/" + SiteManifest.fileName)
        }
      }
      let staged = StagedDirectory(
        path: temporary, reportedPath: path, previousPath: StagedDirectory.previousSite(at: target),
        linkFailure: linkFailure, manifest: manifest)
      result = try fill(staged)
    } catch {
      discard(temporary)
      throw error
    }
    try step(failure) { () throws(SafeWriteError) in
      let replaced: String?
      do throws(SafeWriteError) {
        try attempt(.write, on: path + "/" + SiteManifest.fileName) { () throws(Errno) in
          try manifest.finish(synchronizes: !SystemCalls.canSynchronizeFileSystem)
        }
        // One sync of the file system where it has the call (the files were only closed), else
        // the folders of the tree (each file was synced as it closed).
        try attempt(.synchronize, on: path) { () throws(Errno) in
          if try !SystemCalls.synchronizeFileSystem(containing: temporary) {
            try SystemCalls.synchronizeTree(temporary)
          }
        }
        replaced = try swap(temporary, into: target, reportedPath: path, exchanges: exchanges)
      } catch {
        discard(temporary)
        throw error
      }
      let synced = Swift.Result { () throws(Errno) in
        try SystemCalls.synchronizeFolder(Target.folder(of: target.path))
      }
      if let replaced { try removeReplaced(replaced, reportedPath: path) }
      try attempt(.synchronizeFolder, on: path) { () throws(Errno) in try synced.get() }
    }
    return result
  }

  /// The descriptor of the marker of the folder at `target` when TableKit wrote it, locked
  /// (`flock(2)`, waiting while a patch of that folder holds it); `nil` when there is none.
  private static func lockedPreviousMarker(of target: Target) -> Int32? {
    guard let previous = StagedDirectory.previousSite(at: target),
      let descriptor = try? SystemCalls.open(
        previous + "/" + writtenMarker, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    else { return nil }
    guard (try? SystemCalls.lock(descriptor, waits: true)) != nil else {
      try? SystemCalls.close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Removes the old tree that a swap left at `replaced`, whole, or throws
  /// ``SafeWriteError/Operation/removeReplaced``.
  private static func removeReplaced(
    _ replaced: String, reportedPath: String
  ) throws(SafeWriteError) {
    // The old tree is registered under the temporary's name: a signal during the removal
    // finishes it.
    let removed = withTemporaries { registry in
      let removed = Result { () throws(Errno) in try SystemCalls.removeTree(replaced) }
      if case .success = removed { registry[replaced] = nil }
      return removed
    }
    if case .failure = removed { withTemporaries { $0[replaced] = nil } }
    try attempt(.removeReplaced, on: reportedPath) { () throws(Errno) in try removed.get() }
  }

  /// Puts the filled `temporary` folder at the target; returns where the old tree now is (and
  /// stays registered for removal), or `nil` when there was none.
  private static func swap(
    _ temporary: String, into target: Target, reportedPath: String, exchanges: Bool
  ) throws(SafeWriteError) -> String? {
    let outcome = withTemporaries { registry in
      Result { () throws(Errno) -> String? in
        if target.existing == nil {
          do throws(Errno) {
            try SystemCalls.rename(temporary, target.path)
            registry[temporary] = nil
            return nil
          } catch let error where error.code == ENOTEMPTY || error.code == EEXIST {
            // A concurrent writer put a folder there since: swap with it, as below.
          }
        }
        if exchanges, try SystemCalls.exchange(temporary, target.path) {
          // After the swap the temporary's name holds the old tree: still registered, to remove.
          return temporary
        }
        // No swap here: move the old tree aside under a second hidden name, then the new one
        // in. Both renames happen under the lock, so a termination signal never sees the gap.
        let aside = temporaryPath(beside: target.path)
        try SystemCalls.rename(target.path, aside)
        registry[aside] = .folder
        do throws(Errno) {
          try SystemCalls.rename(temporary, target.path)
        } catch {
          // Put the old tree back where it was.
          if (try? SystemCalls.rename(aside, target.path)) != nil { registry[aside] = nil }
          throw error
        }
        registry[temporary] = nil
        return aside
      }
    }
    return try attempt(target.existing == nil ? .rename : .exchange, on: reportedPath) {
      () throws(Errno) in
      try outcome.get()
    }
  }
}
