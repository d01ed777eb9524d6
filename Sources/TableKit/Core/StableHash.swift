/// A 64-bit FNV-1a hash of bytes: the same on every run, machine and Swift version.
///
/// Swift's `Hasher` is seeded per process, so a name made from it would change between runs.
/// FNV-1a is tiny and stable; it is not a cryptographic hash. The package's one FNV-1a: the site
/// exporter's page names (never trusted alone: every name is checked against the names already
/// given), the page cache's entry names and checksums, and drill-down paths' digests.
package struct StableHash: Hashable, Sendable {
  /// The hash so far.
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty hash.
  package init() {}

  /// A hash that goes on from `value`, a hash's value kept elsewhere.
  ///
  /// - Parameter value: The value of a hash so far.
  package init(continuing value: UInt64) {
    self.value = value
  }

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

  /// Mixes a whole 64-bit word into the hash in one step (FNV-1a with the word as its unit), for
  /// values that are not bytes, such as indexes.
  ///
  /// - Parameter word: The word.
  package mutating func combine(word: UInt64) {
    value ^= word
    value &*= 0x0000_0100_0000_01b3
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
