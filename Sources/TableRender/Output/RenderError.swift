#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure to deliver rendered output: the file could not be opened or a write failed.
///
/// The message names where the output was going, as the person who asked for it knows it (a
/// file's path, or standard output), and the system's reason:
///
/// ```text
/// cannot open /reports/out.csv for writing: No such file or directory (errno 2)
/// cannot write to /dev/full: No space left on device (errno 28)
/// ```
///
/// `print(error)`, `"\(error)"` and `error.localizedDescription` all read that message.
public enum RenderError: Error, Hashable, Sendable {
  /// The file at `path` could not be created or opened for writing; `code` is the `errno`.
  case cannotOpen(path: String, code: Int32)
  /// Writing to `destination` failed; `code` is the `errno`.
  ///
  /// `destination` is the sink's ``FileDescriptorSink/destination``: the path for
  /// ``TableRenderer/write(_:toFile:)``, `standard output` for
  /// ``TableRenderer/writeToStandardOutput(_:)``, and `file descriptor N` only for a bare
  /// descriptor that was given no name.
  case writeFailed(destination: String, code: Int32)
}

extension RenderError: CustomStringConvertible {
  /// What failed, where, and the system's reason.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let code):
      return "cannot open \(path) for writing: \(Self.reason(code))"
    case .writeFailed(let destination, let code):
      return "cannot write to \(destination): \(Self.reason(code))"
    }
  }

  private static func reason(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message) + " (errno \(code))"
  }
}
