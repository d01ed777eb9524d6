/// The header of a dynamic-Huffman DEFLATE block (RFC 1951 §3.2.7): the literal/length and
/// distance code lengths, run-length coded and sent with a code of their own.
struct DynamicHeader {
  /// How many literal/length and distance lengths are sent (trailing zeros left off).
  private let literalCount: Int
  private let distanceCount: Int
  /// The run-length coded lengths: a symbol 0-18 and its extra bits' value.
  private var runs: [(symbol: Int, extra: Int)] = []
  private let codeLengthCode: HuffmanCode
  private let codeLengthCount: Int
  /// The header's size in bits.
  private(set) var bitCount = 0

  /// The header for these two codes.
  init(literals: HuffmanCode, distances: HuffmanCode) {
    var literalCount = 286
    while literalCount > 257 && literals.lengths[literalCount - 1] == 0 { literalCount -= 1 }
    var distanceCount = 30
    while distanceCount > 1 && distances.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }
    self.literalCount = literalCount
    self.distanceCount = distanceCount
    let all = Array(literals.lengths[0..<literalCount] + distances.lengths[0..<distanceCount])
    var index = 0
    while index < all.count {
      let value = Int(all[index])
      var run = 1
      while index + run < all.count && all[index + run] == all[index] { run += 1 }
      index += run
      if value == 0 {
        while run >= 11 {
          let piece = min(run, 138)
          runs.append((18, piece - 11))
          run -= piece
        }
        if run >= 3 {
          runs.append((17, run - 3))
          run = 0
        }
      } else {
        runs.append((value, 0))
        run -= 1
        while run >= 3 {
          let piece = min(run, 6)
          runs.append((16, piece - 3))
          run -= piece
        }
      }
      for _ in 0..<run { runs.append((value, 0)) }
    }
    var frequencies = [Int](repeating: 0, count: 19)
    for run in runs { frequencies[run.symbol] += 1 }
    codeLengthCode = HuffmanCode(lengths: HuffmanCode.lengths(for: frequencies, limit: 7))
    var codeLengthCount = 19
    while codeLengthCount > 4
      && codeLengthCode.lengths[DeflateEncoder.codeLengthOrder[codeLengthCount - 1]] == 0
    {
      codeLengthCount -= 1
    }
    self.codeLengthCount = codeLengthCount
    bitCount = 5 + 5 + 4 + 3 * codeLengthCount
    for run in runs {
      bitCount += Int(codeLengthCode.lengths[run.symbol]) + Self.extraBits(run.symbol)
    }
  }

  /// The extra bits after a code-length symbol: 2 after 16, 3 after 17, 7 after 18.
  private static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  /// Writes the header (after the block's three header bits).
  func write(into bits: inout DeflateBitWriter) {
    bits.write(UInt32(literalCount - 257), length: 5)
    bits.write(UInt32(distanceCount - 1), length: 5)
    bits.write(UInt32(codeLengthCount - 4), length: 4)
    for index in 0..<codeLengthCount {
      bits.write(UInt32(codeLengthCode.lengths[DeflateEncoder.codeLengthOrder[index]]), length: 3)
    }
    for run in runs {
      bits.write(codeLengthCode.codes[run.symbol], length: Int(codeLengthCode.lengths[run.symbol]))
      let extra = Self.extraBits(run.symbol)
      if extra > 0 { bits.write(UInt32(run.extra), length: extra) }
    }
  }
}
