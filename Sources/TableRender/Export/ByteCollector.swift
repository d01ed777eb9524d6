/// A sink that keeps what it is given, for a page rendered whole before it is written.
final class ByteCollector: ByteSink {
  /// The bytes so far.
  var bytes: [UInt8] = []

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes.append(contentsOf: bytes)
  }
}
