import TableKitRecords
import TableKitTestSupport
import TableRender
import Testing

/// The block tests the record scans are built on, each against the bytes themselves: every
/// question at every offset of random bytes drawn mostly from the ones the scans look for.
@Suite struct ByteBlockTests {
  /// Bytes the scans ask about, and their neighbours.
  static let interesting: [UInt8] = [
    0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x2B, 0x2C, 0x2D, 0x2F, 0x30, 0x3D, 0x40, 0x41, 0x7E, 0x7F,
    0x80, 0xBF, 0xC2, 0xE2, 0xEF, 0xF0, 0xFF,
  ]

  static func randomBytes(_ count: Int, _ generator: inout SeededGenerator) -> [UInt8] {
    (0..<count).map { _ in
      let pick = generator.next()
      return pick % 4 == 0
        ? UInt8(truncatingIfNeeded: pick >> 8)
        : interesting[Int((pick >> 8) % UInt64(interesting.count))]
    }
  }

  /// The mask a block should give: bit `i` for byte `i` when `test` holds.
  static func expected(_ bytes: ArraySlice<UInt8>, _ test: (UInt8) -> Bool) -> UInt32 {
    var mask: UInt32 = 0
    for (index, byte) in bytes.enumerated() where test(byte) { mask |= 1 << UInt32(index) }
    return mask
  }

  /// One kind of block's answers, read with `load`, against the bytes.
  func check(
    width: Int,
    load: (UnsafeRawPointer) -> (
      matches: (UInt8) -> UInt32, nonASCII: UInt32, candidates: UInt32,
      store: (UnsafeMutableRawPointer) -> Void
    )
  ) {
    var generator = SeededGenerator(state: UInt64(width))
    var failures: [String] = []
    for _ in 0..<300 {
      let bytes = Self.randomBytes(width + 7, &generator)
      for offset in 0..<8 {
        let block = bytes[offset..<offset + width]
        bytes.withUnsafeBytes { raw in
          let answers = load(raw.baseAddress.unsafelyUnwrapped + offset)
          for byte in Self.interesting + [UInt8(truncatingIfNeeded: generator.next())]
          where answers.matches(byte) != Self.expected(block, { $0 == byte }) {
            failures.append("matches(\(byte)) at \(offset) of \(bytes)")
          }
          if answers.nonASCII != Self.expected(block, { $0 >= 0x80 }) {
            failures.append("nonASCII at \(offset) of \(bytes)")
          }
          if answers.candidates != Self.expected(block, FieldStartCandidates.contains) {
            failures.append("fieldStartCandidates at \(offset) of \(bytes)")
          }
          var stored = [UInt8](repeating: 0xAA, count: width + 2)
          stored.withUnsafeMutableBytes { answers.store($0.baseAddress.unsafelyUnwrapped + 1) }
          if stored != [0xAA] + Array(block) + [0xAA] {
            failures.append("store at \(offset) of \(bytes)")
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test func wordBlocksAnswerForEachOfTheirEightBytes() {
    check(width: WordByteBlock.width) { pointer in
      let block = WordByteBlock(pointer)
      return (block.matches, block.nonASCII, block.fieldStartCandidates, block.store)
    }
  }

  #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
    @Test func sse2BlocksAnswerForEachOfTheirThirtyTwoBytes() {
      check(width: SSE2ByteBlock.width) { pointer in
        let block = SSE2ByteBlock(pointer)
        return (block.matches, block.nonASCII, block.fieldStartCandidates, block.store)
      }
    }
  #endif

  @Test func theCandidatesHoldEveryStartTheFormulaGuardLooksAt() {
    // The scan asks its table only about candidates: a start the guard looks at that was not
    // one would be copied unguarded.
    for byte in UInt8.min...UInt8.max where CSVEscaping.needsFormulaCheck(byte) {
      #expect(FieldStartCandidates.contains(byte), "\(byte)")
    }
  }
}
