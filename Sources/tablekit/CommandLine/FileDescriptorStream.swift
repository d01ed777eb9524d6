import TableKit
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text stream onto an open file descriptor (standard output or standard error).
///
/// It calls `write(2)` directly, so it touches no C global such as `stdout`, and it retries short
/// writes so nothing is lost on a pipe.
struct FileDescriptorStream: TextOutputStream {
  let descriptor: Int32

  static var standardOutput: FileDescriptorStream { FileDescriptorStream(descriptor: 1) }
  static var standardError: FileDescriptorStream { FileDescriptorStream(descriptor: 2) }

  mutating func write(_ string: String) {
    var text = string
    // A failed write to standard output or error has nowhere to be reported: it is dropped.
    text.withUTF8 { bytes in try? SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
  }
}
