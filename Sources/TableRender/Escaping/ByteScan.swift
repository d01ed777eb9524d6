/// Looks for a few ASCII bytes in UTF-8, or for any byte outside printable ASCII, eight bytes at a
/// time.
///
/// Escaping is mostly a search that finds nothing: a name, a date or a note seldom holds a quote
/// or a comma. A byte-by-byte loop spends a compare and a branch on every byte and mispredicts
/// on the spaces and punctuation that share a range with the bytes it looks for. Testing eight
/// bytes at once in a 64-bit word ("SIMD within a register") answers for a typical value in two
/// or three steps, with no branch per byte. (Swift's `SIMD16` masks compile to lane-by-lane
/// loops here, many times slower than this.)
package enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Whether `bytes` holds any of the four bytes `first` … `fourth`, and whether it holds
  /// `first`.
  ///
  /// Four bytes because that is what CSV needs (`"` `,` CR LF, with the quote asked for on its
  /// own since it must be doubled); repeat a byte to look for fewer. None may be zero.
  ///
  /// - Parameters:
  ///   - first: The byte reported on its own.
  ///   - second: Another byte to look for.
  ///   - third: Another byte to look for.
  ///   - fourth: Another byte to look for.
  ///   - bytes: The UTF-8 to search.
  /// - Returns: `any` when one of the four occurs, `first` when `first` occurs.
  package static func find(
    _ first: UInt8,
    _ second: UInt8,
    _ third: UInt8,
    _ fourth: UInt8,
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> (any: Bool, first: Bool) {
    let patterns = (
      UInt64(first) &* ones, UInt64(second) &* ones, UInt64(third) &* ones, UInt64(fourth) &* ones
    )
    var firstFound: UInt64 = 0
    var anyFound: UInt64 = 0
    forEachWord(of: bytes) { word in
      let isFirst = zeroByteBits(word ^ patterns.0)
      firstFound |= isFirst
      anyFound |=
        isFirst | zeroByteBits(word ^ patterns.1) | zeroByteBits(word ^ patterns.2)
        | zeroByteBits(word ^ patterns.3)
    }
    return (anyFound != 0, firstFound != 0)
  }

  /// Whether every byte in `bytes` is printable ASCII (0x20–0x7E).
  ///
  /// - Parameter bytes: UTF-8 bytes.
  /// - Returns: `true` when no byte is a control, DEL or part of a multi-byte sequence.
  package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var outside: UInt64 = 0
    forEachWord(of: bytes, padding: 0x20) { word in outside |= nonPrintableBits(word) }
    return outside == 0
  }

  /// Whether `bytes` holds a byte that can start something a terminal must not get as it is: a
  /// C0 control (tabs and line breaks included), DEL, or the lead byte `0xC2` of a C1 control,
  /// `0xD8` of U+061C ARABIC LETTER MARK or `0xE2` of a bidirectional control or a line or
  /// paragraph separator.
  ///
  /// `false` means the text needs no escaping; `true` means it may (the lead bytes also start
  /// harmless characters such as `¡`, Arabic letters and `…`).
  ///
  /// - Parameter bytes: UTF-8 bytes.
  /// - Returns: Whether any such byte occurs.
  package static func mayNeedTerminalEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var found: UInt64 = 0
    forEachWord(of: bytes, padding: 0x20) { word in
      // Bytes below 0x20: exact, as a borrow only starts at such a byte.
      found |= (word &- 0x20 &* ones) & ~word & highBits
      // 0xC2 and 0xE2 differ only in bit 5: one test finds both.
      found |=
        zeroByteBits(word ^ (0x7F &* ones)) | zeroByteBits((word | (0x20 &* ones)) ^ (0xE2 &* ones))
        | zeroByteBits(word ^ (0xD8 &* ones))
    }
    return found != 0
  }

  /// Nonzero when some byte of `word` is outside 0x20–0x7E: the high bits of bytes with the
  /// high bit set, of bytes below 0x20 (exact once the high bits are clear: the subtraction
  /// only borrows through such a byte) and of DEL.
  @inline(__always)
  private static func nonPrintableBits(_ word: UInt64) -> UInt64 {
    (word & highBits) | ((word &- 0x20 &* ones) & ~word & highBits)
      | zeroByteBits(word ^ (0x7F &* ones))
  }

  /// Nonzero exactly when some byte of `word` is zero (the high bit of the lowest zero byte is
  /// set; bits above it may be set spuriously, which a yes-or-no test does not mind).
  @inline(__always)
  private static func zeroByteBits(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highBits
  }

  /// Calls `body` with `bytes` as 64-bit words: the last word overlaps the one before it, or,
  /// for fewer than eight bytes, is filled up with `padding` bytes.
  ///
  /// The padding must be a byte that changes no answer (zero is never one of the bytes looked
  /// for; a space is printable), and looking at a byte twice changes no answer either.
  @inline(__always)
  private static func forEachWord(
    of bytes: UnsafeBufferPointer<UInt8>,
    padding: UInt8 = 0,
    _ body: (UInt64) -> Void
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let count = bytes.count
    guard count >= 8 else {
      var padded = UInt64(padding) &* ones
      withUnsafeMutableBytes(of: &padded) { word in
        word.baseAddress?.copyMemory(from: base, byteCount: count)
      }
      body(padded)
      return
    }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= count {
      body(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < count {
      body(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
  }
}
