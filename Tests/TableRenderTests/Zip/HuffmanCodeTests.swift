import TableRender
import Testing

@Suite struct HuffmanCodeTests {
  /// The Kraft sum of `lengths` in units of 2^-15: exactly 2^15 for a complete code.
  private func kraft(_ lengths: [UInt8]) -> Int {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
  }

  /// Fibonacci frequencies make a Huffman tree as deep as there are symbols; the lengths must
  /// still stop at the limit and form a complete code.
  @Test(arguments: [7, 15])
  func lengthsStopAtTheLimit(limit: Int) {
    var frequencies = [1, 1]
    while frequencies.count < 30 {
      frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2])
    }
    let lengths = HuffmanCode.lengths(for: frequencies, limit: limit)
    #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
    #expect(kraft(lengths) == 1 << 15)
    // The most frequent symbol has the shortest code.
    #expect(lengths.last == lengths.min())
  }

  /// One used symbol (or none) still makes a complete two-code alphabet.
  @Test func aSingleSymbolGetsAPartner() {
    #expect(HuffmanCode.lengths(for: [0, 0, 5, 0], limit: 15) == [1, 0, 1, 0])
    #expect(HuffmanCode.lengths(for: [9, 0, 0], limit: 15) == [1, 1, 0])
    #expect(HuffmanCode.lengths(for: [0, 0, 0], limit: 15) == [1, 1, 0])
  }

  /// RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give the codes 010, 011, 100,
  /// 101, 110, 00, 1110, 1111 (stored bit-reversed).
  @Test func canonicalCodesFollowTheRFC() {
    let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
    let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
    let lengths = [3, 3, 3, 3, 3, 2, 4, 4]
    for index in 0..<8 {
      #expect(code.codes[index] == HuffmanCode.reversed(expected[index], bits: lengths[index]))
    }
  }
}
