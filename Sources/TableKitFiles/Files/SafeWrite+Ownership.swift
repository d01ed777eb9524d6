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
    if case .success(let current) = SystemCalls.realPath(".") {
      if current == folder { throw refuse(.currentDirectory) }
      if current.hasPrefix(inside) { throw refuse(.ancestorOfCurrentDirectory) }
    }
    for input in inputs {
      // Where the input's own name is (a link in the folder would go too) and where it leads.
      var places: [String] = []
      if case .success(let parent) = SystemCalls.realPath(Target.folder(of: input)) {
        places.append((parent == "/" ? "/" : parent + "/") + Target.name(of: input))
      }
      if case .success(let resolved) = SystemCalls.realPath(input) { places.append(resolved) }
      if places.contains(where: { $0 == folder || $0.hasPrefix(inside) }) {
        throw refuse(.holdsInput(input))
      }
    }
    guard !replacesForeignFolder else { return }
    let descriptor = SystemCalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SafeWriteError(path: reportedPath, operation: .inspect, code: -descriptor)
    }
    defer { _ = SystemCalls.close(descriptor) }
    switch SystemCalls.entries(ofFolder: descriptor) {
    case .failure(let error):
      throw SafeWriteError(path: reportedPath, operation: .inspect, code: error.code)
    case .success(let names):
      guard !names.isEmpty else { return }
      var info = stat()
      let marked =
        fstatat(descriptor, writtenMarker, &info, AT_SYMLINK_NOFOLLOW) == 0
        && info.st_mode & S_IFMT == S_IFREG
      if !marked { throw refuse(.notWrittenByTableKit) }
    }
  }

  /// Writes the ``writtenMarker`` file into the staged folder `staged` and returns its open
  /// descriptor, locked (`flock(2)`, exclusive) until the caller closes it.
  ///
  /// The file is created and locked under a second name, then renamed: a run that looks for
  /// stale staged folders never finds this marker unlocked.
  static func lockedMarker(in staged: String, reportedPath: String) throws(SafeWriteError) -> Int32
  {
    let pending = staged + "/" + writtenMarker + ".new"
    let descriptor = SystemCalls.open(
      pending, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw SafeWriteError(path: reportedPath, operation: .create, code: -descriptor)
    }
    var code: Int32 = 0
    if SystemCalls.retryingOnInterrupt({ flock(descriptor, LOCK_EX) }) != 0 {
      code = errno
    } else {
      code = Array(writtenMarkerText.utf8).withUnsafeBytes {
        SystemCalls.writeAll(descriptor, $0)
      }
      if code == 0 && !SystemCalls.canSynchronizeFileSystem {
        code = SystemCalls.fsync(descriptor)
        if code == EINVAL { code = 0 }
      }
      if code == 0 { code = SystemCalls.rename(pending, staged + "/" + writtenMarker) }
    }
    guard code == 0 else {
      _ = SystemCalls.close(descriptor)
      throw SafeWriteError(path: reportedPath, operation: .write, code: code)
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
    let descriptor = SystemCalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { _ = SystemCalls.close(descriptor) }
    guard case .success(let names) = SystemCalls.entries(ofFolder: descriptor) else { return }
    let folderPrefix = String(decoding: prefix.dropLast(namePrefix.count), as: UTF8.self)
    for name in names {
      // Each name ends with its NUL.
      let bytes = name.dropLast().map { UInt8(bitPattern: $0) }
      guard bytes.count == namePrefix.count + temporarySuffixLength,
        bytes.starts(with: namePrefix),
        bytes.dropFirst(namePrefix.count).allSatisfy({ $0 < 0x80 && isalnum(Int32($0)) != 0 })
      else { continue }
      let path = folderPrefix + String(decoding: bytes, as: UTF8.self)
      let marker = SystemCalls.open(
        path + "/" + writtenMarker, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard marker >= 0 else { continue }
      defer { _ = SystemCalls.close(marker) }
      var info = stat()
      guard fstat(marker, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        SystemCalls.retryingOnInterrupt({ flock(marker, LOCK_EX | LOCK_NB) }) == 0
      else { continue }
      _ = SystemCalls.removeTree(path)
    }
  }
}
