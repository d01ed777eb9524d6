#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure to deliver rendered output: the file could not be opened or a write failed.
public enum RenderError: Error, Hashable, Sendable {
  /// The file at `path` could not be created or opened for writing; `code` is the `errno`.
  case cannotOpen(path: String, code: Int32)
  /// Writing to `descriptor` failed; `code` is the `errno`.
  case writeFailed(descriptor: Int32, code: Int32)
}

extension RenderError: CustomStringConvertible {
  /// What failed, where, and the system's reason.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let code):
      return "cannot open \(path) for writing: \(Self.reason(code))"
    case .writeFailed(let descriptor, let code):
      return "writing to file descriptor \(descriptor) failed: \(Self.reason(code))"
    }
  }

  private static func reason(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message) + " (errno \(code))"
  }
}
