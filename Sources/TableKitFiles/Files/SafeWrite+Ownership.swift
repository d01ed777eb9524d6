#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` may replace, how it
/// marks the folders it writes, and how it removes the staged folders of a killed run.
extension SafeWrite {
  /// The file at the root of every folder ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)``
  /// writes: a folder holding it was written by TableKit and may be replaced.
  ///
  /// While a folder is being staged, its writer holds an advisory lock (`flock(2)`) on this
  /// file; a staged folder whose marker nobody locks was left by a killed run.
  public static let writtenMarker = ".written-by-tablekit"

  /// What the marker file says to a person who opens it.
  static let writtenMarkerText =
    "This folder was written by TableKit. The next export to it replaces it whole.\n"

  /// Refuses, with ``SafeWriteError/Operation/refuse(_:)``, to replace the folder at `path`
  /// when that would delete something TableKit did not write: the current directory or a
  /// folder above it, a folder holding one of `inputs` (at any depth), or, unless
  /// `replacesForeignFolder`, a non-empty folder without the ``writtenMarker`` file.
  ///
  /// Nothing at `path`, or an empty folder, may be replaced. A command calls this before it
  /// reads its input; ``directory(at:protecting:replacesForeignFolder:_:)`` calls it again.
  ///
  /// - Parameters:
  ///   - path: The folder to replace; a link is followed to the folder it names.
  ///   - inputs: The paths of the files the caller reads.
  ///   - replacesForeignFolder: Whether a non-empty folder TableKit did not write may be
  ///     replaced (never the current directory, a folder above it or an input's folder).
  /// - Throws: ``SafeWriteError`` naming `path`: the refusal, or a failure to look at it.
  package static func checkReplaceable(
    folder path: String, protecting inputs: [String], replacesForeignFolder: Bool
  ) throws(SafeWriteError) {
    try checkReplaceable(
      Target(path, expectsFolder: true), reportedPath: path, protecting: inputs,
      replacesForeignFolder: replacesForeignFolder)
  }

  /// ``checkReplaceable(folder:protecting:replacesForeignFolder:)`` for a resolved target.
  static func checkReplaceable(
    _ target: Target, reportedPath: String, protecting inputs: [String],
    replacesForeignFolder: Bool
  ) throws(SafeWriteError) {
    guard target.existing != nil else { return }
    func refuse(_ refusal: SafeWriteError.Refusal) -> SafeWriteError {
      SafeWriteError(path: reportedPath, operation: .refuse(refusal), code: refusal.code)
    }
    let folder = target.path
    let inside = folder == "/" ? "/" : folder + "/"
    if let current = try? SystemCalls.realPath(".") {
      if current == folder { throw refuse(.currentDirectory) }
      if current.hasPrefix(inside) { throw refuse(.ancestorOfCurrentDirectory) }
    }
    for input in inputs {
      // Where the input's own name is (a link in the folder would go too) and where it leads.
      var places: [String] = []
      if let parent = try? SystemCalls.realPath(Target.folder(of: input)) {
        places.append((parent == "/" ? "/" : parent + "/") + Target.name(of: input))
      }
      if let resolved = try? SystemCalls.realPath(input) { places.append(resolved) }
      if places.contains(where: { $0 == folder || $0.hasPrefix(inside) }) {
        throw refuse(.holdsInput(input))
      }
    }
    guard !replacesForeignFolder else { return }
    let marked = try attempt(.inspect, on: reportedPath) { () throws(Errno) in
      let descriptor = try SystemCalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      return try SystemCalls.closeAfter(descriptor) { () throws(Errno) in
        guard try !SystemCalls.entries(ofFolder: descriptor).isEmpty else { return true }
        var info = stat()
        return fstatat(descriptor, writtenMarker, &info, AT_SYMLINK_NOFOLLOW) == 0
          && info.st_mode & S_IFMT == S_IFREG
      }
    }
    if !marked { throw refuse(.notWrittenByTableKit) }
  }

  /// Writes the ``writtenMarker`` file into the staged folder `staged` and returns its open
  /// descriptor, locked (`flock(2)`, exclusive) until the caller closes it.
  ///
  /// The file is created and locked under a second name, then renamed: a run that looks for
  /// stale staged folders never finds this marker unlocked.
  static func lockedMarker(in staged: String, reportedPath: String) throws(SafeWriteError) -> Int32
  {
    let pending = staged + "/" + writtenMarker + ".new"
    let descriptor = try attempt(.create, on: reportedPath) { () throws(Errno) in
      try SystemCalls.open(pending, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
    do throws(Errno) {
      try SystemCalls.lock(descriptor, waits: true)
      try Array(writtenMarkerText.utf8).withUnsafeBytes { bytes in
        Result { () throws(Errno) in try SystemCalls.writeAll(descriptor, bytes) }
      }.get()
      if !SystemCalls.canSynchronizeFileSystem { try SystemCalls.fsync(descriptor) }
      try SystemCalls.rename(pending, staged + "/" + writtenMarker)
    } catch {
      try? SystemCalls.close(descriptor)
      throw SafeWriteError(path: reportedPath, operation: .write, code: error.code)
    }
    return descriptor
  }

  /// Removes the staged folders of `target` that a killed run left.
  ///
  /// Those are the `.NAME.tablekit-XXXXXX` folders beside it whose ``writtenMarker`` this
  /// process can lock (`flock(2)`, without waiting). A running export holds the
  /// lock on its own marker, so its folder is never removed; the kernel drops the locks of a
  /// killed process. A folder without a marker (left by an older version, or being made this
  /// instant) is left alone. Failures are ignored: the clean-up is a courtesy.
  static func removeStaleStagedFolders(beside target: Target) {
    let folder = Target.folder(of: target.path)
    let prefix = Array(temporaryPrefix(beside: target.path).utf8)
    let namePrefix = Array(prefix[(prefix.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0)...])
    guard let names = try? SystemCalls.entries(inFolder: folder) else { return }
    let folderPrefix = String(decoding: prefix.dropLast(namePrefix.count), as: UTF8.self)
    for name in names {
      // Each name ends with its NUL.
      let bytes = name.dropLast().map { UInt8(bitPattern: $0) }
      guard bytes.count == namePrefix.count + temporarySuffixLength,
        bytes.starts(with: namePrefix),
        bytes.dropFirst(namePrefix.count).allSatisfy({ $0 < 0x80 && isalnum(Int32($0)) != 0 })
      else { continue }
      let path = folderPrefix + String(decoding: bytes, as: UTF8.self)
      guard
        let marker = try? SystemCalls.open(
          path + "/" + writtenMarker, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      else { continue }
      // Removed under the lock on its marker, which is closed after.
      try? SystemCalls.closeAfter(marker) { () throws(Errno) in
        var info = stat()
        guard fstat(marker, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        try SystemCalls.lock(marker, waits: false)
        try SystemCalls.removeTree(path)
      }
    }
  }
}
