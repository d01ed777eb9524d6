#if canImport(Glibc)
  import Glibc

  /// `read(2)`, named apart from ``ByteInput/read(appendingTo:)``.
  private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
  {
    Glibc.read(descriptor, bytes, count)
  }
#elseif canImport(Darwin)
  import Darwin

  /// `read(2)`, named apart from ``ByteInput/read(appendingTo:)``.
  private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
  {
    Darwin.read(descriptor, bytes, count)
  }
#endif

/// An input read in chunks: a file, or standard input; a file can be read again from the start.
///
/// Errors name the input as the user did (its path, or `standard input`) and say what is wrong
/// in the system's words. A file is closed when the last reference goes; standard input is not.
package final class ByteInput {
  /// How many bytes each read asks for.
  package static let chunkSize = 1 << 18

  /// The input as messages name it: the path, or `standard input`.
  package let name: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// Whether the input is a regular file, which can be read again from its start.
  package let isRewindable: Bool
  /// Bytes read ahead to guess the format, handed out again before the rest.
  private var pushedBack: [UInt8] = []
  /// Called just before each read from the system, which may wait for a pipe: a reader that
  /// collects rows hands over those it has (``RowPrefetcher``).
  package var willRead: (() -> Void)?

  /// Opens the file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when it cannot be opened or is a
  ///   directory.
  package init(path: String) throws(TableInputError) {
    name = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    ownsDescriptor = true
    guard descriptor >= 0 else { throw Self.failure(path, Self.systemMessage(errno)) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Self.failure(path, Self.systemMessage(errno))
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw Self.failure(path, "it is a directory, not a file")
    }
    isRewindable = status.st_mode & S_IFMT == S_IFREG
  }

  /// Standard input, named `standard input` in messages; never read again from its start.
  package init(standardInput: Void) {
    name = "standard input"
    descriptor = 0
    ownsDescriptor = false
    isRewindable = false
  }

  /// An open descriptor, such as one end of a pipe, named `name` in messages; never read
  /// again from its start.
  ///
  /// A duplicate (`dup(2)`) is read and closed here, so the caller may close theirs at any
  /// time: a reading thread that is still finishing (``RowPrefetcher``) then reads its own
  /// descriptor, never one that was closed and given to another file.
  ///
  /// - Parameters:
  ///   - descriptor: The open descriptor.
  ///   - name: The input as messages name it.
  package init(descriptor: Int32, name: String) {
    self.name = name
    let duplicate = dup(descriptor)
    self.descriptor = duplicate >= 0 ? duplicate : descriptor
    ownsDescriptor = duplicate >= 0
    isRewindable = false
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to ``chunkSize`` bytes onto the end of `buffer`.
  ///
  /// - Parameter buffer: Where the bytes go.
  /// - Returns: How many bytes were added; 0 at the end of the input.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when reading fails.
  package func read(appendingTo buffer: inout [UInt8]) throws(TableInputError) -> Int {
    if !pushedBack.isEmpty {
      let count = pushedBack.count
      buffer.append(contentsOf: pushedBack)
      pushedBack = []
      return count
    }
    willRead?()
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        systemRead(descriptor, bytes.baseAddress.map { $0 + start }, Self.chunkSize)
      }
      if count >= 0 {
        buffer.removeLast(Self.chunkSize - count)
        return count
      }
      if errno != EINTR {
        buffer.removeLast(Self.chunkSize)
        throw Self.failure(name, Self.systemMessage(errno))
      }
    }
  }

  /// The first bytes of the input (up to `count`, fewer at its end), kept to be read again.
  ///
  /// - Parameter count: How many bytes to look at.
  /// - Returns: The bytes; empty for an empty input.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when reading fails.
  package func peek(_ count: Int) throws(TableInputError) -> [UInt8] {
    var bytes = pushedBack
    pushedBack = []
    while bytes.count < count {
      if try read(appendingTo: &bytes) == 0 { break }
    }
    pushedBack = bytes
    return bytes
  }

  /// Moves back to the start of a file.
  ///
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when the input cannot be read again.
  package func rewind() throws(TableInputError) {
    guard isRewindable else { throw Self.failure(name, "it cannot be read a second time") }
    pushedBack = []
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw Self.failure(name, Self.systemMessage(errno))
    }
  }

  private static func failure(_ name: String, _ why: String) -> TableInputError {
    TableInputError(path: name, position: nil, reason: .cannotRead(why))
  }

  /// The system's message for `code`.
  private static func systemMessage(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }
}
