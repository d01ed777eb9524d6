extension SiteManifest {
  /// The paths of the files listed with `fingerprint`, in no order.
  ///
  /// An export that knows what a page is made from finds the page's files here without
  /// printing their names: the fingerprint covers the page's level, so only the files of
  /// that one page carry it.
  ///
  /// - Parameter fingerprint: What a page was made from.
  /// - Returns: The entries' indices (see ``path(at:)``); empty when none carries it.
  func indices(of fingerprint: InputFingerprint) -> [Int] {
    let bucket = Self.bucket(
      of: Self.hash(fingerprint), among: fingerprintStarts.count - 1)
    var found: [Int] = []
    let tag = fingerprint.high >> 32
    for position in Int(fingerprintStarts[bucket])..<Int(fingerprintStarts[bucket + 1]) {
      let packed = fingerprintOrder[position]
      guard packed >> 32 == tag else { continue }
      let index = Int(packed & 0xFFFF_FFFF)
      if entries[index].fingerprint == fingerprint { found.append(index) }
    }
    return found
  }

  /// The indices of `entries` grouped by their fingerprint's bucket (files written without a
  /// fingerprint left out), and where each bucket starts.
  static func groupByFingerprint(_ entries: [Entry]) -> (order: [UInt64], starts: [UInt32]) {
    let bucketCount = max(1, entries.count / 2)
    var buckets = [Int](repeating: -1, count: entries.count)
    var starts = [UInt32](repeating: 0, count: bucketCount + 1)
    for (index, entry) in entries.enumerated() {
      guard let fingerprint = entry.fingerprint else { continue }
      let bucket = bucket(of: hash(fingerprint), among: bucketCount)
      buckets[index] = bucket
      starts[bucket + 1] += 1
    }
    for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
    var next = starts
    var order = [UInt64](repeating: 0, count: Int(starts[bucketCount]))
    for (index, bucket) in buckets.enumerated() where bucket >= 0 {
      order[Int(next[bucket])] = (entries[index].high >> 32) << 32 | UInt64(index)
      next[bucket] += 1
    }
    return (order, starts)
  }

  /// The hash of a fingerprint, seeded per process: a database chosen to make fingerprints
  /// that share bits cannot crowd one bucket.
  private static func hash(_ fingerprint: InputFingerprint) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(fingerprint.high)
    hasher.combine(fingerprint.low)
    return UInt64(UInt(bitPattern: hasher.finalize()))
  }
}
