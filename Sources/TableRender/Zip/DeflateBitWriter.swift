/// The bits of a DEFLATE stream, least significant first, gathered into bytes (RFC 1951 §3.1.1).
///
/// Bits collect in a 64-bit word; four whole bytes move to the buffer in one store once 32 bits
/// or more wait. The buffer is raw memory its owner (``DeflateEncoder``) makes room in before
/// each block with ``reserve(_:)`` and frees with ``deallocate()``; the owner takes the bytes
/// out between blocks, so it stays small. A copy shares the buffer: the encoder works on a copy
/// in a local variable (no exclusivity checks per bit) and stores it back.
struct DeflateBitWriter {
  /// The finished bytes not yet taken: `count` of them at `start`.
  private(set) var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  private var word: UInt64 = 0
  private var bitCount = 0

  init() {
    capacity = 1 << 17
    start = .allocate(capacity: capacity)
  }

  /// Frees the buffer (once, by the owner).
  func deallocate() {
    start.deallocate()
  }

  /// Makes room for at least `bytes` more bytes (plus the word that may wait).
  mutating func reserve(_ bytes: Int) {
    let needed = count + bytes + 16
    guard needed > capacity else { return }
    let larger = max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = larger
  }

  /// Forgets the bytes taken out.
  mutating func removeAll() {
    count = 0
  }

  /// Appends the low `length` bits of `value` (at most 32), first bit first; room must have
  /// been reserved.
  @inline(__always)
  mutating func write(_ value: UInt32, length: Int) {
    word |= UInt64(value) &<< UInt64(truncatingIfNeeded: bitCount)
    bitCount += length
    if bitCount >= 32 {
      UnsafeMutableRawPointer(start + count).storeBytes(
        of: UInt32(truncatingIfNeeded: word).littleEndian, as: UInt32.self)
      count += 4
      word &>>= 32
      bitCount -= 32
    }
  }

  /// Appends whole bytes after ``alignToByte()``; room must have been reserved.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    UnsafeMutableRawPointer(start + count).copyMemory(from: base, byteCount: bytes.count)
    count += bytes.count
  }

  /// Pads with zero bits to the next byte boundary and moves every whole byte out.
  mutating func alignToByte() {
    while bitCount > 0 {
      start[count] = UInt8(truncatingIfNeeded: word)
      count += 1
      word >>= 8
      bitCount = max(bitCount - 8, 0)
    }
    word = 0
  }
}
