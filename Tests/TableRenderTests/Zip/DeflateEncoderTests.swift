import TableRender
import Testing

@Suite struct DeflateEncoderTests {
  /// Compresses `input` in pieces of `chunk` bytes and returns the whole stream.
  private func deflate(
    _ input: [UInt8], chunk: Int = 1 << 16, tuning: DeflateEncoder.Tuning = .level(3)
  ) -> [UInt8] {
    let encoder = DeflateEncoder(tuning: tuning)
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
      let end = min(index + chunk, input.count)
      encoder.compress(Array(input[index..<end]))
      encoder.takeOutput { output.append(contentsOf: $0) }
      index = end
    }
    encoder.finish()
    encoder.takeOutput { output.append(contentsOf: $0) }
    return output
  }

  /// Bytes that do not repeat, from a fixed linear congruential sequence.
  private func noise(_ count: Int) -> [UInt8] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  /// An empty stream is one final fixed block holding only end-of-block: 3 + 7 bits, `03 00`
  /// (what zlib writes too).
  @Test func emptyInputIsTheTwoByteFinalBlock() {
    #expect(deflate([]) == [0x03, 0x00])
  }

  /// An encoder made with no tuning matches as zlib's level 1 does (chains of 4).
  ///
  /// On a sheet's repetitive XML it costs far less CPU than level 3 for a stream within 1.3×
  /// of zlib's level 6 (see Docs/Performance.md). The input tells the two levels apart.
  @Test func theDefaultIsLevel1() {
    let rows = (0..<3000).map { row in
      "<row r=\"\(row)\"><c s=\"3\"><v>\(row &* 7919 % 100_000).\(row % 97)</v></c>"
        + "<c t=\"inlineStr\"><is><t>note \(row % 13)</t></is></c></row>"
    }
    let input = Array(rows.joined().utf8)
    let encoder = DeflateEncoder()
    var output: [UInt8] = []
    encoder.compress(input)
    encoder.finish()
    encoder.takeOutput { output.append(contentsOf: $0) }
    let isLevel1 = output == deflate(input, tuning: .level(1))
    let isLevel3 = output == deflate(input, tuning: .level(3))
    #expect(isLevel1, "not level 1's stream")
    #expect(!isLevel3, "the input does not tell levels 1 and 3 apart")
  }

  /// Incompressible bytes go out as stored blocks: five bytes of header per 65,535 bytes, no
  /// more (a Huffman block of noise would be larger).
  @Test func noiseIsStored() {
    let input = noise(200_000)
    let output = deflate(input)
    // The stream is split into blocks at window slides; each block is at most 65,535 stored
    // bytes plus a 5-byte header (and a byte of padding before it at most).
    #expect(output.count > input.count)
    #expect(output.count <= input.count + 6 * (input.count / 30_000 + 2))
    // The first block is stored (BTYPE 00): its bits 1-2 are zero.
    #expect(output[0] & 0b110 == 0)
  }

  /// Repetitive input compresses far below its stored size at every level, the same whatever
  /// the pieces it comes in.
  @Test(arguments: [1, 3, 4096, 1 << 16], 1...6)
  func repetitiveInputCompresses(chunk: Int, level: Int) {
    let line = Array("2026-11-28,INV-1042,Acme & Sons,1250.00,EUR\n".utf8)
    let input = Array([[UInt8]](repeating: line, count: 5000).joined())
    let output = deflate(input, chunk: chunk, tuning: .level(level))
    #expect(output.count < input.count / 50)
    #expect(output == deflate(input, tuning: .level(level)))
  }

  /// 10 MB of one byte compresses to a few bytes per 32 KiB.
  ///
  /// Matches of 258 at distance 1: the lazy levels put every position of a
  /// match in the hash chains and find distance 1 again: a few bytes per 32 KiB. The greedy
  /// ones skip the positions of long matches, so the match after one is found farther back,
  /// until the window's edge makes it a literal: zlib's levels 1-3 write 43,650 bytes for
  /// this, levels 4-6 9,733.
  @Test func longRunCompresses() {
    let input = [UInt8](repeating: 0x61, count: 10_000_000)
    #expect(deflate(input, tuning: .level(6)).count < 20_000)
    #expect(deflate(input).count < 50_000)
  }

  /// Length and distance codes with their extra bits, RFC 1951 §3.2.5's tables.
  @Test(arguments: [
    (3, 0, 0, 0), (10, 7, 0, 0), (11, 8, 1, 0), (12, 8, 1, 1), (13, 9, 1, 0), (19, 12, 2, 0),
    (130, 23, 4, 15), (131, 24, 5, 0), (227, 27, 5, 0), (257, 27, 5, 30), (258, 28, 0, 0),
  ])
  func lengthCodes(length: Int, code: Int, extraBits: Int, extra: Int) {
    let result = DeflateEncoder.lengthCode(length - 3)
    #expect(result.code == code && result.extraBits == extraBits && result.extra == extra)
  }

  @Test(arguments: [
    (1, 0, 0, 0), (4, 3, 0, 0), (5, 4, 1, 0), (6, 4, 1, 1), (7, 5, 1, 0), (9, 6, 2, 0),
    (24_577, 29, 13, 0), (32_768, 29, 13, 8191),
  ])
  func distanceCodes(distance: Int, code: Int, extraBits: Int, extra: Int) {
    let result = DeflateEncoder.distanceCode(distance - 1)
    #expect(result.code == code && result.extraBits == extraBits && result.extra == extra)
  }
}
