#if canImport(Glibc)
  package import Glibc
#elseif canImport(Darwin)
  package import Darwin
#endif

/// Calls relative to an open folder, each name one segment given as bytes: what a patched
/// folder uses so that no link on the way is followed and no name is converted.
extension SystemCalls {
  /// Opens `name` inside the open folder `folder` (`openat(2)`), creating it with `mode` when
  /// `flags` hold `O_CREAT`.
  ///
  /// - Parameters:
  ///   - name: One segment, its bytes (no NUL).
  ///   - folder: An open folder; it stays open.
  ///   - flags: `O_…` flags.
  ///   - mode: The mode of a file `O_CREAT` creates.
  /// - Returns: The open descriptor.
  /// - Throws: ``Errno``.
  package static func open(
    segment name: some Collection<UInt8>, in folder: Int32, _ flags: Int32, mode: mode_t = 0
  ) throws(Errno) -> Int32 {
    let bytes = cName(name)
    return try valueOrErrno { openat(folder, bytes, flags, mode) }
  }

  /// Makes the folder `name` inside the open folder `folder` (`mkdirat(2)`).
  ///
  /// - Parameters:
  ///   - name: One segment, its bytes.
  ///   - folder: An open folder; it stays open.
  ///   - mode: Its mode before the umask.
  /// - Throws: ``Errno``; `EEXIST` when something is there already.
  package static func makeFolder(
    segment name: some Collection<UInt8>, in folder: Int32, mode: mode_t = 0o755
  ) throws(Errno) {
    let bytes = cName(name)
    _ = try valueOrErrno { mkdirat(folder, bytes, mode) }
  }

  /// Moves `name` in the open folder `source` over `destination` in `target`
  /// (`renameat(2)`): a link at either name is moved or replaced, never followed.
  ///
  /// - Parameters:
  ///   - name: One segment in `source`.
  ///   - source: An open folder; it stays open.
  ///   - destination: One segment in `target`; what is there is replaced.
  ///   - target: An open folder; it stays open.
  /// - Throws: ``Errno``; `ENOENT` when nothing is at `name`.
  package static func rename(
    segment name: some Collection<UInt8>, in source: Int32,
    to destination: some Collection<UInt8>, in target: Int32
  ) throws(Errno) {
    let (from, to) = (cName(name), cName(destination))
    _ = try valueOrErrno { renameat(source, from, target, to) }
  }

  /// Removes the file (or, with `isFolder`, the empty folder) `name` in the open folder
  /// `folder` (`unlinkat(2)`).
  ///
  /// - Parameters:
  ///   - name: One segment in `folder`.
  ///   - folder: An open folder; it stays open.
  ///   - isFolder: Whether `name` is an empty folder (`AT_REMOVEDIR`).
  /// - Throws: ``Errno``; `ENOENT` when nothing is there, `ENOTEMPTY` for a folder that is not
  ///   empty.
  package static func remove(
    segment name: some Collection<UInt8>, in folder: Int32, isFolder: Bool = false
  ) throws(Errno) {
    let bytes = cName(name)
    _ = try valueOrErrno { unlinkat(folder, bytes, isFolder ? AT_REMOVEDIR : 0) }
  }

  /// `name`'s bytes with a NUL at the end.
  private static func cName(_ name: some Collection<UInt8>) -> [CChar] {
    var bytes = name.map { CChar(bitPattern: $0) }
    bytes.append(0)
    return bytes
  }
}
