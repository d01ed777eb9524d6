#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file or a whole folder so that the old one is never destroyed: the new content
/// replaces it in one step, or not at all.
///
/// ``file(at:_:)`` hands its closure a fresh temporary file beside the target (same folder, so
/// the same file system); when the closure returns, the temporary is flushed, synced to the disk
/// and moved over the target with `rename(2)`, which POSIX makes atomic: every reader, and the
/// disk after a crash, sees either the whole old file or the whole new one. When the closure
/// throws, or any step fails, the temporary is removed and the target is untouched, byte for
/// byte. ``directory(at:protecting:replacesForeignFolder:_:)`` does the same for a folder, swapping a filled temporary folder
/// with the old one in one call.
///
/// ```swift
/// let rows = [["Ada", "42"], ["Grace", "7"]]
/// try SafeWrite.file(at: "people.csv") { file in
///   for row in rows {
///     try file.write(row.joined(separator: ",") + "\n")
///   }
/// }
/// ```
///
/// What this guarantees, and what it does not:
/// - Two writers of the same target at once leave one of the two outputs whole, never a mix:
///   each writes its own temporary, and the last rename wins.
/// - The temporary is a hidden sibling named `.NAME.tablekit-XXXXXX` (created with `O_EXCL`), so
///   a leftover is recognisable; one is left only when the process is killed outright
///   (`SIGKILL`, a power cut). ``removeTemporariesOnTerminationSignals()`` removes them on
///   `SIGINT`, `SIGTERM` and `SIGHUP` for a command-line tool.
/// - A new file gets mode `0644` less the umask; a replaced file keeps its mode (and owner, when
///   the process may set it). A target that is a symbolic link is resolved: the file it points
///   to is replaced and the link stays. A hard-linked target is replaced by a new file, so its
///   other names keep the old content (`rename(2)` replaces one name).
/// - A target that exists and is not a regular file or folder (a FIFO, `/dev/null`, a terminal)
///   has no content to protect: it is written in place, without a temporary.
/// - The folder must be writable, since the temporary is created there; extended attributes
///   and ACLs of the old file are not copied.
/// - The new content is on the disk (`fsync(2)`, then the folder's `fsync`) before the call
///   returns, so the rename is durable too.
public enum SafeWrite {
  /// Writes the file at `path` atomically, through a temporary sibling that replaces it only
  /// when everything succeeded.
  ///
  /// `write` fills a fresh temporary sibling (same folder, a unique `.NAME.tablekit-XXXXXX`
  /// name created with `O_EXCL`, mode of the old file or `0644` less the umask); when it
  /// returns, the temporary is flushed, synced, renamed over `path` with `rename(2)`, and the
  /// folder is synced. On any thrown error the temporary is removed and `path` is untouched;
  /// the error is rethrown unchanged.
  ///
  /// - Parameters:
  ///   - path: The file to write; a link is followed to the file it names.
  ///   - write: Writes the new content; its result is returned.
  /// - Returns: What `write` returned.
  /// - Throws: What `write` threw, unchanged, or a ``SafeWriteError`` naming `path`.
  public static func file<Result>(
    at path: String, _ write: (inout StagedFile) throws -> Result
  ) throws -> Result {
    try file(at: path, followsLinks: true, failure: { $0 }, write)
  }

  /// ``file(at:_:)`` with the closure's error type kept.
  ///
  /// The safe write's own failures are turned into `Failure` by `failure`, so a caller whose
  /// closure throws one type catches that type and nothing else (no error is invented for a
  /// case that cannot happen). With
  /// `followsLinks` `false`, whatever is at `path` that is not a regular file or a folder (a
  /// link, a FIFO, a device) is replaced by the new file, never followed or written through, as
  /// a cache entry must be.
  package static func file<Result, Failure: Error>(
    at path: String, followsLinks: Bool, failure: (SafeWriteError) -> Failure,
    _ write: (inout StagedFile) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let target = try step(failure) { () throws(SafeWriteError) in
      try Target(path, expectsFolder: false, followsLinks: followsLinks)
    }
    guard target.isReplaceable else {
      return try writeInPlace(target.path, reportedPath: path, failure: failure, write)
    }
    let (temporary, descriptor) = try step(failure) { () throws(SafeWriteError) in
      try createTemporaryFile(beside: target)
    }
    var file = StagedFile(path: temporary, descriptor: descriptor, reportedPath: path)
    let result: Result
    do {
      if let existing = target.existing {
        // Owner first: `fchown` clears the set-user-ID bits that `fchmod` then restores.
        // Both are best effort: the file is still written when they are not allowed.
        _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        _ = fchmod(descriptor, existing.st_mode & 0o7777)
      }
      result = try write(&file)
    } catch {
      try? SystemCalls.close(descriptor)
      discard(temporary)
      throw error
    }
    try step(failure) { () throws(SafeWriteError) in
      do throws(SafeWriteError) {
        try finish(descriptor, path: temporary, reportedPath: path)
      } catch {
        discard(temporary)
        throw error
      }
      try commit(temporary, over: target.path, reportedPath: path)
    }
    return result
  }

  /// Flushes, syncs (unless the caller syncs the file system later) and closes a written file;
  /// on failure closes and removes it and throws.
  static func finish(
    _ descriptor: Int32, path: String, reportedPath: String, synchronizes: Bool = true
  ) throws(SafeWriteError) {
    do throws(Errno) {
      if synchronizes { try SystemCalls.fsync(descriptor) }
    } catch {
      try? SystemCalls.close(descriptor)
      unlink(BytePath.cString(path))
      throw SafeWriteError(path: reportedPath, operation: .synchronize, code: error.code)
    }
    do throws(Errno) {
      try SystemCalls.close(descriptor)
    } catch {
      unlink(BytePath.cString(path))
      throw SafeWriteError(path: reportedPath, operation: .close, code: error.code)
    }
  }

  /// Runs one of the safe write's own steps, its error made the caller's `Failure` by `failure`.
  static func step<Value, Failure: Error>(
    _ failure: (SafeWriteError) -> Failure, _ body: () throws(SafeWriteError) -> Value
  ) throws(Failure) -> Value {
    do throws(SafeWriteError) {
      return try body()
    } catch {
      throw failure(error)
    }
  }

  /// Makes the system call `call`, its ``Errno`` made a ``SafeWriteError`` for `operation` on
  /// `path`.
  static func attempt<Value>(
    _ operation: SafeWriteError.Operation, on path: String, _ call: () throws(Errno) -> Value
  ) throws(SafeWriteError) -> Value {
    do throws(Errno) {
      return try call()
    } catch {
      throw SafeWriteError(path: path, operation: operation, code: error.code)
    }
  }

  /// Moves the finished temporary file over the target, then syncs the folder.
  private static func commit(
    _ temporary: String, over target: String, reportedPath: String
  ) throws(SafeWriteError) {
    // Under the registry's lock, so that a termination signal either removes the temporary
    // before the rename or finds it already renamed, never a rename after the clean-up.
    let renamed = withTemporaries { registry in
      let renamed = Result { () throws(Errno) in try SystemCalls.rename(temporary, target) }
      if case .failure = renamed { unlink(BytePath.cString(temporary)) }
      registry[temporary] = nil
      return renamed
    }
    try attempt(.rename, on: reportedPath) { () throws(Errno) in try renamed.get() }
    try attempt(.synchronizeFolder, on: reportedPath) { () throws(Errno) in
      try SystemCalls.synchronizeFolder(Target.folder(of: target))
    }
  }

  /// Writes a FIFO, device or other non-regular file in place: it holds no content to keep.
  private static func writeInPlace<Result, Failure: Error>(
    _ path: String, reportedPath: String, failure: (SafeWriteError) -> Failure,
    _ write: (inout StagedFile) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let descriptor = try step(failure) { () throws(SafeWriteError) in
      try attempt(.create, on: reportedPath) { () throws(Errno) in
        try SystemCalls.open(path, O_WRONLY | O_CLOEXEC)
      }
    }
    var file = StagedFile(path: path, descriptor: descriptor, reportedPath: reportedPath)
    let result: Result
    do {
      result = try write(&file)
    } catch {
      try? SystemCalls.close(descriptor)
      throw error
    }
    try step(failure) { () throws(SafeWriteError) in
      try attempt(.close, on: reportedPath) { () throws(Errno) in
        try SystemCalls.close(descriptor)
      }
    }
    return result
  }
}
