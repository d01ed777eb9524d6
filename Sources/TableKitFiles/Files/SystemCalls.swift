#if canImport(Glibc)
  package import Glibc
#elseif canImport(Darwin)
  package import Darwin
#endif

/// The package's system calls, in one shape: each throws the ``Errno`` it failed with and
/// returns its value (`open` the descriptor, `read` the count, `status` the `stat`), each
/// interrupted call (`EINTR`) made again in one place, ``valueOrErrno(retryingOnInterrupt:_:)``.
///
/// A call the system does not have is not a failure: ``synchronizeFileSystem(containing:)`` and
/// ``exchange(_:_:)`` return `false` then, so the caller must choose its fallback (a `Bool`
/// result cannot be dropped unseen, and no errno is borrowed for "no such call"). The callers
/// turn an ``Errno`` into their own error, such as ``SafeWriteError`` with the operation it was.
///
/// ```swift
/// let descriptor = try SystemCalls.open(path, O_RDONLY | O_CLOEXEC)
/// let names = try SystemCalls.closeAfter(descriptor) { try SystemCalls.entries(ofFolder: descriptor) }
/// ```
package enum SystemCalls {
  /// Makes `call` again for as long as it fails with `EINTR`; returns its value, or throws the
  /// `errno` of any other failure.
  ///
  /// For the calls that return `-1` (or any negative value) and set `errno` on failure — `read`,
  /// `pread`, `write`, `open`, `fsync`, `flock`, `rename`. A signal handled while the call waits
  /// interrupts it before it did anything, so calling it again is always right. The package's
  /// one retry loop: every call below goes through it, and no caller outside this type reads
  /// `errno` after a call made here (it is `package` so its tests can drive `EINTR`).
  ///
  /// ```swift
  /// let count = try SystemCalls.valueOrErrno { read(descriptor, buffer, size) }
  /// ```
  ///
  /// - Parameters:
  ///   - retries: Whether `EINTR` makes the call again (`close` must not be made twice).
  ///   - call: The system call; it may be made several times.
  /// - Returns: The first result that is not a failure.
  /// - Throws: ``Errno`` with the code of the first failure that is not `EINTR` (or is, when
  ///   `retries` is `false`).
  package static func valueOrErrno<Value: SignedInteger>(
    retryingOnInterrupt retries: Bool = true, _ call: () -> Value
  ) throws(Errno) -> Value {
    while true {
      let value = call()
      if value >= 0 { return value }
      let code = errno
      if code != EINTR || !retries { throw Errno(code) }
    }
  }

  /// Runs `body`, then closes `descriptor`, on every path.
  ///
  /// For a descriptor whose close loses nothing: a folder, a file opened for reading, a lock.
  /// A failed close is ignored there; a written file is closed with ``close(_:)``, whose error
  /// is the write's.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor; closed when this returns or throws.
  ///   - body: The work done with it.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, unchanged.
  package static func closeAfter<Result, Failure: Error>(
    _ descriptor: Int32, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { try? close(descriptor) }
    return try body()
  }

  /// Reads into `buffer` from the descriptor's position (`read(2)`).
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - buffer: Where the bytes go; at most its count are read.
  /// - Returns: How many bytes were read; `0` at the end of the input.
  /// - Throws: ``Errno``.
  package static func read(
    from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
  ) throws(Errno) -> Int {
    try valueOrErrno {
      #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Darwin)
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
    }
  }

  /// Reads into `buffer` at `offset` without moving the descriptor's position (`pread(2)`), so
  /// two threads can read one file.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor of a file.
  ///   - buffer: Where the bytes go; at most its count are read.
  ///   - offset: Where in the file to read.
  /// - Returns: How many bytes were read; `0` at the end of the file.
  /// - Throws: ``Errno``.
  package static func read(
    from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  ) throws(Errno) -> Int {
    try valueOrErrno { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor.
  ///   - bytes: What to write.
  /// - Throws: ``Errno`` of the failed write (`ENOSPC` when a write wrote nothing).
  package static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer
  ) throws(Errno) {
    guard var start = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = try valueOrErrno {
        #if canImport(Glibc)
          Glibc.write(descriptor, start, remaining)
        #elseif canImport(Darwin)
          Darwin.write(descriptor, start, remaining)
        #endif
      }
      // `write` returns 0 only for a zero count; treat it as the disk refusing more.
      guard written > 0 else { throw Errno(ENOSPC) }
      start += written
      remaining -= written
    }
  }

  /// Opens `path` with `flags` and `mode` (`open(2)`).
  ///
  /// - Parameters:
  ///   - path: The path, carried as ``BytePath`` does.
  ///   - flags: `O_…` flags.
  ///   - mode: The mode of a file `O_CREAT` creates.
  /// - Returns: The open descriptor.
  /// - Throws: ``Errno``, such as `ENOENT` when nothing is at `path`.
  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(Errno)
    -> Int32
  {
    try valueOrErrno {
      #if canImport(Glibc)
        Glibc.open(BytePath.cString(path), flags, mode)
      #elseif canImport(Darwin)
        Darwin.open(BytePath.cString(path), flags, mode)
      #endif
    }
  }

  /// Flushes `descriptor` to the disk.
  ///
  /// A file the file system cannot sync (`EINVAL`: a FIFO, a folder on some file systems) has
  /// nothing more to flush, and counts as flushed.
  ///
  /// - Parameter descriptor: An open descriptor.
  /// - Throws: ``Errno``.
  package static func fsync(_ descriptor: Int32) throws(Errno) {
    do throws(Errno) {
      _ = try valueOrErrno {
        #if canImport(Glibc)
          Glibc.fsync(descriptor)
        #elseif canImport(Darwin)
          // On Darwin `fsync` only reaches the drive's cache; `F_FULLFSYNC` reaches the platter.
          fcntl(descriptor, F_FULLFSYNC) == 0 ? 0 : Darwin.fsync(descriptor)
        #endif
      }
    } catch let error where error.code == EINVAL {
      return
    }
  }

  /// Closes `descriptor` once; `EINTR` is not retried and counts as closed (on Linux the
  /// descriptor is gone anyway).
  ///
  /// - Parameter descriptor: An open descriptor; closed whatever this throws.
  /// - Throws: ``Errno``, where some file systems report a late write error.
  package static func close(_ descriptor: Int32) throws(Errno) {
    do throws(Errno) {
      _ = try valueOrErrno(retryingOnInterrupt: false) {
        #if canImport(Glibc)
          Glibc.close(descriptor)
        #elseif canImport(Darwin)
          Darwin.close(descriptor)
        #endif
      }
    } catch let error where error.code == EINTR {
      return
    }
  }

  /// Takes an exclusive advisory lock on `descriptor` (`flock(2)`).
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - waits: Whether to wait while another holds the lock.
  /// - Throws: ``Errno``; `EWOULDBLOCK` when `waits` is `false` and the lock is held.
  package static func lock(_ descriptor: Int32, waits: Bool) throws(Errno) {
    _ = try valueOrErrno { flock(descriptor, waits ? LOCK_EX : LOCK_EX | LOCK_NB) }
  }

  /// Flushes the folder at `path`, so that a rename inside it survives a crash.
  ///
  /// File systems that cannot sync a folder (`EINVAL`) count as success, as in ``fsync(_:)``.
  ///
  /// - Parameter path: The folder.
  /// - Throws: ``Errno``.
  package static func synchronizeFolder(_ path: String) throws(Errno) {
    let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try closeAfter(descriptor) { () throws(Errno) in try fsync(descriptor) }
  }

  /// Makes the folder at `path` (`mkdir(2)`), with `mode` less the umask.
  ///
  /// - Parameters:
  ///   - path: The new folder; the folder above it must exist.
  ///   - mode: Its mode before the umask.
  /// - Throws: ``Errno``; `EEXIST` when something is at `path` already.
  package static func makeFolder(_ path: String, mode: mode_t = 0o755) throws(Errno) {
    let bytes = BytePath.cString(path)
    _ = try valueOrErrno { mkdir(bytes, mode) }
  }

  /// `stat(2)` (following links) or `lstat(2)`.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - followingLinks: Whether a link is followed to what it names.
  /// - Returns: The status.
  /// - Throws: ``Errno``, such as `ENOENT` when nothing is at `path`.
  package static func status(_ path: String, followingLinks: Bool) throws(Errno) -> stat {
    var info = stat()
    let bytes = BytePath.cString(path)
    _ = try valueOrErrno { followingLinks ? stat(bytes, &info) : lstat(bytes, &info) }
    return info
  }

  /// The canonical absolute path of an existing `path`, every link followed (`realpath(3)`).
  ///
  /// - Parameter path: The path.
  /// - Returns: The resolved path, carried as ``BytePath`` does.
  /// - Throws: ``Errno``.
  package static func realPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(BytePath.cString(path), nil) else { throw Errno(errno) }
    defer { free(resolved) }
    let bytes = UnsafeBufferPointer(start: resolved, count: strlen(resolved))
    return BytePath.carried(bytes.map { UInt8(bitPattern: $0) })
  }

  /// Moves `source` over `destination` (`rename(2)`).
  ///
  /// - Parameters:
  ///   - source: What to move.
  ///   - destination: Its new path; what is there is replaced.
  /// - Throws: ``Errno``.
  package static func rename(_ source: String, _ destination: String) throws(Errno) {
    let (source, destination) = (BytePath.cString(source), BytePath.cString(destination))
    _ = try valueOrErrno {
      #if canImport(Glibc)
        Glibc.rename(source, destination)
      #elseif canImport(Darwin)
        Darwin.rename(source, destination)
      #endif
    }
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
  /// file's data and every folder's entries — in one call, where this system has one (see
  /// ``canSynchronizeFileSystem``).
  ///
  /// One call instead of an `fsync` a file: a staged site of 10,000 pages took 45 s of its 50 s
  /// in per-file syncs on a disk.
  ///
  /// - Parameter path: A folder on the file system to flush.
  /// - Returns: `true` when it was flushed; `false` when this system has no such call (the
  ///   caller then syncs what it wrote itself).
  /// - Throws: ``Errno`` when the system has the call and it failed.
  package static func synchronizeFileSystem(containing path: String) throws(Errno) -> Bool {
    #if canImport(Glibc)
      typealias SyncFS = @convention(c) (Int32) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW) else { return false }
      defer { dlclose(handle) }
      guard let symbol = dlsym(handle, "syncfs") else { return false }
      let syncFS = unsafeBitCast(symbol, to: SyncFS.self)
      let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      _ = try closeAfter(descriptor) { () throws(Errno) in try valueOrErrno { syncFS(descriptor) } }
      return true
    #else
      _ = path
      return false
    #endif
  }

  /// Swaps `first` and `second` in one step, where this system and file system can.
  ///
  /// Linux: `renameat2(…, RENAME_EXCHANGE)` (kernel 3.15, glibc 2.28), looked up at run time
  /// because the Glibc module does not declare it. Darwin: `renamex_np(…, RENAME_SWAP)`
  /// (macOS 10.12 and later, APFS and HFS+).
  ///
  /// - Parameters:
  ///   - first: One path.
  ///   - second: The other.
  /// - Returns: `true` when the two were swapped; `false` when there is no swap here — no such
  ///   call, or a file system that answers `EINVAL`, `ENOSYS` or `ENOTSUP` — and nothing was
  ///   changed (the caller then falls back to two renames).
  /// - Throws: ``Errno`` of any other failure.
  package static func exchange(_ first: String, _ second: String) throws(Errno) -> Bool {
    let (first, second) = (BytePath.cString(first), BytePath.cString(second))
    #if canImport(Glibc)
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW) else { return false }
      defer { dlclose(handle) }
      guard let symbol = dlsym(handle, "renameat2") else { return false }
      let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 1 << 1
      let swap = { renameAt2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) }
    #elseif canImport(Darwin)
      let swap = { renamex_np(first, second, UInt32(RENAME_SWAP)) }
    #endif
    do throws(Errno) {
      _ = try valueOrErrno(swap)
      return true
    } catch let error where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP {
      return false
    }
  }

  /// Removes the file at `path`, or the folder and everything in it, never following a link.
  ///
  /// - Parameter path: What to remove; nothing there (`ENOENT`) counts as success.
  /// - Throws: ``Errno``.
  package static func removeTree(_ path: String) throws(Errno) {
    do throws(Errno) {
      _ = try valueOrErrno { unlink(BytePath.cString(path)) }
      return
    } catch let error where error.code == ENOENT {
      return
    } catch let error where error.code == EISDIR || error.code == EPERM {
      // A folder: emptied below, then removed.
    }
    let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    try closeAfter(descriptor) { () throws(Errno) in try removeContents(ofFolder: descriptor) }
    do throws(Errno) {
      _ = try valueOrErrno { rmdir(BytePath.cString(path)) }
    } catch let error where error.code == ENOENT {
      return
    }
  }

  /// Removes everything inside the open folder `descriptor`, depth first, never following links.
  private static func removeContents(ofFolder descriptor: Int32) throws(Errno) {
    for name in try entries(ofFolder: descriptor) {
      try name.withUnsafeBufferPointer { buffer throws(Errno) in
        guard let name = buffer.baseAddress else { throw Errno(EINVAL) }
        do throws(Errno) {
          _ = try valueOrErrno { unlinkat(descriptor, name, 0) }
          return
        } catch let error where error.code == ENOENT {
          return
        } catch let error where error.code == EISDIR || error.code == EPERM {
          // A folder: emptied below, then removed.
        }
        let child: Int32
        do throws(Errno) {
          child = try valueOrErrno {
            openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          }
        } catch let error where error.code == ENOENT {
          // Gone meanwhile: another process removed the same tree.
          return
        }
        try closeAfter(child) { () throws(Errno) in try removeContents(ofFolder: child) }
        do throws(Errno) {
          _ = try valueOrErrno { unlinkat(descriptor, name, AT_REMOVEDIR) }
        } catch let error where error.code == ENOENT {
          return
        }
      }
    }
  }

  /// Flushes every folder of the tree at `path` (its files were flushed as they were closed).
  ///
  /// - Parameter path: The tree's root folder.
  /// - Throws: ``Errno``.
  package static func synchronizeTree(_ path: String) throws(Errno) {
    let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    try closeAfter(descriptor) { () throws(Errno) in try synchronizeTree(folder: descriptor) }
  }

  private static func synchronizeTree(folder descriptor: Int32) throws(Errno) {
    for name in try entries(ofFolder: descriptor) {
      try name.withUnsafeBufferPointer { buffer throws(Errno) in
        guard let name = buffer.baseAddress else { throw Errno(EINVAL) }
        let child: Int32
        do throws(Errno) {
          child = try valueOrErrno {
            openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          }
        } catch let error where error.code == ENOTDIR || error.code == ELOOP {
          // A file or a link: nothing to flush here.
          return
        }
        try closeAfter(child) { () throws(Errno) in try synchronizeTree(folder: child) }
      }
    }
    try fsync(descriptor)
  }

  /// The names in the open folder `descriptor` (without `.` and `..`), each NUL-terminated and
  /// kept as bytes, so a name that is not UTF-8 is still removed exactly.
  ///
  /// - Parameter descriptor: An open folder; it stays open.
  /// - Returns: The names.
  /// - Throws: ``Errno`` when the folder cannot be read.
  package static func entries(ofFolder descriptor: Int32) throws(Errno) -> [[CChar]] {
    // `fdopendir` takes over the descriptor it is given, so give it a copy.
    let copy = try valueOrErrno { dup(descriptor) }
    guard let folder = fdopendir(copy) else {
      let code = errno
      try? close(copy)
      throw Errno(code)
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
    return names
  }

  /// The names in the folder at `path`, as ``entries(ofFolder:)`` gives them.
  ///
  /// - Parameter path: The folder.
  /// - Returns: The names, each NUL-terminated.
  /// - Throws: ``Errno`` when the folder cannot be opened or read.
  package static func entries(inFolder path: String) throws(Errno) -> [[CChar]] {
    let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    return try closeAfter(descriptor) { () throws(Errno) in try entries(ofFolder: descriptor) }
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

/// The `errno` a system call failed with, thrown by every call of ``SystemCalls``.
///
/// ```swift
/// do {
///   _ = try SystemCalls.open(path, O_RDONLY | O_CLOEXEC)
/// } catch where error.code == ENOENT {
///   // Nothing at `path`.
/// }
/// ```
package struct Errno: Error, Hashable {
  /// The code, such as `ENOENT`.
  package let code: Int32

  /// The error for `code`.
  ///
  /// - Parameter code: An `errno` value.
  package init(_ code: Int32) { self.code = code }
}
