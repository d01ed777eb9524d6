#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that an `--input` path names a file this tool can read, before the JSON reader opens
/// it, so the message names the path and says what is wrong in the system's words.
///
/// Foundation reports a directory as `NSCocoaErrorDomain error 256` on Linux; this says
/// `cannot read ledger: it is a directory, not a file`.
enum InputFile {
  /// Why `path` cannot be read, or `nil` when it opens for reading and is not a directory.
  ///
  /// - Parameter path: The path given to `--input`.
  /// - Returns: A message naming the path, or `nil`.
  static func problem(at path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "cannot read \(path): \(reason(errno))" }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return "cannot read \(path): \(reason(errno))" }
    if status.st_mode & S_IFMT == S_IFDIR {
      return "cannot read \(path): it is a directory, not a file"
    }
    return nil
  }

  /// The system's message for `code`, with the number.
  private static func reason(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message) + " (errno \(code))"
  }
}
