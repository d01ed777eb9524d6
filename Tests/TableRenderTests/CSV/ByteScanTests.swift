import TableRender
import Testing

/// The word-at-a-time scans against plain byte-by-byte ones, at every length around the word
/// size.
@Suite struct ByteScanTests {
  /// Calls `check` with 200 random byte strings of each length from 0 to 40, each byte made by
  /// `byte` from a random number in 0..<128.
  private func forEachRandomString(byte: (Int) -> UInt8, _ check: ([UInt8]) -> Void) {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for length in 0...40 {
      for _ in 0..<200 {
        var bytes: [UInt8] = []
        for _ in 0..<length {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          bytes.append(byte(Int(state >> 57)))
        }
        check(bytes)
      }
    }
  }

  @Test func findsExactlyWhatAPlainSearchFinds() {
    // One byte in four next to the ones looked for (a SIMD-within-a-register test is most
    // likely to go wrong on neighbours and on bytes with the high bit set), the rest letters.
    let alphabet: [UInt8] = [
      0x21, 0x22, 0x23, 0x2B, 0x2C, 0x2D, 0x0A, 0x0D, 0x0C, 0x0E, 0xA2, 0xE2,
    ]
    let byte: (Int) -> UInt8 = {
      $0 < 96 ? UInt8(ascii: "a") + UInt8($0 % 26) : alphabet[$0 % alphabet.count]
    }
    forEachRandomString(byte: byte) { bytes in
      let found = bytes.withUnsafeBufferPointer { ByteScan.find(0x22, 0x2C, 0x0A, 0x0D, in: $0) }
      #expect(found.first == bytes.contains(0x22), "\(bytes)")
      #expect(found.any == bytes.contains { [0x22, 0x2C, 0x0A, 0x0D].contains($0) }, "\(bytes)")
    }
  }

  /// The printable-ASCII test against a byte-by-byte one, with the bytes on either side of each
  /// bound (0x1F/0x20, 0x7E/0x7F/0x80) and UTF-8 lead and continuation bytes.
  @Test func printableASCIIIsExactlyTheBytesFrom0x20To0x7E() {
    let edges: [UInt8] = [
      0x00, 0x09, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC3, 0xE2, 0xFF,
    ]
    // Mostly printable bytes, so that whole strings of them are common too.
    let byte: (Int) -> UInt8 = { $0 < 124 ? 0x20 + UInt8($0 % 95) : edges[$0 % edges.count] }
    forEachRandomString(byte: byte) { bytes in
      let printable = bytes.allSatisfy { (0x20...0x7E).contains($0) }
      #expect(bytes.withUnsafeBufferPointer(ByteScan.isPrintableASCII) == printable, "\(bytes)")
    }
  }

  @Test func escapeLeadBytesAreFoundExactly() {
    let edges: [UInt8] = [
      0x00, 0x09, 0x0A, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC1, 0xC2, 0xC3, 0xD7, 0xD8, 0xD9, 0xE1,
      0xE2, 0xE3,
    ]
    let byte: (Int) -> UInt8 = { $0 < 120 ? 0x20 + UInt8($0 % 95) : edges[$0 % edges.count] }
    forEachRandomString(byte: byte) { bytes in
      let expected = bytes.contains {
        $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2
      }
      let found = bytes.withUnsafeBufferPointer(ByteScan.mayNeedTerminalEscaping)
      #expect(found == expected, "\(bytes)")
    }
  }
}
