#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path or an open descriptor is: its device and inode numbers.
///
/// Two paths with the same identity are the same file, whatever links lead to them (a symbolic
/// link, a hard link, `/dev/stdin` opened on a redirected file). A command that writes its
/// output with ``SafeWrite`` compares the identity of its input with that of its output, so it
/// can refuse to replace the file it is still reading:
///
/// ```swift
/// func refusesToOverwriteItsInput(input: String, output: String) throws -> Bool {
///   guard let written = try FileIdentity(existingPath: output) else { return false }
///   return try FileIdentity(existingPath: input) == written
/// }
/// ```
public struct FileIdentity: Hashable, Sendable {
  /// The device that holds the file (`st_dev`).
  public let device: UInt64
  /// The file's number on its device (`st_ino`).
  public let inode: UInt64

  /// The identity of the file at `path`, following links, or `nil` when nothing is there.
  ///
  /// - Parameter path: The path to look at.
  /// - Throws: ``SafeWriteError`` with ``SafeWriteError/Operation/inspect`` for any failure but
  ///   a missing file (`ENOENT`), such as a folder on the way that cannot be searched.
  public init?(existingPath path: String) throws(SafeWriteError) {
    let info: stat
    do throws(Errno) {
      info = try SystemCalls.status(path, followingLinks: true)
    } catch let error where error.code == ENOENT || error.code == ENOTDIR {
      return nil
    } catch {
      throw SafeWriteError(path: path, operation: .inspect, code: error.code)
    }
    self.init(info)
  }

  /// The identity of the file open at `descriptor`, such as `0` for standard input.
  ///
  /// - Parameter descriptor: An open file descriptor.
  /// - Throws: ``SafeWriteError`` with ``SafeWriteError/Operation/inspect`` when `fstat(2)`
  ///   fails (a closed descriptor reads `EBADF`), naming the descriptor as `fd N`.
  public init(descriptor: Int32) throws(SafeWriteError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw SafeWriteError(path: "fd \(descriptor)", operation: .inspect, code: errno)
    }
    self.init(info)
  }

  private init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}
