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
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        // Qualified: inside this `write`, a bare `write` would be this method.
        #if canImport(Glibc)
          let written = Glibc.write(
            descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        #elseif canImport(Darwin)
          let written = Darwin.write(
            descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        #endif
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
