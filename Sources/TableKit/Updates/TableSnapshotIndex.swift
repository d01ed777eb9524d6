/// Where each item of a snapshot is: an open-addressing hash table of positions.
///
/// The table stores only packed positions (section in the high 32 bits, row in the low 32), never
/// the identifiers: it finds an identifier by hashing it and comparing it with the item stored
/// at each candidate position of the snapshot's own arrays, as `OrderedSet` does with its
/// elements. So the index of a million items costs 16 MB whatever the identifiers are, and a
/// diff finds each item's old position with one hash and, usually, one comparison.
///
/// Every function takes the snapshot's items as an argument; the caller keeps the two in step.
@usableFromInline
struct TableSnapshotIndex: Hashable, Sendable {
  /// Packed positions, or `-1` for an empty slot; the count is a power of two.
  @usableFromInline var slots: [Int]
  /// The number of positions stored.
  @usableFromInline var count = 0

  /// An empty index with room for `capacity` items before it grows.
  @inlinable
  init(capacity: Int = 0) {
    var size = 8
    while size * 3 < max(capacity, 0) * 4 { size *= 2 }
    slots = Array(repeating: -1, count: size)
  }

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
    var slot = identifier.hashValue & mask
    while true {
      let packed = slots[slot]
      if packed < 0 { return nil }
      if items[packed >> 32][packed & 0xFFFF_FFFF] == identifier { return packed }
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
    var slot = identifier.hashValue & mask
    while true {
      let existing = slots[slot]
      if existing < 0 { break }
      if items[existing >> 32][existing & 0xFFFF_FFFF] == identifier { return existing }
      slot = (slot &+ 1) & mask
    }
    slots[slot] = packed
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
    let mask = slots.count - 1
    for packed in old where packed >= 0 {
      var slot = items[packed >> 32][packed & 0xFFFF_FFFF].hashValue & mask
      while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
      slots[slot] = packed
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
