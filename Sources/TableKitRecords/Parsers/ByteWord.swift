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
}
