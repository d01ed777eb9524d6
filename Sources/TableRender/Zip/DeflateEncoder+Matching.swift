extension DeflateEncoder {
  /// Finds matches and literals in the lookahead, recording them as the block's symbols, until
  /// the lookahead is too short to match well (or, `finishing`, empty).
  ///
  /// zlib's `deflate_slow`: a match found at one position is written only when the next
  /// position does not give a longer one.
  func match(finishing: Bool) {
    while true {
      if lookahead < Self.minimumLookahead {
        if !finishing || lookahead == 0 { break }
      }
      var earlier = 0
      if lookahead >= Self.minimumMatch { earlier = insert(at: position) }
      previousLength = matchLength
      previousMatch = matchStart
      matchLength = Self.minimumMatch - 1
      if earlier != 0 && previousLength < Self.lazyLength
        && position - earlier <= Self.maximumDistance
      {
        matchLength = longestMatch(from: earlier)
        // A three-byte match far back costs more than its three literals.
        if matchLength == Self.minimumMatch && position - matchStart > 4096 {
          matchLength = Self.minimumMatch - 1
        }
      }
      if previousLength >= Self.minimumMatch && matchLength <= previousLength {
        let lastInsert = position + lookahead - Self.minimumMatch
        record(distance: position - 1 - previousMatch, length: previousLength)
        lookahead -= previousLength - 1
        var left = previousLength - 2
        repeat {
          position += 1
          if position <= lastInsert { _ = insert(at: position) }
          left -= 1
        } while left != 0
        hasPendingLiteral = false
        matchLength = Self.minimumMatch - 1
        position += 1
      } else if hasPendingLiteral {
        record(literal: window[position - 1])
        position += 1
        lookahead -= 1
      } else {
        hasPendingLiteral = true
        position += 1
        lookahead -= 1
      }
    }
    if finishing && hasPendingLiteral {
      record(literal: window[position - 1])
      hasPendingLiteral = false
    }
  }

  /// The longest match for the bytes at ``position`` along the hash chain from `start`, at most
  /// the lookahead; sets ``matchStart`` when it beats the previous match.
  private func longestMatch(from start: Int) -> Int {
    var chain = previousLength >= Self.goodLength ? Self.maximumChain >> 2 : Self.maximumChain
    var best = previousLength
    let limit = position > Self.maximumDistance ? position - Self.maximumDistance : 0
    let scan = UnsafeRawPointer(window + position)
    let longest = min(Self.maximumMatch, lookahead)
    var candidate = start
    repeat {
      let earlier = UnsafeRawPointer(window + candidate)
      // The byte that would make it longer than the best so far, and the first two.
      if earlier.load(fromByteOffset: best, as: UInt8.self)
        == scan.load(fromByteOffset: best, as: UInt8.self)
        && earlier.loadUnaligned(as: UInt16.self) == scan.loadUnaligned(as: UInt16.self)
      {
        var length = 2
        while length < Self.maximumMatch {
          let difference =
            earlier.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            ^ scan.loadUnaligned(fromByteOffset: length, as: UInt64.self)
          if difference != 0 {
            length += UInt64(littleEndian: difference).trailingZeroBitCount >> 3
            break
          }
          length += 8
        }
        length = min(length, longest)
        if length > best {
          matchStart = candidate
          best = length
          if length >= min(Self.niceLength, longest) { break }
        }
      }
      candidate = Int(previous[candidate & (Self.windowSize - 1)])
      chain -= 1
    } while candidate > limit && chain != 0
    return min(best, lookahead)
  }

  /// Adds a literal byte to the block.
  @inline(__always)
  func record(literal: UInt8) {
    symbols.append(UInt32(literal))
    literalFrequencies[Int(literal)] += 1
    blockBytes += 1
    if symbols.count == Self.symbolLimit { writeBlock(isFinal: false) }
  }

  /// Adds a match to the block.
  @inline(__always)
  func record(distance: Int, length: Int) {
    symbols.append(0x8000_0000 | UInt32(distance) << 9 | UInt32(length - Self.minimumMatch))
    literalFrequencies[257 + Self.lengthCode(length - Self.minimumMatch).code] += 1
    distanceFrequencies[Self.distanceCode(distance - 1).code] += 1
    blockBytes += length
    if symbols.count == Self.symbolLimit { writeBlock(isFinal: false) }
  }

  /// The length code (0-28, to add to 257) of a match length minus 3, with its extra bits.
  @inline(__always)
  package static func lengthCode(_ excess: Int) -> (code: Int, extraBits: Int, extra: Int) {
    if excess < 8 { return (excess, 0, 0) }
    if excess == 255 { return (28, 0, 0) }
    let top = Int.bitWidth - 1 - excess.leadingZeroBitCount
    let extraBits = top - 2
    let pair = (excess >> extraBits) & 3
    return (4 * (top - 1) + pair, extraBits, excess - ((4 | pair) << extraBits))
  }

  /// The distance code (0-29) of a distance minus 1, with its extra bits.
  @inline(__always)
  package static func distanceCode(_ excess: Int) -> (code: Int, extraBits: Int, extra: Int) {
    if excess < 4 { return (excess, 0, 0) }
    let top = Int.bitWidth - 1 - excess.leadingZeroBitCount
    let extraBits = top - 1
    let half = (excess >> extraBits) & 1
    return (2 * top + half, extraBits, excess - ((2 | half) << extraBits))
  }
}
