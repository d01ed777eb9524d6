extension TableSnapshot {
  /// The error every edit throws.
  public typealias EditingError = TableSnapshotError<SectionID, ItemID>

  /// Creates a snapshot of `sections`, each with its items, in order.
  ///
  /// ```swift
  /// let snapshot = try TableSnapshot(sections: [
  ///   (section: "Friends", items: ["ada", "alan"]),
  ///   (section: "Work", items: ["grace"]),
  /// ])
  /// ```
  ///
  /// - Parameter sections: Each section's identifier and its items' identifiers.
  /// - Throws: ``TableSnapshotError/duplicateSection(_:existing:duplicate:)`` or
  ///   ``TableSnapshotError/duplicateItem(_:existing:duplicate:)`` for a repeated identifier.
  /// - Complexity: O(n) on average.
  @inlinable
  public init(sections: [(section: SectionID, items: [ItemID])]) throws(EditingError) {
    try appendSections(sections.map(\.section))
    for (section, entry) in sections.enumerated() {
      try appendItems(entry.items, toSectionAt: section)
    }
  }

  // MARK: Sections

  /// Adds sections after the last one.
  ///
  /// - Parameter identifiers: The new sections, in order.
  /// - Throws: ``TableSnapshotError/duplicateSection(_:existing:duplicate:)`` when one is already
  ///   in the snapshot or repeated in `identifiers`; nothing is added then.
  /// - Complexity: O(k) on average for k new sections.
  public mutating func appendSections(_ identifiers: [SectionID]) throws(EditingError) {
    try checkNewSections(identifiers, at: sectionStorage.count)
    for identifier in identifiers {
      sectionIndex[identifier] = sectionStorage.count
      sectionStorage.append(identifier)
      itemStorage.append([])
    }
  }

  /// Inserts sections before the section `anchor`.
  ///
  /// - Parameters:
  ///   - identifiers: The new sections, in order.
  ///   - anchor: The section they go before.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` for an unknown anchor, or
  ///   ``TableSnapshotError/duplicateSection(_:existing:duplicate:)``; nothing changes then.
  /// - Complexity: O(n).
  public mutating func insertSections(
    _ identifiers: [SectionID],
    beforeSection anchor: SectionID
  ) throws(EditingError) {
    try insertSections(identifiers, at: sectionNumber(anchor))
  }

  /// Inserts sections after the section `anchor`.
  ///
  /// - Parameters:
  ///   - identifiers: The new sections, in order.
  ///   - anchor: The section they go after.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` for an unknown anchor, or
  ///   ``TableSnapshotError/duplicateSection(_:existing:duplicate:)``; nothing changes then.
  /// - Complexity: O(n).
  public mutating func insertSections(
    _ identifiers: [SectionID],
    afterSection anchor: SectionID
  ) throws(EditingError) {
    try insertSections(identifiers, at: sectionNumber(anchor) + 1)
  }

  /// Removes sections and all their items.
  ///
  /// - Parameter identifiers: The sections to remove.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` for an unknown one; nothing is
  ///   removed then.
  /// - Complexity: O(n).
  public mutating func deleteSections(_ identifiers: [SectionID]) throws(EditingError) {
    var doomed = Set<Int>()
    for identifier in identifiers { doomed.insert(try sectionNumber(identifier)) }
    for section in doomed { forgetMarks(of: itemStorage[section]) }
    var sections: [SectionID] = []
    var items: [[ItemID]] = []
    for (section, identifier) in sectionStorage.enumerated() where !doomed.contains(section) {
      sections.append(identifier)
      items.append(itemStorage[section])
    }
    sectionStorage = sections
    itemStorage = items
    reindexSections()
    reindexItems()
  }

  /// Moves the section `identifier` so that it comes just before the section `anchor`.
  ///
  /// Moving a section before itself changes nothing.
  ///
  /// - Parameters:
  ///   - identifier: The section to move, with its items.
  ///   - anchor: The section it goes before.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` for an unknown section.
  /// - Complexity: O(n).
  public mutating func moveSection(
    _ identifier: SectionID,
    beforeSection anchor: SectionID
  ) throws(EditingError) {
    try moveSection(identifier, nextTo: anchor, after: false)
  }

  /// Moves the section `identifier` so that it comes just after the section `anchor`.
  ///
  /// Moving a section after itself changes nothing.
  ///
  /// - Parameters:
  ///   - identifier: The section to move, with its items.
  ///   - anchor: The section it goes after.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` for an unknown section.
  /// - Complexity: O(n).
  public mutating func moveSection(
    _ identifier: SectionID,
    afterSection anchor: SectionID
  ) throws(EditingError) {
    try moveSection(identifier, nextTo: anchor, after: true)
  }

  // MARK: Items

  /// Adds items after the last item of a section.
  ///
  /// - Parameters:
  ///   - identifiers: The new items, in order.
  ///   - section: The section to add them to; `nil` (the default) for the last section.
  /// - Throws: ``TableSnapshotError/duplicateItem(_:existing:duplicate:)`` when one is already in
  ///   the snapshot or repeated in `identifiers`, ``TableSnapshotError/sectionNotFound(_:)`` for
  ///   an unknown section, ``TableSnapshotError/noSections`` when `section` is `nil` and there
  ///   is no section; nothing is added then.
  /// - Complexity: O(k) on average for k new items.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemID],
    toSection section: SectionID? = nil
  ) throws(EditingError) {
    if let section {
      try appendItems(identifiers, toSectionAt: sectionNumber(section))
    } else {
      guard !sectionStorage.isEmpty else { throw .noSections }
      try appendItems(identifiers, toSectionAt: sectionStorage.count - 1)
    }
  }

  /// Inserts items just before the item `anchor`, in its section.
  ///
  /// - Parameters:
  ///   - identifiers: The new items, in order.
  ///   - anchor: The item they go before.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown anchor, or
  ///   ``TableSnapshotError/duplicateItem(_:existing:duplicate:)``; nothing changes then.
  /// - Complexity: O(n).
  public mutating func insertItems(
    _ identifiers: [ItemID],
    beforeItem anchor: ItemID
  ) throws(EditingError) {
    let packed = try packedPosition(ofItem: anchor)
    try insertItems(identifiers, at: Self.position(packed: packed))
  }

  /// Inserts items just after the item `anchor`, in its section.
  ///
  /// - Parameters:
  ///   - identifiers: The new items, in order.
  ///   - anchor: The item they go after.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown anchor, or
  ///   ``TableSnapshotError/duplicateItem(_:existing:duplicate:)``; nothing changes then.
  /// - Complexity: O(n).
  public mutating func insertItems(
    _ identifiers: [ItemID],
    afterItem anchor: ItemID
  ) throws(EditingError) {
    var position = Self.position(packed: try packedPosition(ofItem: anchor))
    position.row += 1
    try insertItems(identifiers, at: position)
  }

  /// Removes items.
  ///
  /// - Parameter identifiers: The items to remove.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown one; nothing is removed
  ///   then.
  /// - Complexity: O(n).
  public mutating func deleteItems(_ identifiers: [ItemID]) throws(EditingError) {
    var doomed: [Int: Set<Int>] = [:]
    for identifier in identifiers {
      let packed = try packedPosition(ofItem: identifier)
      doomed[TableSnapshotIndex.section(packed), default: []].insert(TableSnapshotIndex.row(packed))
    }
    forgetMarks(of: identifiers)
    for (section, rows) in doomed {
      itemStorage[section] = itemStorage[section].enumerated()
        .filter { !rows.contains($0.offset) }.map(\.element)
    }
    reindexItems()
  }

  /// Removes every section and every item, like `NSDiffableDataSourceSnapshot`.
  public mutating func deleteAllItems() {
    self = TableSnapshot()
  }

  /// Moves the item `identifier` so that it comes just before the item `anchor`, in the
  /// anchor's section.
  ///
  /// Moving an item before itself changes nothing.
  ///
  /// - Parameters:
  ///   - identifier: The item to move.
  ///   - anchor: The item it goes before.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown item.
  /// - Complexity: O(n).
  public mutating func moveItem(
    _ identifier: ItemID,
    beforeItem anchor: ItemID
  ) throws(EditingError) {
    try moveItem(identifier, nextTo: anchor, after: false)
  }

  /// Moves the item `identifier` so that it comes just after the item `anchor`, in the anchor's
  /// section.
  ///
  /// Moving an item after itself changes nothing.
  ///
  /// - Parameters:
  ///   - identifier: The item to move.
  ///   - anchor: The item it goes after.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown item.
  /// - Complexity: O(n).
  public mutating func moveItem(
    _ identifier: ItemID,
    afterItem anchor: ItemID
  ) throws(EditingError) {
    try moveItem(identifier, nextTo: anchor, after: true)
  }

  /// Marks items whose rows must be made again (a new cell), whatever their content.
  ///
  /// A diff against an older snapshot lists their rows in ``TableChangeset/reloadedRows``.
  ///
  /// - Parameter identifiers: The items to reload.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown one; nothing is marked
  ///   then.
  public mutating func reloadItems(_ identifiers: [ItemID]) throws(EditingError) {
    for identifier in identifiers { _ = try packedPosition(ofItem: identifier) }
    reloaded.formUnion(identifiers)
  }

  /// Marks items whose rows must be refreshed in place (the same cell, new content).
  ///
  /// A diff against an older snapshot lists their rows in
  /// ``TableChangeset/reconfiguredRows`` (unless they are reloaded anyway).
  ///
  /// - Parameter identifiers: The items to reconfigure.
  /// - Throws: ``TableSnapshotError/itemNotFound(_:)`` for an unknown one; nothing is marked
  ///   then.
  public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(EditingError) {
    for identifier in identifiers { _ = try packedPosition(ofItem: identifier) }
    reconfigured.formUnion(identifiers)
  }

  /// Removes every reload and reconfigure mark, as once they have been applied.
  public mutating func removeUpdateMarks() {
    reloaded.removeAll()
    reconfigured.removeAll()
  }

  // MARK: Helpers

  /// Appends items to the section at `section`, undoing all of it on a duplicate.
  @inlinable
  mutating func appendItems(
    _ identifiers: [ItemID],
    toSectionAt section: Int
  ) throws(EditingError) {
    let start = itemStorage[section].count
    itemIndex.reserve(identifiers.count, in: itemStorage)
    if start == 0 {
      // An empty section takes the array itself (it is shared, not copied), then indexes it.
      itemStorage[section] = identifiers
      for (row, identifier) in identifiers.enumerated() {
        let packed = TableSnapshotIndex.pack(section: section, row: row)
        if let existing = itemIndex.insert(identifier, at: packed, in: itemStorage) {
          itemStorage[section] = []
          reindexItems()
          throw .duplicateItem(
            identifier, existing: Self.position(packed: existing),
            duplicate: Self.position(packed: packed))
        }
      }
      return
    }
    itemStorage[section].reserveCapacity(start + identifiers.count)
    for identifier in identifiers {
      let packed = TableSnapshotIndex.pack(section: section, row: itemStorage[section].count)
      itemStorage[section].append(identifier)
      if let existing = itemIndex.insert(identifier, at: packed, in: itemStorage) {
        itemStorage[section].removeSubrange(start...)
        reindexItems()
        throw .duplicateItem(
          identifier, existing: Self.position(packed: existing),
          duplicate: Self.position(packed: packed))
      }
    }
  }

  /// Throws for the first of `identifiers` that is already a section or repeated among them,
  /// naming the index it would have had were the list inserted at `start`.
  private func checkNewSections(_ identifiers: [SectionID], at start: Int) throws(EditingError) {
    var seen: [SectionID: Int] = [:]
    for (offset, identifier) in identifiers.enumerated() {
      if let existing = sectionIndex[identifier] {
        throw .duplicateSection(
          identifier, existing: existing < start ? existing : existing + identifiers.count,
          duplicate: start + offset)
      }
      if let earlier = seen.updateValue(start + offset, forKey: identifier) {
        throw .duplicateSection(identifier, existing: earlier, duplicate: start + offset)
      }
    }
  }

  private mutating func insertSections(
    _ identifiers: [SectionID],
    at start: Int
  ) throws(EditingError) {
    try checkNewSections(identifiers, at: start)
    sectionStorage.insert(contentsOf: identifiers, at: start)
    itemStorage.insert(contentsOf: identifiers.map { _ in [] }, at: start)
    reindexSections()
    reindexItems()
  }

  private mutating func moveSection(
    _ identifier: SectionID,
    nextTo anchor: SectionID,
    after: Bool
  ) throws(EditingError) {
    let from = try sectionNumber(identifier)
    let anchorIndex = try sectionNumber(anchor)
    guard from != anchorIndex else { return }
    let items = itemStorage.remove(at: from)
    sectionStorage.remove(at: from)
    let target = (anchorIndex > from ? anchorIndex - 1 : anchorIndex) + (after ? 1 : 0)
    sectionStorage.insert(identifier, at: target)
    itemStorage.insert(items, at: target)
    reindexSections()
    reindexItems()
  }

  /// Inserts items at `position` (a row may be one past the last), checking them first.
  private mutating func insertItems(
    _ identifiers: [ItemID],
    at position: TablePosition
  ) throws(EditingError) {
    var seen: [ItemID: Int] = [:]
    for (offset, identifier) in identifiers.enumerated() {
      let duplicate = TablePosition(section: position.section, row: position.row + offset)
      if let existing = itemIndex.find(identifier, in: itemStorage) {
        var place = Self.position(packed: existing)
        if place.section == position.section && place.row >= position.row {
          place.row += identifiers.count
        }
        throw .duplicateItem(identifier, existing: place, duplicate: duplicate)
      }
      if let earlier = seen.updateValue(offset, forKey: identifier) {
        throw .duplicateItem(
          identifier,
          existing: TablePosition(section: position.section, row: position.row + earlier),
          duplicate: duplicate)
      }
    }
    itemStorage[position.section].insert(contentsOf: identifiers, at: position.row)
    reindexItems()
  }

  private mutating func moveItem(
    _ identifier: ItemID,
    nextTo anchor: ItemID,
    after: Bool
  ) throws(EditingError) {
    let from = Self.position(packed: try packedPosition(ofItem: identifier))
    var target = Self.position(packed: try packedPosition(ofItem: anchor))
    guard identifier != anchor else { return }
    itemStorage[from.section].remove(at: from.row)
    // The anchor's place once the item is out.
    if target.section == from.section && target.row > from.row { target.row -= 1 }
    if after { target.row += 1 }
    itemStorage[target.section].insert(identifier, at: target.row)
    reindexItems()
  }

  private mutating func forgetMarks(of identifiers: [ItemID]) {
    guard !reloaded.isEmpty || !reconfigured.isEmpty else { return }
    reloaded.subtract(identifiers)
    reconfigured.subtract(identifiers)
  }

  private mutating func reindexSections() {
    sectionIndex.removeAll(keepingCapacity: true)
    for (section, identifier) in sectionStorage.enumerated() { sectionIndex[identifier] = section }
  }

  /// Builds the item index again; the items are known to be unique.
  @usableFromInline
  mutating func reindexItems() {
    var index = TableSnapshotIndex(capacity: itemStorage.reduce(0) { $0 + $1.count })
    for (section, rows) in itemStorage.enumerated() {
      for (row, identifier) in rows.enumerated() {
        _ = index.insert(
          identifier, at: TableSnapshotIndex.pack(section: section, row: row), in: itemStorage)
      }
    }
    itemIndex = index
  }
}
