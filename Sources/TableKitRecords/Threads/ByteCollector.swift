import TableRender

/// A sink that keeps every byte it is given, for a chunk's output written on another thread.
final class ByteCollector: ByteSink {
  /// The bytes so far.
  private(set) var bytes: [UInt8] = []

  /// An empty collector with room for `capacity` bytes, in `spare`'s storage when it is
  /// uniquely held.
  init(reusing spare: inout [UInt8], capacity: Int) {
    swap(&bytes, &spare)
    bytes.removeAll(keepingCapacity: true)
    bytes.reserveCapacity(capacity)
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes.append(contentsOf: bytes)
  }
}
