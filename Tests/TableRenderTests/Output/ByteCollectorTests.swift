import TableRender
import Testing

@Suite struct ByteCollectorTests {
  /// Writes `bytes` into `collector` as one chunk.
  private func write(_ bytes: [UInt8], into collector: ByteCollector) {
    bytes.withUnsafeBufferPointer { collector.write($0) }
  }

  @Test func aCopyHoldsTheBytesInStorageOfTheirOwnSize() {
    let collector = ByteCollector()
    write(Array(repeating: 7, count: 200_000), into: collector)
    collector.removeAll()
    write(Array("small page".utf8), into: collector)
    let copy = collector.copiedBytes()
    #expect(copy == Array("small page".utf8))
    // Sized for its own bytes, not for the largest output the collector held.
    #expect(copy.capacity < 1_000)
    #expect(collector.bytes.capacity >= 200_000)
  }

  @Test func theCollectorKeepsItsStorageAfterACopy() {
    let collector = ByteCollector()
    write(Array(repeating: 1, count: 10_000), into: collector)
    let copy = collector.copiedBytes()
    let before = collector.bytes.withUnsafeBufferPointer { $0.baseAddress }
    collector.removeAll()
    write([2, 3], into: collector)
    let after = collector.bytes.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
    #expect(collector.bytes == [2, 3])
    #expect(copy == Array(repeating: 1, count: 10_000))
  }

  @Test func anEmptyCollectorCopiesNothing() {
    #expect(ByteCollector().copiedBytes().isEmpty)
  }
}
