/// What a file was made from, as a 128-bit hash: a later export that computes the same
/// fingerprint for a file may keep the file an earlier export wrote without making it again.
///
/// The hash is the caller's, and it must be the same on every run, machine and version (Swift's
/// `Hasher` is seeded per process, so it cannot be used). Two different inputs that hash alike
/// would keep a stale file; 128 bits make that practically impossible for the number of files a
/// site holds.
package struct InputFingerprint: Hashable, Sendable {
  /// The hash's upper 64 bits.
  package var high: UInt64
  /// The hash's lower 64 bits.
  package var low: UInt64

  /// A fingerprint of the two halves of a 128-bit hash.
  ///
  /// - Parameters:
  ///   - high: The upper 64 bits.
  ///   - low: The lower 64 bits.
  package init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }
}
