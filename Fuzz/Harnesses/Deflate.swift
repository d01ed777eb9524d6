// Fuzzes the DEFLATE compressor and the ZIP writer (Sources/TableRender/Zip) against an
// independent inflater written here from RFC 1951 (after Mark Adler's puff.c: canonical codes
// rebuilt from their lengths, over-subscribed and incomplete codes refused as zlib refuses
// them, each code decoded through a table indexed by the stream's next bits).
//
// - Compressing the input in pieces of a chosen size and inflating the stream gives the input
//   back, byte for byte, and the stream ends exactly where its final block does.
// - The input is optionally stretched past the 32 KiB window (repeated with a gap of a chosen
//   length), so matches reach the window's edge and the window slides.
// - Every matcher level (zlib's 1-6: greedy and lazy) is chosen by the input.
// - CRC32 equals a reference computed a byte at a time from a table built here bit by bit;
//   a ZIP archive of the input (not stretched) has the member's CRC-32 and sizes in its
//   central directory, and its data inflates to the input.
//
// Input: a byte for the piece size, a byte for stretching and the level, then the data.
//
// Speed (a long run wants millions of executions): a stretched input is about 100 KB, a hundred
// times the work of a short one, so only one input in 128 is stretched (stretch byte 254 or
// 255; at one in 32 they took three quarters of the time); the inflater reads its bits from a
// word refilled a byte at a time, decodes a symbol with one table look-up (puff's loop over
// code lengths, a comparison per bit, was most of the oracle's time under the fuzzer's
// comparison tracing), and builds the fixed codes once. Per input, the stretch filler (33,000 bytes) was made and the CRC reference looped
// per bit: with the fuzzer's comparison tracing that was about a third of a run's samples
// (perf), so the filler is made once and the reference uses a table (the encoder's CRC32
// folds eight bytes a step with eight tables, so it stays independent). Long inputs get no
// pieces shorter than 97 bytes, and only unstretched inputs go through the ZIP and CRC checks;
// the inflater copies a match in runs rather than byte by byte.

@testable import TableRender

/// The stretch byte from which an input is stretched (two values of 256: one input in 128).
private let stretchFrom = 254

/// The filler between a stretched input's copies, made once.
private let stretchFiller = (0..<33_000).map {
  UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDeflate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let pieceChoice = input.choice(256)
  let stretch = input.choice(256)
  var bytes: [UInt8] = []
  while !input.isAtEnd { bytes.append(input.byte()) }
  let isStretched = stretch >= stretchFrom && !bytes.isEmpty
  if isStretched {
    // Repeat the data with gaps so the stream crosses the window: copies of it 32 KiB apart
    // (give or take 40 bytes times the last byte's low three bits, around the farthest
    // distance a match may reach) make matches at the farthest distances.
    let variant = Int(bytes[bytes.count - 1] & 7)
    let gap = max(32_768 - 300 + variant * 40 - bytes.count, 1)
    let filler = stretchFiller[..<gap]
    bytes = bytes + filler + bytes + filler + bytes
  }
  // Pieces of one byte only for short inputs (each piece is a call), and of at least 97
  // bytes for long ones (a stretched input in pieces of 2 was 30,000 calls).
  let pieces =
    bytes.count > 4096
    ? [97, 4099, 258, 65_536, 1 << 20, 97, 4096] : [1, 2, 7, 258, 4096, 65_536, 1 << 20]
  let piece = pieces[pieceChoice % 7]
  // A stretched input takes its level from its last byte, the others from the stretch byte.
  let last = Int(bytes.last ?? 0)
  let level = isStretched ? (last >> 3) % 6 + 1 : stretch % 6 + 1
  checkDeflate(bytes, piece: piece, tuning: .level(level))
  // The CRC's paths (eight bytes a step, then the tail) are all in inputs of up to 4 KB.
  if !isStretched { checkCRC(bytes) }
  // The container's records do not depend on the data's length below 4 GiB: short inputs
  // check them (a stretched input would deflate and inflate its 66 KB twice more).
  if pieceChoice & 0x80 != 0 && !isStretched { checkZip(bytes) }
  return 0
}

private func checkDeflate(_ bytes: [UInt8], piece: Int, tuning: DeflateEncoder.Tuning) {
  let encoder = DeflateEncoder(tuning: tuning)
  var stream: [UInt8] = []
  var index = 0
  repeat {
    let end = min(index + piece, bytes.count)
    bytes.withUnsafeBufferPointer {
      encoder.compress(UnsafeBufferPointer(rebasing: $0[index..<end]))
    }
    encoder.takeOutput { stream.append(contentsOf: $0) }
    index = end
  } while index < bytes.count
  encoder.finish()
  encoder.takeOutput { stream.append(contentsOf: $0) }
  var inflater = Inflater(stream, expectedCount: bytes.count)
  guard let output = inflater.inflate() else {
    fail("the stream does not inflate", [bytes.count, piece, inflater.failure])
  }
  if output != bytes { fail("the stream inflates to other bytes", [bytes.count, piece]) }
  if inflater.consumedBytes != stream.count {
    fail("bytes after the final block", [inflater.consumedBytes, stream.count])
  }
  // Incompressible data is stored: the stream is never much larger than its input.
  if stream.count > bytes.count + 5 * (bytes.count / 16_000 + 2) {
    fail("the stream is larger than stored blocks", [bytes.count, stream.count])
  }
}

/// Each byte's remainder after eight steps of the bit-by-bit CRC-32 (the reflected polynomial).
private let crcTable: [UInt32] = (0..<256).map { byte in
  var remainder = UInt32(byte)
  for _ in 0..<8 {
    remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0xEDB8_8320 : remainder >> 1
  }
  return remainder
}

private func checkCRC(_ bytes: [UInt8]) {
  var crc = CRC32()
  crc.update(bytes)
  var reference: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    reference = (reference >> 8) ^ crcTable[Int((reference ^ UInt32(byte)) & 0xFF)]
  }
  expectEqual(crc.value, ~reference, "CRC32 differs from the byte-at-a-time reference", input: "")
}

private func checkZip(_ bytes: [UInt8]) {
  let collector = ByteCollector()
  let writer = ZipArchiveWriter(
    sink: collector, forcesZip64: bytes.first.map { $0 & 1 == 1 } ?? false)
  writer.beginMember(named: "m")
  writer.write(bytes)
  writer.finish()
  let archive = collector.bytes
  func read32(_ offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(archive[offset + $1]) << (8 * $1) }
  }
  func read16(_ offset: Int) -> Int { Int(archive[offset]) | Int(archive[offset + 1]) << 8 }
  let end = archive.count - 22
  guard read32(end) == 0x0605_4B50 else { fail("no end record", [archive.count]) }
  var directory = read32(end + 16)
  if directory == 0xFFFF_FFFF {
    let record = read32(end - 20 + 8)
    directory = read32(record + 48)
  }
  guard read32(directory) == 0x0201_4B50 else { fail("no central directory entry", [directory]) }
  var crc = CRC32()
  crc.update(bytes)
  if read32(directory + 16) != Int(crc.value) { fail("central directory CRC", [bytes.count]) }
  let extraLength = read16(directory + 30)
  var compressed = read32(directory + 20)
  var size = read32(directory + 24)
  if size == 0xFFFF_FFFF {
    size = read32(directory + 46 + 1 + 4)
    compressed = read32(directory + 46 + 1 + 12)
  }
  _ = extraLength
  if size != bytes.count { fail("central directory size", [size, bytes.count]) }
  let dataStart = 30 + read16(26) + read16(28)
  var inflater = Inflater(
    Array(archive[dataStart..<(dataStart + compressed)]), expectedCount: bytes.count)
  if inflater.inflate() != bytes {
    fail("the member's data does not inflate to the input", [bytes.count])
  }
}

/// An RFC 1951 decoder after puff.c, independent of the encoder's tables.
struct Inflater {
  private let input: [UInt8]
  private var position = 0
  private var bitBuffer = 0
  private var bitCount = 0
  private var output: [UInt8] = []
  private(set) var failure = ""
  var consumedBytes: Int { position }

  /// A decoder of `input`, its output room reserved for `expectedCount` bytes.
  init(_ input: [UInt8], expectedCount: Int = 0) {
    self.input = input
    output.reserveCapacity(expectedCount)
  }

  /// A canonical code: how many codes of each length, and the symbols in code order.
  struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []
    var tableBits = 0
    var table: [Int?] = []
    /// `nil` when the lengths over-subscribe; `complete` tells whether they fill the space.
    init?(lengths: [Int], allowIncomplete: Bool) {
      for length in lengths { counts[length] += 1 }
      if counts[0] == lengths.count {
        symbols = []
        return
      }
      var left = 1
      for length in 1...15 {
        left <<= 1
        left -= counts[length]
        if left < 0 { return nil }
      }
      if left > 0 && !allowIncomplete { return nil }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
      // The decoding table, indexed by the next `tableBits` bits of the stream (first bit
      // lowest): each code fills every entry that starts with it, bits reversed, as
      // `symbol << 4 | length`; entries no code fills (an incomplete code) stay `nil`.
      tableBits = (1...15).last { counts[$0] > 0 } ?? 0
      table = [Int?](repeating: nil, count: 1 << tableBits)
      var code = 0
      var index = 0
      for length in 1...max(tableBits, 1) {
        for _ in 0..<counts[length] {
          var reversed = 0
          for bit in 0..<length where code & (1 << (length - 1 - bit)) != 0 {
            reversed |= 1 << bit
          }
          for entry in stride(from: reversed, to: 1 << tableBits, by: 1 << length) {
            table[entry] = symbols[index] << 4 | length
          }
          code += 1
          index += 1
        }
        code <<= 1
      }
    }
  }

  private mutating func bits(_ need: Int) -> Int? {
    while bitCount < need {
      guard position < input.count else { return nil }
      bitBuffer |= Int(input[position]) << bitCount
      position += 1
      bitCount += 8
    }
    let value = bitBuffer & ((1 << need) - 1)
    bitBuffer >>= need
    bitCount -= need
    return value
  }

  /// Drops the bits left of the current byte and gives back the whole bytes read ahead (the
  /// table decoder reads up to 15 bits ahead), so ``position`` is the next unread byte.
  private mutating func dropToByte() {
    position -= bitCount / 8
    bitBuffer = 0
    bitCount = 0
  }

  /// The next symbol of `code`: the table entry the next bits index, when those bits are in
  /// the stream and some code starts them.
  private mutating func decode(_ code: Code) -> Int? {
    while bitCount < code.tableBits && position < input.count {
      bitBuffer |= Int(input[position]) << bitCount
      position += 1
      bitCount += 8
    }
    guard code.tableBits > 0,
      let entry = code.table[bitBuffer & ((1 << code.tableBits) - 1)],
      entry & 15 <= bitCount
    else { return nil }
    bitBuffer >>= entry & 15
    bitCount -= entry & 15
    return entry >> 4
  }

  /// The fixed codes of RFC 1951 §3.2.6, built once.
  private static let fixedLiterals = Code(
    lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
      + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8),
    allowIncomplete: false)
  private static let fixedDistances = Code(
    lengths: [Int](repeating: 5, count: 30), allowIncomplete: true)

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
    3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  private mutating func codes(_ literals: Code, _ distances: Code) -> Bool {
    while true {
      guard var symbol = decode(literals) else {
        failure = "bad literal code"
        return false
      }
      if symbol < 256 {
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return true }
      symbol -= 257
      guard symbol < 29, let extra = bits(Self.lengthExtra[symbol]) else {
        failure = "bad length"
        return false
      }
      let length = Self.lengthBase[symbol] + extra
      guard let distanceSymbol = decode(distances), distanceSymbol < 30,
        let distanceExtra = bits(Self.distanceExtra[distanceSymbol])
      else {
        failure = "bad distance"
        return false
      }
      let distance = Self.distanceBase[distanceSymbol] + distanceExtra
      guard distance <= output.count, distance <= 32_768 else {
        failure = "distance too far"
        return false
      }
      // The copy in runs of at most `distance` bytes (each already written), so an overlapping
      // match repeats its period; one append per run rather than per byte.
      var left = length
      while left > 0 {
        let start = output.count - distance
        let run = min(left, distance)
        // Copied out first: appending a slice of the array itself would copy the whole array.
        let piece = Array(output[start..<(start + run)])
        output.append(contentsOf: piece)
        left -= run
      }
    }
  }

  /// The inflated bytes, or `nil` (with ``failure``) when the stream is not valid DEFLATE.
  mutating func inflate() -> [UInt8]? {
    while true {
      guard let last = bits(1), let type = bits(2) else {
        failure = "truncated header"
        return nil
      }
      switch type {
      case 0:
        dropToByte()
        guard position + 4 <= input.count else {
          failure = "truncated stored"
          return nil
        }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF, position + 4 + length <= input.count else {
          failure = "bad stored length"
          return nil
        }
        output.append(contentsOf: input[(position + 4)..<(position + 4 + length)])
        position += 4 + length
      case 1:
        guard let literals = Self.fixedLiterals, let distances = Self.fixedDistances,
          codes(literals, distances)
        else { return nil }
      case 2:
        guard let literalCount = bits(5).map({ $0 + 257 }),
          let distanceCount = bits(5).map({ $0 + 1 }),
          let lengthCount = bits(4).map({ $0 + 4 }), literalCount <= 286, distanceCount <= 30
        else {
          failure = "bad counts"
          return nil
        }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var lengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCount {
          guard let value = bits(3) else { return nil }
          lengthLengths[order[index]] = value
        }
        guard let lengthCode = Code(lengths: lengthLengths, allowIncomplete: false) else {
          failure = "bad code-length code"
          return nil
        }
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
          guard let symbol = decode(lengthCode) else {
            failure = "bad code length"
            return nil
          }
          if symbol < 16 {
            lengths.append(symbol)
            continue
          }
          var repeated = 0
          var times = 0
          if symbol == 16 {
            guard let previous = lengths.last, let extra = bits(2) else {
              failure = "repeat with no length"
              return nil
            }
            repeated = previous
            times = 3 + extra
          } else if symbol == 17 {
            guard let extra = bits(3) else { return nil }
            times = 3 + extra
          } else {
            guard let extra = bits(7) else { return nil }
            times = 11 + extra
          }
          guard lengths.count + times <= literalCount + distanceCount else {
            failure = "too many lengths"
            return nil
          }
          lengths += [Int](repeating: repeated, count: times)
        }
        guard lengths[256] != 0 else {
          failure = "no end-of-block code"
          return nil
        }
        let distanceLengths = Array(lengths[literalCount...])
        // One distance code (or none) may leave the code incomplete, as RFC 1951 allows.
        let used = distanceLengths.filter { $0 != 0 }.count
        guard let literals = Code(lengths: Array(lengths[..<literalCount]), allowIncomplete: false),
          let distances = Code(lengths: distanceLengths, allowIncomplete: used <= 1),
          codes(literals, distances)
        else {
          if failure.isEmpty { failure = "bad dynamic codes" }
          return nil
        }
      default:
        failure = "block type 3"
        return nil
      }
      if last == 1 {
        dropToByte()
        return output
      }
    }
  }
}
