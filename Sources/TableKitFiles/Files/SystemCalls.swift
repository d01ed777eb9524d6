#if canImport(Glibc)
  package import Glibc
#elseif canImport(Darwin)
  package import Darwin
#endif

/// The system calls ``SafeWrite`` makes, each retried on `EINTR`, each returning `0` or the
/// `errno` it failed with, so that the callers decide which ``SafeWriteError/Operation`` it was.
///
/// The package's one retry loop for interrupted calls, ``retryingOnInterrupt(_:)``, and its one
/// write loop, ``writeAll(_:_:)``, live here too: every target reads and writes through them.
package enum SystemCalls {
  /// Makes the call `call` again for as long as it fails with `EINTR`, and returns its result.
  ///
  /// For the calls that return `-1` (or any negative value) and set `errno` on failure — `read`,
  /// `pread`, `write`, `open`, `fsync`. A signal handled while the call waits interrupts it
  /// before it did anything, so calling it again is always right; any other failure, and every
  /// success, is returned as it came, with `errno` as the call left it.
  ///
  /// ```swift
  /// let count = SystemCalls.retryingOnInterrupt { read(descriptor, buffer, size) }
  /// ```
  ///
  /// - Parameter call: The system call; it may be made several times.
  /// - Returns: The first result that is not a failure with `EINTR`.
  package static func retryingOnInterrupt<Result: SignedInteger>(
    _ call: () -> Result
  ) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and `EINTR`.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor.
  ///   - bytes: What to write.
  /// - Returns: `0` when every byte was written, else the `errno` of the failed write
  ///   (`ENOSPC` when a write wrote nothing).
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard var start = bytes.baseAddress else { return 0 }
    var remaining = bytes.count
    while remaining > 0 {
      let written = retryingOnInterrupt {
        #if canImport(Glibc)
          Glibc.write(descriptor, start, remaining)
        #elseif canImport(Darwin)
          Darwin.write(descriptor, start, remaining)
        #endif
      }
      if written > 0 {
        start += written
        remaining -= written
      } else {
        // `write` returns 0 only for a zero count; treat it as the disk refusing more.
        return written < 0 ? errno : ENOSPC
      }
    }
    return 0
  }

  /// Opens `path` with `flags` and `mode`, retrying `EINTR`; the descriptor or `-errno`.
  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    let descriptor = retryingOnInterrupt {
      #if canImport(Glibc)
        Glibc.open(BytePath.cString(path), flags, mode)
      #elseif canImport(Darwin)
        Darwin.open(BytePath.cString(path), flags, mode)
      #endif
    }
    return descriptor >= 0 ? descriptor : -errno
  }

  /// Flushes `descriptor` to the disk.
  package static func fsync(_ descriptor: Int32) -> Int32 {
    let result = retryingOnInterrupt {
      #if canImport(Glibc)
        Glibc.fsync(descriptor)
      #elseif canImport(Darwin)
        // On Darwin `fsync` only reaches the drive's cache; `F_FULLFSYNC` reaches the platter.
        fcntl(descriptor, F_FULLFSYNC) == 0 ? 0 : Darwin.fsync(descriptor)
      #endif
    }
    return result == 0 ? 0 : errno
  }

  /// Closes `descriptor` once; `EINTR` is not retried (on Linux the descriptor is gone anyway).
  package static func close(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      let result = Glibc.close(descriptor)
    #elseif canImport(Darwin)
      let result = Darwin.close(descriptor)
    #endif
    return result == 0 || errno == EINTR ? 0 : errno
  }

  /// Flushes the folder at `path`, so that a rename inside it survives a crash.
  ///
  /// File systems that cannot sync a folder (`EINVAL`) count as success.
  package static func synchronizeFolder(_ path: String) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0 { return -descriptor }
    let synced = fsync(descriptor)
    _ = close(descriptor)
    return synced == EINVAL ? 0 : synced
  }

  /// `stat(2)` (following links) or `lstat(2)`: the status or the `errno`.
  package static func status(_ path: String, followingLinks: Bool) -> Result<stat, Errno> {
    var info = stat()
    let bytes = BytePath.cString(path)
    let result = followingLinks ? stat(bytes, &info) : lstat(bytes, &info)
    return result == 0 ? .success(info) : .failure(Errno(errno))
  }

  /// The canonical absolute path of an existing `path`, every link followed.
  package static func realPath(_ path: String) -> Result<String, Errno> {
    guard let resolved = realpath(BytePath.cString(path), nil) else {
      return .failure(Errno(errno))
    }
    defer { free(resolved) }
    let bytes = UnsafeBufferPointer(start: resolved, count: strlen(resolved))
    return .success(BytePath.carried(bytes.map { UInt8(bitPattern: $0) }))
  }

  /// Moves `source` over `destination` (`rename(2)`).
  package static func rename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Glibc)
      let renamed = Glibc.rename(BytePath.cString(source), BytePath.cString(destination))
    #elseif canImport(Darwin)
      let renamed = Darwin.rename(BytePath.cString(source), BytePath.cString(destination))
    #endif
    return renamed == 0 ? 0 : errno
  }

  /// Whether ``synchronizeFileSystem(containing:)`` has a call to make on this system.
  ///
  /// Linux has `syncfs(2)` (kernel 2.6.39, glibc 2.14; it reports write-back errors since 5.8),
  /// looked up at run time because the Glibc module does not declare it. Darwin has none, so a
  /// staged folder's files are each synced as they close there.
  package static var canSynchronizeFileSystem: Bool {
    #if canImport(Glibc)
      guard let handle = dlopen(nil, RTLD_NOW) else { return false }
      defer { dlclose(handle) }
      return dlsym(handle, "syncfs") != nil
    #else
      return false
    #endif
  }

  /// Flushes everything written to the file system that holds the folder at `path` — every
  /// file's data and every folder's entries — in one call: `0`, else the `errno` code, or `nil`
  /// when this system has no such call (see ``canSynchronizeFileSystem``).
  ///
  /// One call instead of an `fsync` a file: a staged site of 10,000 pages took 45 s of its 50 s
  /// in per-file syncs on a disk.
  package static func synchronizeFileSystem(containing path: String) -> Int32? {
    #if canImport(Glibc)
      typealias SyncFS = @convention(c) (Int32) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
      defer { dlclose(handle) }
      guard let symbol = dlsym(handle, "syncfs") else { return nil }
      let syncFS = unsafeBitCast(symbol, to: SyncFS.self)
      let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if descriptor < 0 { return -descriptor }
      defer { _ = close(descriptor) }
      return retryingOnInterrupt { syncFS(descriptor) } == 0 ? 0 : errno
    #else
      _ = path
      return nil
    #endif
  }

  /// Swaps `first` and `second` in one step, or `nil` when this system has no such call
  /// (the caller then falls back to two renames).
  ///
  /// Linux: `renameat2(…, RENAME_EXCHANGE)` (kernel 3.15, glibc 2.28), looked up at run time
  /// because the Glibc module does not declare it; a file system without support answers
  /// `EINVAL`. Darwin: `renamex_np(…, RENAME_SWAP)` (macOS 10.12 and later, APFS and HFS+).
  package static func exchange(_ first: String, _ second: String) -> Int32? {
    #if canImport(Glibc)
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
      defer { dlclose(handle) }
      guard let symbol = dlsym(handle, "renameat2") else { return nil }
      let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 1 << 1
      let (first, second) = (BytePath.cString(first), BytePath.cString(second))
      return renameAt2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 ? 0 : errno
    #elseif canImport(Darwin)
      let (first, second) = (BytePath.cString(first), BytePath.cString(second))
      return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
    #else
      return nil
    #endif
  }

  /// Removes the file at `path`, or the folder and everything in it, never following a link.
  ///
  /// `ENOENT` counts as success.
  package static func removeTree(_ path: String) -> Int32 {
    if unlink(BytePath.cString(path)) == 0 || errno == ENOENT { return 0 }
    guard errno == EISDIR || errno == EPERM else { return errno }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if descriptor < 0 { return -descriptor }
    let emptied = removeContents(ofFolder: descriptor)
    _ = close(descriptor)
    if emptied != 0 { return emptied }
    return rmdir(BytePath.cString(path)) == 0 || errno == ENOENT ? 0 : errno
  }

  /// Removes everything inside the open folder `descriptor`, depth first, never following links.
  private static func removeContents(ofFolder descriptor: Int32) -> Int32 {
    switch entries(ofFolder: descriptor) {
    case .failure(let error): return error.code
    case .success(let names):
      for name in names {
        let failure: Int32 = name.withUnsafeBufferPointer { buffer in
          guard let name = buffer.baseAddress else { return EINVAL }
          if unlinkat(descriptor, name, 0) == 0 || errno == ENOENT { return 0 }
          guard errno == EISDIR || errno == EPERM else { return errno }
          let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          // Gone meanwhile: another process removed the same tree.
          if child < 0 { return errno == ENOENT ? 0 : errno }
          let emptied = removeContents(ofFolder: child)
          _ = close(child)
          if emptied != 0 { return emptied }
          return unlinkat(descriptor, name, AT_REMOVEDIR) == 0 || errno == ENOENT ? 0 : errno
        }
        if failure != 0 { return failure }
      }
      return 0
    }
  }

  /// Flushes every folder of the tree at `path` (its files were flushed as they were closed).
  package static func synchronizeTree(_ path: String) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if descriptor < 0 { return -descriptor }
    let synced = synchronizeTree(folder: descriptor)
    _ = close(descriptor)
    return synced
  }

  private static func synchronizeTree(folder descriptor: Int32) -> Int32 {
    switch entries(ofFolder: descriptor) {
    case .failure(let error): return error.code
    case .success(let names):
      for name in names {
        let failure: Int32 = name.withUnsafeBufferPointer { buffer in
          guard let name = buffer.baseAddress else { return EINVAL }
          let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          if child < 0 { return errno == ENOTDIR || errno == ELOOP ? 0 : errno }
          let synced = synchronizeTree(folder: child)
          _ = close(child)
          return synced
        }
        if failure != 0 { return failure }
      }
      let synced = fsync(descriptor)
      return synced == EINVAL ? 0 : synced
    }
  }

  /// The names in the open folder `descriptor` (without `.` and `..`), each NUL-terminated and
  /// kept as bytes, so a name that is not UTF-8 is still removed exactly.
  package static func entries(ofFolder descriptor: Int32) -> Result<[[CChar]], Errno> {
    // `fdopendir` takes over the descriptor it is given, so give it a copy.
    let copy = dup(descriptor)
    if copy < 0 { return .failure(Errno(errno)) }
    guard let folder = fdopendir(copy) else {
      let code = errno
      _ = close(copy)
      return .failure(Errno(code))
    }
    defer { closedir(folder) }
    var names: [[CChar]] = []
    // The name is read in place, up to its NUL: a `dirent` is only as long as its name
    // (`d_reclen`), so loading the whole 256-byte `d_name` field reads past the last entry of
    // the buffer `readdir` fills (AddressSanitizer's heap-buffer-overflow).
    let knownOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)
    assert(knownOffset != nil, "dirent.d_name is a stored field")
    let nameOffset = knownOffset ?? 0
    while let entry = readdir(folder) {
      let start = UnsafeRawPointer(entry).advanced(by: nameOffset)
        .assumingMemoryBound(to: CChar.self)
      let name = Array(UnsafeBufferPointer(start: start, count: strlen(start) + 1))
      if name == [46, 0] || name == [46, 46, 0] { continue }
      names.append(name)
    }
    return .success(names)
  }

  /// The system's sentence for `code`.
  package static func message(for code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// The symbolic name of `code` for the codes a write can meet, else `errno N`.
  package static func name(for code: Int32) -> String {
    let names: [Int32: String] = [
      EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
      EACCES: "EACCES", EEXIST: "EEXIST", EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR",
      EINVAL: "EINVAL", EMFILE: "EMFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS",
      EMLINK: "EMLINK", ENAMETOOLONG: "ENAMETOOLONG", ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP",
      EDQUOT: "EDQUOT", EBUSY: "EBUSY", ENXIO: "ENXIO",
    ]
    return names[code] ?? "errno \(code)"
  }
}

/// An `errno` value carried through a `Result`.
package struct Errno: Error {
  /// The code.
  package let code: Int32

  package init(_ code: Int32) { self.code = code }
}
