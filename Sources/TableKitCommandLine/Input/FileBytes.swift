#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads input files whole, with errors that name the path and say what is wrong in the
/// system's words.
enum FileBytes {
  /// How many bytes each `read(2)` asks for.
  static let chunkSize = 1 << 20

  /// The bytes of the file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: Its bytes.
  /// - Throws: ``JSONTableError/Reason/cannotRead(_:)`` when the file cannot be opened or read,
  ///   or is a directory.
  static func contents(ofFile path: String) throws(JSONTableError) -> [UInt8] {
    func failure(_ why: String) -> JSONTableError {
      JSONTableError(path: path, position: nil, reason: .cannotRead(why))
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(systemMessage(errno)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(systemMessage(errno)) }
    if status.st_mode & S_IFMT == S_IFDIR { throw failure("it is a directory, not a file") }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(clamping: status.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw failure(systemMessage(errno))
      }
    }
  }

  /// The system's message for `code`.
  private static func systemMessage(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }
}
