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

extension OutputBuffer {
  /// Runs `body` with a buffer in front of `output` and flushes it at the end.
  ///
  /// - Parameters:
  ///   - output: The stream that receives the text.
  ///   - body: Writes into the buffer.
  static func writing<Output: TextOutputStream>(
    to output: inout Output,
    _ body: (inout OutputBuffer) -> Void
  ) {
    withUnsafeMutablePointer(to: &output) { pointer in
      var buffer = OutputBuffer(sink: TextStreamSink(output: pointer))
      body(&buffer)
      buffer.flush()
    }
  }

  /// The text `body` writes, as a new string (for small outputs and tests).
  ///
  /// - Parameter body: Writes into the buffer.
  /// - Returns: Everything written.
  static func string(_ body: (inout OutputBuffer) -> Void) -> String {
    var result = ""
    writing(to: &result, body)
    return result
  }
}
