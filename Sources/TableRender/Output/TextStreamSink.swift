/// A sink that decodes each chunk and appends it to a `TextOutputStream`.
///
/// It holds a pointer to the stream rather than a copy, so appending to a `String` never copies
/// what the string already held; it is created only inside `withUnsafeMutablePointer(to:)` and
/// never outlives that call.
final class TextStreamSink<Output: TextOutputStream>: ByteSink {
  private let output: UnsafeMutablePointer<Output>

  init(output: UnsafeMutablePointer<Output>) {
    self.output = output
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    output.pointee.write(String(decoding: bytes, as: UTF8.self))
  }
}
