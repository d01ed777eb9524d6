extension DeflateEncoder {
  /// The order in which the code-length code's lengths are sent (RFC 1951 §3.2.7).
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// Writes the block's symbols in the smallest of the three forms and starts a new block.
  ///
  /// - Parameter isFinal: Whether this is the stream's last block.
  func writeBlock(isFinal: Bool) {
    guard isFinal || symbolCount > 0 else { return }
    literalFrequencies[256] += 1
    let literalCounts = Array(UnsafeBufferPointer(start: literalFrequencies, count: 286))
    let distanceCounts = Array(UnsafeBufferPointer(start: distanceFrequencies, count: 30))
    let literals = HuffmanCode(lengths: HuffmanCode.lengths(for: literalCounts, limit: 15))
    let distances = HuffmanCode(lengths: HuffmanCode.lengths(for: distanceCounts, limit: 15))
    let header = DynamicHeader(literals: literals, distances: distances)
    let dynamicBits = 3 + header.bitCount + dataBits(literals, distances)
    let fixedBits = 3 + dataBits(.fixedLiterals, .fixedDistances)
    // A stored block: its header, padding to a byte, then LEN, NLEN and the bytes, per 65,535.
    let storedPieces = max(1, (blockBytes + 65_534) / 65_535)
    let storedBits = storedPieces * (3 + 7 + 32) + 8 * blockBytes
    // The form written is the smallest; a little more for the bits still in the word.
    bits.reserve(min(storedBits, fixedBits, dynamicBits) / 8 + 16)
    var writer = bits
    if storedBits <= min(fixedBits, dynamicBits) {
      writeStored(isFinal: isFinal, into: &writer)
    } else if fixedBits <= dynamicBits {
      writer.write(isFinal ? 1 : 0, length: 1)
      writer.write(1, length: 2)
      writeData(.fixedLiterals, .fixedDistances, into: &writer)
    } else {
      writer.write(isFinal ? 1 : 0, length: 1)
      writer.write(2, length: 2)
      header.write(into: &writer)
      writeData(literals, distances, into: &writer)
    }
    bits = writer
    symbolCount = 0
    literalFrequencies.update(repeating: 0, count: 286)
    distanceFrequencies.update(repeating: 0, count: 30)
    blockStart += blockBytes
    blockBytes = 0
  }

  /// The bits the block's symbols and end-of-block take with the given codes.
  private func dataBits(_ literals: HuffmanCode, _ distances: HuffmanCode) -> Int {
    var total = 0
    for symbol in 0..<286 where literalFrequencies[symbol] > 0 {
      let extra = symbol >= 265 && symbol < 285 ? (symbol - 261) / 4 : 0
      total += literalFrequencies[symbol] * (Int(literals.lengths[symbol]) + extra)
    }
    for symbol in 0..<30 where distanceFrequencies[symbol] > 0 {
      let extra = symbol >= 4 ? symbol / 2 - 1 : 0
      total += distanceFrequencies[symbol] * (Int(distances.lengths[symbol]) + extra)
    }
    return total
  }

  /// Writes the symbols and the end-of-block code.
  private func writeData(
    _ literals: HuffmanCode, _ distances: HuffmanCode, into writer: inout DeflateBitWriter
  ) {
    literals.codes.withUnsafeBufferPointer { literalCodes in
      literals.lengths.withUnsafeBufferPointer { literalLengths in
        distances.codes.withUnsafeBufferPointer { distanceCodes in
          distances.lengths.withUnsafeBufferPointer { distanceLengths in
            for symbol in UnsafeBufferPointer(start: symbols, count: symbolCount) {
              if symbol & 0x8000_0000 == 0 {
                let byte = Int(symbol)
                writer.write(literalCodes[byte], length: Int(literalLengths[byte]))
                continue
              }
              // A code and its extra bits in one write (at most 15 + 13 bits).
              let lengthCode = Int(symbol & 0x1F)
              let code = 257 + lengthCode
              let codeLength = Int(literalLengths[code])
              writer.write(
                literalCodes[code] | (symbol >> 5 & 0x1F)
                  &<< UInt32(truncatingIfNeeded: codeLength),
                length: codeLength + Self.lengthExtraBits(lengthCode))
              let distanceCode = Int(symbol >> 10 & 0x1F)
              let distanceLength = Int(distanceLengths[distanceCode])
              writer.write(
                distanceCodes[distanceCode] | (symbol >> 15 & 0x1FFF)
                  &<< UInt32(truncatingIfNeeded: distanceLength),
                length: distanceLength + Self.distanceExtraBits(distanceCode))
            }
            writer.write(literalCodes[256], length: Int(literalLengths[256]))
          }
        }
      }
    }
  }

  /// How many extra bits follow the length code `code` (0-28, for symbols 257-285).
  @inline(__always)
  static func lengthExtraBits(_ code: Int) -> Int {
    code >= 8 && code < 28 ? (code - 4) >> 2 : 0
  }

  /// How many extra bits follow the distance code `code` (0-29).
  @inline(__always)
  static func distanceExtraBits(_ code: Int) -> Int {
    code >= 4 ? (code >> 1) - 1 : 0
  }

  /// Writes the block's bytes as stored blocks of at most 65,535 bytes.
  private func writeStored(isFinal: Bool, into writer: inout DeflateBitWriter) {
    var start = blockStart
    var left = blockBytes
    repeat {
      let piece = min(left, 65_535)
      left -= piece
      writer.write(isFinal && left == 0 ? 1 : 0, length: 1)
      writer.write(0, length: 2)
      writer.alignToByte()
      let lengths = UInt32(truncatingIfNeeded: piece) | UInt32(truncatingIfNeeded: ~piece) << 16
      withUnsafeBytes(of: lengths.littleEndian) { writer.append($0) }
      writer.append(UnsafeRawBufferPointer(start: window + start, count: piece))
      start += piece
    } while left > 0
  }
}
