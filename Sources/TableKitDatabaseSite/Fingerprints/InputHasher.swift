package import TableKitFiles

/// A 128-bit hash that is the same on every run, machine and version: what a page of a
/// database's site is made from, fed field by field, becomes the page's `InputFingerprint`.
///
/// ```swift
/// var hasher = InputHasher()
/// hasher.combine(text: "orders")
/// hasher.combine(.integer(7))
/// let fingerprint = hasher.finalize()
/// ```
///
/// Bytes are gathered into 64-bit little-endian words, and each word goes through two lanes
/// of different rounds (the first is xxHash64's round, the second multiplies, rotates and
/// multiplies with other constants), so a difference in one word changes both lanes; the end
/// mixes the number of bytes in, crosses the lanes and avalanches each (MurmurHash3's
/// finaliser). It is not a cryptographic hash: a database built to make two pages' inputs
/// collide could keep a stale page of its own data, nothing else.
///
/// Feeding is unambiguous when every variable-length field is length-prefixed and every choice
/// carries a tag byte, as the `combine` methods here do: ``combine(text:)`` and
/// ``combine(bytes:)`` prefix their length, and `combine(_:)` of a `DatabaseValue` a tag of its
/// case, so that different inputs never make the same stream of bytes.
package struct InputHasher: Sendable {
  private var first: UInt64 = 0x243F_6A88_85A3_08D3
  private var second: UInt64 = 0x1319_8A2E_0370_7344
  /// Bytes not yet mixed, the earliest in the low bits.
  private var pending: UInt64 = 0
  /// How many bytes `pending` holds (0 to 7).
  private var pendingCount: UInt64 = 0
  /// How many bytes were fed.
  private var length: UInt64 = 0

  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// An empty hash.
  package init() {}

  /// Feeds one byte.
  ///
  /// - Parameter byte: The byte.
  package mutating func combine(byte: UInt8) {
    pending |= UInt64(byte) << (pendingCount &* 8)
    pendingCount &+= 1
    length &+= 1
    if pendingCount == 8 {
      mix(pending)
      pending = 0
      pendingCount = 0
    }
  }

  /// Feeds a 64-bit word as its 8 bytes, least significant first.
  ///
  /// - Parameter word: The word.
  package mutating func combine(word: UInt64) {
    guard pendingCount == 0 else {
      for shift in stride(from: UInt64(0), to: 64, by: 8) {
        combine(byte: UInt8(truncatingIfNeeded: word >> shift))
      }
      return
    }
    length &+= 8
    mix(word)
  }

  /// Feeds an integer as a 64-bit word.
  ///
  /// - Parameter integer: The integer.
  package mutating func combine(integer: Int) {
    combine(word: UInt64(bitPattern: Int64(integer)))
  }

  /// Feeds `bytes`, their number first.
  ///
  /// - Parameter bytes: The bytes.
  package mutating func combine(bytes: some Collection<UInt8>) {
    combine(integer: bytes.count)
    for byte in bytes { combine(byte: byte) }
  }

  /// Feeds `text`'s UTF-8 bytes exactly as they are (no normalisation), their number first.
  ///
  /// - Parameter text: The text.
  package mutating func combine(text: String) {
    var text = text
    text.withUTF8 { combine(bytes: $0) }
  }

  /// Feeds `texts`, their number first, each as ``combine(text:)`` does.
  ///
  /// - Parameter texts: The texts.
  package mutating func combine(texts: [String]) {
    combine(integer: texts.count)
    for text in texts { combine(text: text) }
  }

  /// The fingerprint of everything fed; the hasher may go on being fed.
  ///
  /// - Returns: The 128-bit fingerprint.
  package func finalize() -> InputFingerprint {
    var first = first
    var second = second
    if pendingCount > 0 {
      // The zero bytes that fill the word are told from fed zeros by the length below.
      Self.round(&first, &second, pending)
    }
    first ^= length
    second ^= length &* Self.prime5
    let high = Self.avalanche(first &+ Self.rotate(second, 23))
    let low = Self.avalanche(second ^ Self.rotate(high, 41) ^ Self.prime4)
    return InputFingerprint(high: high, low: low)
  }

  private mutating func mix(_ word: UInt64) {
    Self.round(&first, &second, word)
  }

  /// One word through both lanes: each step is one-to-one in the lane and in the word.
  private static func round(_ first: inout UInt64, _ second: inout UInt64, _ word: UInt64) {
    first = rotate(first &+ word &* prime2, 31) &* prime1
    second = rotate(second ^ (word &* prime4), 27) &* prime3 &+ prime5
  }

  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  /// MurmurHash3's 64-bit finaliser: every input bit affects every output bit.
  private static func avalanche(_ value: UInt64) -> UInt64 {
    var value = value
    value ^= value >> 33
    value &*= 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value &*= 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return value
  }
}
