/// Where each item of a snapshot is: an open-addressing hash table of positions.
///
/// The table stores only packed positions (section in the high 32 bits, row in the low 32), never
/// the identifiers: it finds an identifier by hashing it and comparing it with the item stored
/// at each candidate position of the snapshot's own arrays, as `OrderedSet` does with its
/// elements. Beside each slot a one-byte tag holds seven bits of the identifier's hash (and a
/// bit saying the slot is taken), so a probe reads the small tag array and compares an item
/// only when the tags agree: one time in 128 for another item. So the index of a million items
/// costs 18 MB whatever the identifiers are, and a look-up costs one hash, a read of the tags
/// and, for an item that is there, one comparison.
///
/// Every function takes the snapshot's items as an argument; the caller keeps the two in step.
@usableFromInline
struct TableSnapshotIndex: Hashable, Sendable {
  /// Packed positions, or `-1` for an empty slot; the count is a power of two.
  @usableFromInline var slots: [Int]
  /// For each slot, 0 when empty, else 0x80 and the top seven bits of the item's hash.
  @usableFromInline var tags: [UInt8]
  /// The number of positions stored.
  @usableFromInline var count = 0

  /// An empty index with room for `capacity` items before it grows.
  @inlinable
  init(capacity: Int = 0) {
    var size = 8
    while size * 3 < max(capacity, 0) * 4 { size *= 2 }
    slots = Array(repeating: -1, count: size)
    tags = Array(repeating: 0, count: size)
  }

  /// The tag of a hash value: taken, and its top seven bits.
  @inlinable
  static func tag(_ hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash >> 57) | 0x80 }

  @inlinable
  static func pack(section: Int, row: Int) -> Int { section << 32 | row }
  @inlinable
  static func section(_ packed: Int) -> Int { packed >> 32 }
  @inlinable
  static func row(_ packed: Int) -> Int { packed & 0xFFFF_FFFF }

  /// The packed position of `identifier` in `items`, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  func find<ID: Hashable>(_ identifier: ID, in items: [[ID]]) -> Int? {
    let mask = slots.count - 1
    let hash = identifier.hashValue
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let found = tags[slot]
      if found == 0 { return nil }
      if found == tag {
        let packed = slots[slot]
        if items[packed >> 32][packed & 0xFFFF_FFFF] == identifier { return packed }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Records that `items` holds `identifier` at `packed`, unless it already holds it elsewhere.
  ///
  /// - Returns: `nil` when recorded; the packed position already recorded for an equal
  ///   identifier otherwise (nothing is changed then).
  /// - Complexity: O(1) amortized.
  @inlinable
  mutating func insert<ID: Hashable>(_ identifier: ID, at packed: Int, in items: [[ID]]) -> Int? {
    if (count + 1) * 4 > slots.count * 3 { grow(items) }
    let mask = slots.count - 1
    let hash = identifier.hashValue
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let found = tags[slot]
      if found == 0 { break }
      if found == tag {
        let existing = slots[slot]
        if items[existing >> 32][existing & 0xFFFF_FFFF] == identifier { return existing }
      }
      slot = (slot &+ 1) & mask
    }
    slots[slot] = packed
    tags[slot] = tag
    count += 1
    return nil
  }

  /// Makes room for `additional` more positions, so that recording them never grows the table.
  @inlinable
  mutating func reserve<ID: Hashable>(_ additional: Int, in items: [[ID]]) {
    var size = slots.count
    while size * 3 < (count + max(additional, 0)) * 4 { size *= 2 }
    if size > slots.count { grow(items, to: size) }
  }

  /// Doubles the table and places every recorded position again.
  @inlinable
  mutating func grow<ID: Hashable>(_ items: [[ID]]) {
    grow(items, to: slots.count * 2)
  }

  /// Makes the table `size` slots long and places every recorded position again.
  @inlinable
  mutating func grow<ID: Hashable>(_ items: [[ID]], to size: Int) {
    let old = slots
    slots = Array(repeating: -1, count: size)
    tags = Array(repeating: 0, count: size)
    let mask = slots.count - 1
    for packed in old where packed >= 0 {
      let hash = items[packed >> 32][packed & 0xFFFF_FFFF].hashValue
      var slot = hash & mask
      while tags[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = packed
      tags[slot] = Self.tag(hash)
    }
  }

  /// An index of every item in `items`, or the first identifier found twice with both positions.
  ///
  /// - Complexity: O(n) on average, n being the number of items.
  @inlinable
  static func build<ID: Hashable>(
    _ items: [[ID]]
  ) -> Built<ID> {
    var index = TableSnapshotIndex(capacity: items.reduce(0) { $0 + $1.count })
    for (section, rows) in items.enumerated() {
      for (row, identifier) in rows.enumerated() {
        let packed = pack(section: section, row: row)
        if let existing = index.insert(identifier, at: packed, in: items) {
          return .duplicate(identifier, existing: existing, duplicate: packed)
        }
      }
    }
    return .index(index)
  }

  /// What ``build(_:)`` found: the index, or an identifier at two packed positions.
  @usableFromInline
  enum Built<ID> {
    case index(TableSnapshotIndex)
    case duplicate(ID, existing: Int, duplicate: Int)
  }
}
