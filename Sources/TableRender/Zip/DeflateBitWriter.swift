/// The bits of a DEFLATE stream, least significant first, gathered into bytes (RFC 1951 §3.1.1).
///
/// Bits collect in a 64-bit word; whole bytes move to ``bytes`` once 32 bits or more wait, and
/// the owner takes them out between blocks, so the buffer stays small.
struct DeflateBitWriter {
  /// The finished bytes not yet taken.
  var bytes: [UInt8] = []
  private var word: UInt64 = 0
  private var count = 0

  init() {
    bytes.reserveCapacity(1 << 17)
  }

  /// Appends the low `length` bits of `value` (at most 32), first bit first.
  @inline(__always)
  mutating func write(_ value: UInt32, length: Int) {
    word |= UInt64(value) << UInt64(count)
    count += length
    if count >= 32 {
      let low = UInt32(truncatingIfNeeded: word)
      bytes.append(UInt8(truncatingIfNeeded: low))
      bytes.append(UInt8(truncatingIfNeeded: low >> 8))
      bytes.append(UInt8(truncatingIfNeeded: low >> 16))
      bytes.append(UInt8(truncatingIfNeeded: low >> 24))
      word >>= 32
      count -= 32
    }
  }

  /// Pads with zero bits to the next byte boundary and moves every whole byte out.
  mutating func alignToByte() {
    while count > 0 {
      bytes.append(UInt8(truncatingIfNeeded: word))
      word >>= 8
      count = max(count - 8, 0)
    }
    word = 0
  }
}
