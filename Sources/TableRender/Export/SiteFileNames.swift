/// A set of file names held compactly: every name's UTF-8 in one byte buffer, found by an
/// open-addressing table of their positions, so a site of a hundred thousand pages keeps a few
/// megabytes of names rather than a `String` and a hash-set entry each.
///
/// Names are never removed. ``forEachName(sorted:_:)`` lists them in byte order, which is the order of
/// `String`'s `<` for the ASCII names ``SitePageNaming`` makes.
package struct SiteFileNames {
  /// The names' bytes, one after another.
  private var bytes: [UInt8] = []
  /// Where each name ends in ``bytes``; name `i` starts where name `i - 1` ends.
  private var ends: [Int] = []
  /// The hash table: a name's index plus one, or 0 for an empty slot; its count a power of 2.
  private var slots: [Int32] = Array(repeating: 0, count: 1 << 10)

  /// An empty set.
  package init() {}

  /// How many names the set holds.
  package var count: Int { ends.count }

  /// Whether the set holds `name`.
  package func contains(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { slot(of: $0).found }
  }

  /// Adds `name`.
  ///
  /// - Returns: `false` when the set held it already.
  @discardableResult
  package mutating func insert(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { (utf8: UnsafeBufferPointer<UInt8>) -> Bool in
      let (index, found) = slot(of: utf8)
      guard !found else { return false }
      bytes.append(contentsOf: utf8)
      ends.append(bytes.count)
      slots[index] = Int32(ends.count)
      if ends.count * 2 > slots.count { grow() }
      return true
    }
  }

  /// Calls `body` with every name: in byte order when `sorted`, else in the order added.
  ///
  /// The order is sorted as 32-bit indices into the names' buffer (4 bytes a name, not a slice
  /// of 32), so listing a hundred thousand names costs half a megabyte beside them.
  ///
  /// - Parameters:
  ///   - sorted: Whether to list the names in byte order.
  ///   - body: Called with each name's UTF-8, valid only during the call.
  package func forEachName(sorted: Bool, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void)
    rethrows
  {
    try bytes.withUnsafeBufferPointer { all in
      let ends = ends
      func name(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        let index = Int(index)
        return UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
      }
      var order = (0..<Int32(truncatingIfNeeded: ends.count)).map { $0 }
      if sorted { order.sort { name($0).lexicographicallyPrecedes(name($1)) } }
      for index in order { try body(name(index)) }
    }
  }

  /// The bytes of name `index`.
  private func name(at index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// The slot that holds `utf8`, or the empty one where it would go.
  private func slot(of utf8: UnsafeBufferPointer<UInt8>) -> (index: Int, found: Bool) {
    let mask = slots.count - 1
    var index = Self.hash(utf8) & mask
    while slots[index] != 0 {
      let stored = name(at: Int(slots[index]) - 1)
      if stored.elementsEqual(utf8) { return (index, true) }
      index = (index + 1) & mask
    }
    return (index, false)
  }

  /// Doubles the table and puts every name back.
  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for entry in ends.indices {
      let start = entry == 0 ? 0 : ends[entry - 1]
      var index =
        bytes.withUnsafeBufferPointer {
          Self.hash(UnsafeBufferPointer(rebasing: $0[start..<ends[entry]]))
        } & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = Int32(entry + 1)
    }
  }

  /// FNV-1a over the bytes: stable and quick for short names.
  private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }
}
