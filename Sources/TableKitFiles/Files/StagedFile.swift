/// The temporary file that ``SafeWrite/file(at:_:)`` and ``StagedDirectory/writeFile(_:_:)`` hand
/// to their closure, open for writing.
///
/// Write the content with ``write(contentsOf:)`` (or ``write(_:)`` for text), or hand
/// ``descriptor`` to code that writes to a file descriptor. Do not close the descriptor, seek it
/// or keep it: the safe write flushes, syncs and closes it when the closure returns.
///
/// ```swift
/// try SafeWrite.file(at: "report.csv") { file in
///   try file.write("name,amount\n")
///   try file.write(contentsOf: Array("Ada,42\n".utf8))
/// }
/// ```
///
/// A staged file owns an open descriptor, so it is not `Sendable`: write it on the thread that
/// was handed it.
public struct StagedFile {
  /// The temporary file's path: a hidden sibling of the target (`.NAME.tablekit-XXXXXX`) for
  /// ``SafeWrite/file(at:_:)``, or the file's place inside the staged folder.
  public let path: String
  /// The open, write-only descriptor of the temporary file.
  public let descriptor: Int32
  /// How many bytes were written through ``write(contentsOf:)`` and ``write(_:)``.
  public private(set) var byteCount = 0
  /// The path named in errors: the target, not the temporary a user never sees.
  let reportedPath: String

  package init(path: String, descriptor: Int32, reportedPath: String) {
    self.path = path
    self.descriptor = descriptor
    self.reportedPath = reportedPath
  }

  /// Appends `bytes` to the file, retrying short writes.
  ///
  /// - Parameter bytes: The bytes to append.
  /// - Throws: ``SafeWriteError`` with ``SafeWriteError/Operation/write`` and the system's code
  ///   (`ENOSPC` on a full disk, `EFBIG` past a file-size limit), naming the target's path.
  public mutating func write(contentsOf bytes: some Collection<UInt8>) throws(SafeWriteError) {
    let descriptor = self.descriptor
    // The closures cannot throw `Errno` through `withUnsafeBytes`, which only rethrows.
    let written =
      bytes.withContiguousStorageIfAvailable { buffer in
        Result { () throws(Errno) in
          try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(buffer))
        }
      }
      ?? Array(bytes).withUnsafeBytes { buffer in
        Result { () throws(Errno) in try SystemCalls.writeAll(descriptor, buffer) }
      }
    try SafeWrite.attempt(.write, on: reportedPath) { () throws(Errno) in try written.get() }
    byteCount += bytes.count
  }

  /// Appends `text` to the file as UTF-8.
  ///
  /// - Parameter text: The text to append.
  /// - Throws: ``SafeWriteError`` as ``write(contentsOf:)`` does.
  public mutating func write(_ text: String) throws(SafeWriteError) {
    try write(contentsOf: text.utf8)
  }
}

// A staged file is a handle on an open descriptor that the safe write closes when the closure
// returns: another thread holding a copy would write to a closed (or reused) descriptor.
@available(*, unavailable)
extension StagedFile: Sendable {}
