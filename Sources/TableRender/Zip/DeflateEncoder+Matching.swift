extension DeflateEncoder {
  /// Finds matches and literals in the lookahead, recording them as the block's symbols, until
  /// the lookahead is too short to match well (or, `finishing`, empty).
  func match(finishing: Bool) {
    if tuning.isLazy {
      matchLazily(finishing: finishing)
    } else {
      matchGreedily(finishing: finishing)
    }
  }

  /// zlib's `deflate_slow`: a match found at one position is written only when the next
  /// position does not give a longer one.
  private func matchLazily(finishing: Bool) {
    let window = window
    let tuning = tuning
    var position = position
    var lookahead = lookahead
    var matchStart = matchStart
    var matchLength = matchLength
    var previousLength = previousLength
    var previousMatch = previousMatch
    var hasPendingLiteral = hasPendingLiteral
    var block = BlockSymbols(self)
    while let earlier = nextPosition(position, lookahead: lookahead, finishing: finishing) {
      previousLength = matchLength
      previousMatch = matchStart
      matchLength = Self.minimumMatch - 1
      if earlier != 0 && previousLength < tuning.lazyLength
        && position - earlier <= Self.maximumDistance
      {
        (matchLength, matchStart) = longestMatch(
          at: position, from: earlier, longerThan: previousLength, start: matchStart,
          lookahead: lookahead)
        // A three-byte match far back costs more than its three literals.
        if matchLength == Self.minimumMatch && position - matchStart > 4096 {
          matchLength = Self.minimumMatch - 1
        }
      }
      if previousLength >= Self.minimumMatch && matchLength <= previousLength {
        let lastInsert = position + lookahead - Self.minimumMatch
        block.record(distance: position - 1 - previousMatch, length: previousLength)
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
        block.record(literal: window[position - 1])
        position += 1
        lookahead -= 1
      } else {
        hasPendingLiteral = true
        position += 1
        lookahead -= 1
      }
      if block.isFull { block.write(self) }
    }
    if finishing && hasPendingLiteral {
      block.record(literal: window[position - 1])
      hasPendingLiteral = false
    }
    block.store(in: self)
    self.position = position
    self.lookahead = lookahead
    self.matchStart = matchStart
    self.matchLength = matchLength
    self.previousLength = previousLength
    self.previousMatch = previousMatch
    self.hasPendingLiteral = hasPendingLiteral
  }

  /// zlib's `deflate_fast`: the match found is taken; the positions inside it go into the hash
  /// chains only when it is no longer than ``Tuning/lazyLength``.
  private func matchGreedily(finishing: Bool) {
    let window = window
    let tuning = tuning
    var position = position
    var lookahead = lookahead
    var block = BlockSymbols(self)
    while let earlier = nextPosition(position, lookahead: lookahead, finishing: finishing) {
      var length = 0
      var start = 0
      if earlier != 0 && position - earlier <= Self.maximumDistance {
        (length, start) = longestMatch(
          at: position, from: earlier, longerThan: Self.minimumMatch - 1, start: 0,
          lookahead: lookahead)
        if length == Self.minimumMatch && position - start > 4096 { length = 0 }
      }
      if length >= Self.minimumMatch {
        block.record(distance: position - start, length: length)
        lookahead -= length
        if length <= tuning.lazyLength && lookahead >= Self.minimumMatch {
          for _ in 1..<length {
            position += 1
            _ = insert(at: position)
          }
          position += 1
        } else {
          position += length
        }
      } else {
        block.record(literal: window[position])
        position += 1
        lookahead -= 1
      }
      if block.isFull { block.write(self) }
    }
    block.store(in: self)
    self.position = position
    self.lookahead = lookahead
  }

  /// Whether the matcher goes on at `position`: `nil` when the lookahead is too short to match
  /// well (or, `finishing`, empty); else the position inserted under its hash and the earlier
  /// one with the same hash returned (0 for none).
  @inline(__always)
  private func nextPosition(_ position: Int, lookahead: Int, finishing: Bool) -> Int? {
    if lookahead < Self.minimumLookahead && (!finishing || lookahead == 0) { return nil }
    return lookahead >= Self.minimumMatch ? insert(at: position) : 0
  }

  /// The hash of the four bytes at `offset`.
  @inline(__always)
  func hash(at offset: Int) -> Int {
    let word = UInt32(
      littleEndian: UnsafeRawPointer(window + offset).loadUnaligned(as: UInt32.self))
    return Int((word &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
  }

  /// Records the position `offset` under its hash and returns the previous one with that hash.
  @inline(__always)
  func insert(at offset: Int) -> Int {
    let key = hash(at: offset)
    let earlier = Int(head[key])
    previous[offset & (Self.windowSize - 1)] = UInt16(truncatingIfNeeded: earlier)
    head[key] = UInt16(truncatingIfNeeded: offset)
    return earlier
  }

  /// The longest match for the bytes at `position` along the hash chain from `chainStart`, at
  /// most the lookahead, when it is longer than `previousLength`; else `previousLength` and
  /// `start`.
  @inline(__always)
  private func longestMatch(
    at position: Int, from chainStart: Int, longerThan previousLength: Int, start: Int,
    lookahead: Int
  ) -> (length: Int, start: Int) {
    let tuning = tuning
    let previous = previous
    var chain =
      previousLength >= tuning.goodLength ? tuning.maximumChain >> 2 : tuning.maximumChain
    var best = previousLength
    var bestStart = start
    let limit = position > Self.maximumDistance ? position - Self.maximumDistance : 0
    let scan = UnsafeRawPointer(window + position)
    let longest = min(Self.maximumMatch, lookahead)
    let nice = min(tuning.niceLength, longest)
    let scanStart = scan.loadUnaligned(as: UInt16.self)
    // The two bytes ending where a longer match than the best so far would end.
    var scanEnd = scan.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self)
    var candidate = chainStart
    repeat {
      let earlier = UnsafeRawPointer(window + candidate)
      if earlier.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self) == scanEnd
        && earlier.loadUnaligned(as: UInt16.self) == scanStart
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
          bestStart = candidate
          best = length
          if length >= nice { break }
          scanEnd = scan.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self)
        }
      }
      candidate = Int(previous[candidate & (Self.windowSize - 1)])
      chain -= 1
    } while candidate > limit && chain != 0
    return (min(best, lookahead), bestStart)
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
