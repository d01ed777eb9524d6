#if canImport(Glibc)
  package import Glibc
#elseif canImport(Darwin)
  package import Darwin
#endif

extension SystemCalls {
  /// Opens `name` inside the open folder `folder` with `flags` (`openat(2)`).
  ///
  /// - Parameters:
  ///   - name: One segment: a name in `folder`, carried as ``BytePath`` does.
  ///   - folder: An open folder; it stays open.
  ///   - flags: `O_…` flags (add `O_NOFOLLOW` so a link is not followed).
  /// - Returns: The open descriptor.
  /// - Throws: ``Errno``, such as `ENOENT` when nothing is there or `ELOOP` for a link with
  ///   `O_NOFOLLOW`.
  package static func open(_ name: String, in folder: Int32, _ flags: Int32) throws(Errno)
    -> Int32
  {
    try valueOrErrno { openat(folder, BytePath.cString(name), flags) }
  }

  /// Makes `destination` a second name of the file `name` in the open folder `folder`
  /// (`linkat(2)`, never following a link at `name`).
  ///
  /// - Parameters:
  ///   - name: One segment: the file's name in `folder`.
  ///   - folder: An open folder; it stays open.
  ///   - destination: The new name; nothing may be there yet.
  /// - Throws: ``Errno``: `EXDEV` across file systems, `EPERM` where the file system or the
  ///   system's policy refuses hard links, `EEXIST` when `destination` exists.
  package static func link(_ name: String, in folder: Int32, to destination: String)
    throws(Errno)
  {
    let (source, target) = (BytePath.cString(name), BytePath.cString(destination))
    _ = try valueOrErrno { linkat(folder, source, AT_FDCWD, target, 0) }
  }

  /// The status of the open `descriptor` (`fstat(2)`).
  ///
  /// - Parameter descriptor: An open descriptor.
  /// - Returns: Its status.
  /// - Throws: ``Errno``.
  package static func status(of descriptor: Int32) throws(Errno) -> stat {
    var info = stat()
    _ = try valueOrErrno { fstat(descriptor, &info) }
    return info
  }

  /// The status of `name` in the open folder `folder`, a link not followed (`fstatat(2)`).
  ///
  /// - Parameters:
  ///   - name: One segment: a name in `folder`.
  ///   - folder: An open folder; it stays open.
  /// - Returns: Its status.
  /// - Throws: ``Errno``, such as `ENOENT` when nothing is there.
  package static func status(of name: String, in folder: Int32) throws(Errno) -> stat {
    var info = stat()
    let bytes = BytePath.cString(name)
    _ = try valueOrErrno { fstatat(folder, bytes, &info, AT_SYMLINK_NOFOLLOW) }
    return info
  }
}
