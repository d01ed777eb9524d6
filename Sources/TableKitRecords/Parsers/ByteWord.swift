/// Tests on eight bytes at once, held in a `UInt64` read little-endian (byte 0 lowest).
///
/// TableRender's `ByteScan` does the same kind of test for its escapers, but answers only whether
/// a whole field holds a byte; the CSV reader needs where in a word the first match is, so it
/// has this.
enum ByteWord {
  /// The high bit of every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let lowBits: UInt64 = 0x0101_0101_0101_0101

  /// The high bit of each byte of `word` equal to `byte`.
  ///
  /// The lowest flagged byte is always the first match; bytes above a match may be flagged
  /// falsely (the borrow runs on), so only the lowest flag may be trusted.
  @inline(__always)
  static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let difference = word ^ (lowBits &* UInt64(byte))
    return (difference &- lowBits) & ~difference & highBits
  }

  /// `byte` in every byte of a word.
  @inline(__always)
  static func repeated(_ byte: UInt8) -> UInt64 {
    lowBits &* UInt64(byte)
  }

  /// The high bit of each byte of `word` equal to the byte `pattern` repeats, and of no other:
  /// no borrow crosses bytes, so every flag may be trusted.
  @inline(__always)
  static func exactMatches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
    let difference = word ^ pattern
    let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // The high bit is set where the byte differs from the pattern in any bit.
    let differs = ((difference & sevenBits) &+ sevenBits) | difference
    return ~differs & highBits
  }
}
