#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary folder that ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` hands to its closure, to be filled
/// with files before it replaces the target folder in one step.
///
/// ```swift
/// try SafeWrite.directory(at: "site") { folder in
///   try folder.writeFile("index.html") { file in try file.write("<!doctype html>…") }
///   try folder.writeFile("brands/volvo.html") { file in try file.write("<!doctype html>…") }
/// }
/// ```
///
/// Each file is created fresh (a second write of the same relative path throws
/// ``SafeWriteError/Operation/create`` with `EEXIST`, which catches two pages given one name),
/// flushed when its closure returns and on the disk before the folder is swapped in (one
/// `syncfs(2)` for the whole folder on Linux, an `fsync` a file elsewhere). The folder is a plain path, so it may be shared
/// between threads that write different files.
public struct StagedDirectory: Sendable {
  /// The temporary folder's path, a hidden sibling of the target (`.NAME.tablekit-XXXXXX`).
  public let path: String
  /// The target folder's path as the caller named it, for error messages.
  let reportedPath: String
  /// The folder being replaced when TableKit wrote it (it holds ``SafeWrite/writtenMarker``):
  /// ``writeFile(_:contents:failure:)`` links its unchanged files instead of writing them.
  package let previousPath: String?
  /// The error every hard link fails with instead of trying, for the tests of the fallback.
  let linkFailure: Int32?
  /// The folder (relative) of the last file created, whose folders are made already.
  private let lastFolder = Locked<String?>(nil)
  /// Where each file written is recorded with its fingerprint: the manifest the staged folder
  /// holds (`SiteManifest`), finished before the swap.
  let manifest: SiteManifest.Writer?

  init(
    path: String, reportedPath: String, previousPath: String? = nil, linkFailure: Int32? = nil,
    manifest: SiteManifest.Writer? = nil
  ) {
    self.path = path
    self.reportedPath = reportedPath
    self.previousPath = previousPath
    self.linkFailure = linkFailure
    self.manifest = manifest
  }

  /// Writes the file at `relativePath` inside the staged folder, creating the folders above it.
  ///
  /// The path is checked before anything is created: it must be relative, with `/` between
  /// segments, and no segment may be empty, `.` or `..`, nor hold NUL, so nothing can be written
  /// outside the folder. On a thrown error the half-written file is removed, and the whole
  /// staged folder is removed when the error leaves ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)``.
  ///
  /// - Parameters:
  ///   - relativePath: Where the file goes inside the folder, such as `brands/volvo.html`.
  ///   - write: Writes the file's content; its result is returned.
  /// - Returns: What `write` returned.
  /// - Throws: ``SafeWriteError`` (``SafeWriteError/Operation/validatePath`` for a bad path), or
  ///   what `write` threw, unchanged.
  public func writeFile<Result>(
    _ relativePath: String, _ write: (inout StagedFile) throws -> Result
  ) throws -> Result {
    try writeFile(relativePath, failure: { $0 }, write)
  }

  /// ``writeFile(_:_:)`` with the closure's error type kept.
  ///
  /// The safe write's own failures are turned into `Failure` by `failure`, so no error is
  /// invented for a case that cannot happen. The file is recorded in the folder's manifest
  /// with `fingerprint` (none when `nil`).
  package func writeFile<Result, Failure: Error>(
    _ relativePath: String, fingerprint: InputFingerprint? = nil,
    failure: (SafeWriteError) -> Failure,
    _ write: (inout StagedFile) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let reported = reportedPath + "/" + relativePath
    let filePath = path + "/" + relativePath
    let descriptor = try SafeWrite.step(failure) { () throws(SafeWriteError) in
      try create(relativePath, at: filePath, reportedPath: reported)
    }
    var file = StagedFile(path: filePath, descriptor: descriptor, reportedPath: reported)
    let result: Result
    do {
      result = try write(&file)
    } catch {
      try? SystemCalls.close(descriptor)
      unlink(BytePath.cString(filePath))
      throw error
    }
    // Where the file system can be synced in one call, ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` does that
    // once before the swap instead of a sync a file.
    try SafeWrite.step(failure) { () throws(SafeWriteError) in
      try SafeWrite.finish(
        descriptor, path: filePath, reportedPath: reported,
        synchronizes: !SystemCalls.canSynchronizeFileSystem)
    }
    manifest?.record(relativePath, fingerprint: fingerprint)
    return result
  }

  /// Checks `relativePath`, makes the folders above it and creates the file at `filePath`;
  /// returns its open descriptor.
  private func create(
    _ relativePath: String, at filePath: String, reportedPath reported: String
  ) throws(SafeWriteError) -> Int32 {
    guard Self.isInside(relativePath) else {
      throw SafeWriteError(path: relativePath, operation: .validatePath, code: EINVAL)
    }
    // The page and its twins, or a list's rows, go into one folder one after the other: the
    // folders above the last file are known to be made, which saves two calls a folder.
    let folder = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")).map {
      String(relativePath[..<$0])
    }
    if let folder, !lastFolder.withLock({ $0 == folder }) {
      try makeFolders(above: relativePath, reportedPath: reported)
      lastFolder.withLock { $0 = folder }
    }
    return try SafeWrite.attempt(.create, on: reported) { () throws(Errno) in
      try SystemCalls.open(filePath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
  }

  /// Makes the folders above the checked `relativePath` that do not exist yet.
  func makeFolders(above relativePath: String, reportedPath reported: String)
    throws(SafeWriteError)
  {
    let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    var folder = path
    for segment in segments.dropLast() {
      folder += "/" + segment
      do throws(Errno) {
        try SystemCalls.makeFolder(folder)
      } catch let error where error.code == EEXIST {
        // Made for an earlier file; anything else there is not a folder.
        guard let info = try? SystemCalls.status(folder, followingLinks: false),
          info.st_mode & S_IFMT == S_IFDIR
        else { throw SafeWriteError(path: reported, operation: .makeDirectory, code: ENOTDIR) }
      } catch {
        throw SafeWriteError(path: reported, operation: .makeDirectory, code: error.code)
      }
    }
  }

  /// Whether `relativePath` names a file inside a folder: relative, no empty, `.` or `..`
  /// segment, no NUL.
  static func isInside(_ relativePath: String) -> Bool {
    guard !relativePath.isEmpty, !relativePath.utf8.contains(0) else { return false }
    return relativePath.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }
}
