import TableRender
import Testing

@Suite struct ZipArchiveWriterTests {
  /// The archive of `members` (name, bytes), as bytes.
  private func archive(_ members: [(String, [UInt8])], forcesZip64: Bool = false) -> [UInt8] {
    let collector = ByteCollector()
    let writer = ZipArchiveWriter(sink: collector, forcesZip64: forcesZip64)
    for (name, bytes) in members {
      writer.beginMember(named: name)
      writer.write(bytes)
    }
    writer.finish()
    return collector.bytes
  }

  private func read32(_ bytes: [UInt8], at offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  private func read16(_ bytes: [UInt8], at offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  /// The end record names the member count and where the central directory starts; there the
  /// first entry carries the member's CRC-32, sizes and the local header's offset (0).
  @Test func centralDirectoryDescribesTheMembers() {
    let text = Array("hello, hello, hello\n".utf8)
    let bytes = archive([("a.txt", text), ("b/c.xml", [])])
    #expect(read32(bytes, at: 0) == 0x0403_4B50)
    #expect(read16(bytes, at: 6) == 0x0808)
    #expect(read16(bytes, at: 8) == 8)
    let end = bytes.count - 22
    #expect(read32(bytes, at: end) == 0x0605_4B50)
    #expect(read16(bytes, at: end + 10) == 2)
    let directory = read32(bytes, at: end + 16)
    #expect(read32(bytes, at: directory) == 0x0201_4B50)
    var crc = CRC32()
    crc.update(text)
    #expect(read32(bytes, at: directory + 16) == Int(crc.value))
    #expect(read32(bytes, at: directory + 24) == text.count)
    #expect(read32(bytes, at: directory + 42) == 0)
    #expect(Array(bytes[(directory + 46)..<(directory + 51)]) == Array("a.txt".utf8))
    // The compressed size is the distance from the end of the local header to the descriptor.
    let compressed = read32(bytes, at: directory + 20)
    #expect(read32(bytes, at: 30 + 5 + compressed) == 0x0807_4B50)
  }

  /// With ZIP64 forced, the end of the archive holds the ZIP64 end record and its locator, and
  /// the classic end record points at them with its all-ones fields.
  @Test func zip64RecordsWhenForced() {
    let bytes = archive([("a", [1, 2, 3])], forcesZip64: true)
    let end = bytes.count - 22
    #expect(read32(bytes, at: end + 16) == 0xFFFF_FFFF)
    #expect(read16(bytes, at: end + 10) == 0xFFFF)
    let locator = end - 20
    #expect(read32(bytes, at: locator) == 0x0706_4B50)
    let record = read32(bytes, at: locator + 8)
    #expect(read32(bytes, at: record) == 0x0606_4B50)
    #expect(record == locator - 56)
  }

  /// Two runs over the same members give the same bytes (one fixed time stamp).
  @Test func archivesAreReproducible() {
    let members = [("x.xml", Array(repeating: UInt8(ascii: "x"), count: 100_000))]
    #expect(archive(members) == archive(members))
  }
}
