/// A sink that decodes each chunk and appends it to a `TextOutputStream`.
///
/// It holds a pointer to the stream rather than a copy, so appending to a `String` never copies
/// what the string already held; it is created only inside `withUnsafeMutablePointer(to:)` and
/// never outlives that call.
struct TextStreamSink<Output: TextOutputStream>: ByteSink {
  let output: UnsafeMutablePointer<Output>

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    output.pointee.write(String(decoding: bytes, as: UTF8.self))
  }
}
