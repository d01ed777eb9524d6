/// A sink that keeps every byte it is given: a page rendered whole before it is written, or a
/// chunk's output written on another thread.
package final class ByteCollector: ByteSink {
  /// The bytes so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty collector.
  package init() {}

  /// An empty collector with room for `capacity` bytes, in `spare`'s storage when it is
  /// uniquely held (the storage of a collector whose bytes were written is used again).
  ///
  /// - Parameters:
  ///   - spare: Storage to reuse; it is left empty.
  ///   - capacity: The bytes to make room for.
  package init(reusing spare: inout [UInt8], capacity: Int) {
    swap(&bytes, &spare)
    bytes.removeAll(keepingCapacity: true)
    bytes.reserveCapacity(capacity)
  }

  /// A copy of the bytes so far in storage of their own, exactly their size; the collector
  /// keeps its storage for the next bytes.
  ///
  /// Hand this, not ``bytes``, to what keeps the bytes for a while (a queue of files to
  /// write): ``bytes`` shares the collector's storage, sized for the largest output so far, so
  /// the next ``removeAll()`` has to make new storage of that size, and each file kept would
  /// hold that much memory however few bytes it has.
  ///
  /// - Returns: The bytes.
  package func copiedBytes() -> [UInt8] {
    bytes.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
        count = target.initialize(fromContentsOf: source)
      }
    }
  }

  /// Forgets the bytes so far, keeping their storage for the next ones.
  package func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends `bytes`.
  ///
  /// - Parameter bytes: The bytes.
  package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes.append(contentsOf: bytes)
  }
}
