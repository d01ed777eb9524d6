/// A canonical Huffman code for DEFLATE (RFC 1951 §3.2.2): each symbol's code length and its
/// code, bit-reversed so a ``DeflateBitWriter`` writes it first bit first.
package struct HuffmanCode {
  /// Each symbol's code length in bits; 0 for a symbol that is not used.
  package var lengths: [UInt8]
  /// Each symbol's code, reversed (least significant bit sent first).
  package var codes: [UInt32]

  /// The canonical code for the given lengths.
  ///
  /// - Parameter lengths: Each symbol's code length, 0 through 15.
  package init(lengths: [UInt8]) {
    self.lengths = lengths
    var countPerLength = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
    var next = [UInt32](repeating: 0, count: 16)
    var code: UInt32 = 0
    for bits in 1..<16 {
      code = (code + UInt32(countPerLength[bits - 1])) << 1
      next[bits] = code
    }
    // `countPerLength[0]` counts nothing: lengths of 0 were skipped.
    codes = [UInt32](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let bits = Int(length)
      codes[symbol] = Self.reversed(next[bits], bits: bits)
      next[bits] += 1
    }
  }

  /// The code of the fixed Huffman literal/length alphabet (RFC 1951 §3.2.6).
  static let fixedLiterals = HuffmanCode(
    lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
      + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))

  /// The code of the fixed distance alphabet: 30 codes of five bits (and two unused).
  static let fixedDistances = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32))

  /// `value`'s low `bits` bits in reverse order.
  package static func reversed(_ value: UInt32, bits: Int) -> UInt32 {
    var result: UInt32 = 0
    var rest = value
    for _ in 0..<bits {
      result = (result << 1) | (rest & 1)
      rest >>= 1
    }
    return result
  }

  /// Code lengths of at most `limit` bits for symbols with the given frequencies: a Huffman
  /// code, its longest codes shortened when they pass the limit, always a complete code.
  ///
  /// Symbols of frequency 0 get length 0. When fewer than two symbols are used, one more is
  /// given a length of 1 so the code stays complete (an inflater may refuse an incomplete one).
  /// Over-long codes are shortened as miniz does: the lengths past the limit move to the limit,
  /// then one code at a shorter length is split until the Kraft sum is exactly one again; the
  /// lengths go back to the symbols in order of frequency, the rarest taking the longest.
  ///
  /// - Parameters:
  ///   - frequencies: How often each symbol occurs.
  ///   - limit: The longest code allowed (15, or 7 for the code-length alphabet).
  /// - Returns: Each symbol's code length.
  package static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    var used = frequencies.indices.filter { frequencies[$0] > 0 }
    if used.count < 2 {
      let first = used.first ?? 0
      lengths[first] = 1
      lengths[first == 0 ? 1 : 0] = 1
      return lengths
    }
    used.sort { (frequencies[$0], $0) < (frequencies[$1], $1) }
    let leafCount = used.count
    // Two queues: the leaves in order of weight, and the internal nodes as they are made (each
    // heavier than the one before).
    var weights = used.map { frequencies[$0] }
    weights.reserveCapacity(2 * leafCount)
    var parents = [Int](repeating: -1, count: 2 * leafCount - 1)
    var nextLeaf = 0
    var nextNode = leafCount
    func takeLightest() -> Int {
      if nextLeaf < leafCount
        && (nextNode >= weights.count || weights[nextLeaf] <= weights[nextNode])
      {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextNode += 1
      return nextNode - 1
    }
    for _ in 0..<(leafCount - 1) {
      let first = takeLightest()
      let second = takeLightest()
      let node = weights.count
      weights.append(weights[first] + weights[second])
      parents[first] = node
      parents[second] = node
    }
    // Depths from the root (the last node) down; a node's parent always comes after it.
    var depths = [Int](repeating: 0, count: 2 * leafCount - 1)
    for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) {
      depths[node] = depths[parents[node]] + 1
    }
    var countPerLength = [Int](repeating: 0, count: max(limit, leafCount) + 1)
    for leaf in 0..<leafCount { countPerLength[depths[leaf]] += 1 }
    enforce(limit: limit, on: &countPerLength)
    // The rarest symbols (first in `used`) take the longest codes.
    var leaf = 0
    for length in stride(from: limit, through: 1, by: -1) {
      for _ in 0..<countPerLength[length] {
        lengths[used[leaf]] = UInt8(length)
        leaf += 1
      }
    }
    return lengths
  }

  /// Moves every code longer than `limit` to the limit and splits shorter codes until the
  /// lengths form a complete code again (miniz's `tdefl_huffman_enforce_max_code_size`).
  private static func enforce(limit: Int, on countPerLength: inout [Int]) {
    guard countPerLength.count > limit + 1 else { return }
    for length in (limit + 1)..<countPerLength.count {
      countPerLength[limit] += countPerLength[length]
      countPerLength[length] = 0
    }
    var total = 0
    for length in 1...limit { total += countPerLength[length] << (limit - length) }
    while total != 1 << limit {
      countPerLength[limit] -= 1
      for length in stride(from: limit - 1, through: 1, by: -1) where countPerLength[length] > 0 {
        countPerLength[length] -= 1
        countPerLength[length + 1] += 2
        break
      }
      total -= 1
    }
  }
}
