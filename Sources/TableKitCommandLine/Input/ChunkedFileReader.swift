#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input file open for reading in chunks, with errors that name the path and say what is
/// wrong in the system's words; closed when the last reference goes.
final class ChunkedFileReader {
  /// How many bytes each chunk holds at most.
  static let chunkSize = 1 << 20

  let path: String
  private let descriptor: Int32

  /// Opens the file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``JSONTableError/Reason/cannotRead(_:)`` when the file cannot be opened or is a
  ///   directory.
  init(path: String) throws(JSONTableError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path, Self.systemMessage(errno)) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Self.failure(path, Self.systemMessage(errno))
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw Self.failure(path, "it is a directory, not a file")
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The next chunk of the file, or `nil` at its end.
  ///
  /// - Returns: Up to ``chunkSize`` bytes, or `nil` at the end of the file.
  /// - Throws: ``JSONTableError/Reason/cannotRead(_:)`` when reading fails.
  func nextChunk() throws(JSONTableError) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count > 0 {
        chunk.removeLast(chunk.count - count)
        return chunk
      } else if count == 0 {
        return nil
      } else if errno != EINTR {
        throw Self.failure(path, Self.systemMessage(errno))
      }
    }
  }

  private static func failure(_ path: String, _ why: String) -> JSONTableError {
    JSONTableError(path: path, position: nil, reason: .cannotRead(why))
  }

  /// The system's message for `code`.
  private static func systemMessage(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }
}
