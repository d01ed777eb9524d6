import TableRender
import Testing

/// The word-at-a-time search against a plain `contains`, at every length around the word size.
@Suite struct ByteScanTests {
  @Test func findsExactlyWhatAPlainSearchFinds() {
    // Mostly bytes next to the ones looked for (a SIMD-within-a-register test is most likely
    // to go wrong on neighbours and on bytes with the high bit set).
    let alphabet: [UInt8] = [
      0x21, 0x22, 0x23, 0x2B, 0x2C, 0x2D, 0x0A, 0x0D, 0x0C, 0x0E, 0xA2, 0xE2,
    ]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for length in 0...40 {
      for _ in 0..<200 {
        var bytes: [UInt8] = []
        for _ in 0..<length {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          // One byte in four from the alphabet, the rest plain letters.
          let pick = Int(state >> 58)
          bytes.append(pick < 48 ? UInt8(ascii: "a") + UInt8(pick % 26) : alphabet[pick % 12])
        }
        let found = bytes.withUnsafeBufferPointer {
          ByteScan.find(0x22, 0x2C, 0x0A, 0x0D, in: $0)
        }
        #expect(found.first == bytes.contains(0x22), "\(bytes)")
        #expect(found.any == bytes.contains { [0x22, 0x2C, 0x0A, 0x0D].contains($0) }, "\(bytes)")
      }
    }
  }
}
