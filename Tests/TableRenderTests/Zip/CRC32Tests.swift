import TableRender
import Testing

@Suite struct CRC32Tests {
  /// Published check values: "123456789" → CBF43926 (the CRC catalogue's CRC-32/ISO-HDLC), the
  /// empty input → 0, and "The quick brown fox jumps over the lazy dog" → 414FA339.
  @Test(arguments: [
    ("123456789", UInt32(0xCBF4_3926)), ("", 0),
    ("The quick brown fox jumps over the lazy dog", 0x414F_A339), ("a", 0xE8B7_BE43),
  ])
  func knownVectors(text: String, expected: UInt32) {
    var crc = CRC32()
    crc.update(Array(text.utf8))
    #expect(crc.value == expected)
  }

  /// The eight-byte path and the byte path agree: any split of the input gives the same value.
  @Test func splitsGiveTheSameValue() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var whole = CRC32()
    whole.update(bytes)
    for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
      var parts = CRC32()
      parts.update(Array(bytes[..<split]))
      parts.update(Array(bytes[split...]))
      #expect(parts.value == whole.value)
    }
  }
}
