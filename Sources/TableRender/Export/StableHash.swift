/// A 64-bit FNV-1a hash of bytes: the same on every run, machine and Swift version.
///
/// Swift's `Hasher` is seeded per process, so a name made from it would change between runs.
/// FNV-1a is tiny and stable; it is not a cryptographic hash, and the exporter never trusts it
/// alone: every name it makes is checked against the names already given.
package struct StableHash: Hashable, Sendable {
  /// The hash so far.
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty hash.
  package init() {}

  /// The hash of `text`'s UTF-8 bytes, exactly as they are (no normalisation).
  ///
  /// - Parameter text: Any text.
  package init(_ text: String) {
    combine(text.utf8)
  }

  /// Mixes `bytes` into the hash.
  ///
  /// - Parameter bytes: The bytes, in order.
  package mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
  }

  /// The low `count` hex digits of the hash, lower case (at most 16).
  ///
  /// - Parameter count: How many digits.
  /// - Returns: The digits, zero-padded.
  package func hexDigits(_ count: Int) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var output: [UInt8] = []
    let count = min(max(count, 1), 16)
    for index in stride(from: count - 1, through: 0, by: -1) {
      output.append(digits[Int((value >> (UInt64(index) * 4)) & 0xF)])
    }
    return String(decoding: output, as: UTF8.self)
  }
}
