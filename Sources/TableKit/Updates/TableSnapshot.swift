/// The identity of a table's content at one moment: its sections and their items, in order, by
/// identifier.
///
/// A snapshot plays the role of `NSDiffableDataSourceSnapshot`. It holds only identifiers, which
/// must be unique (section identifiers among sections, item identifiers across the whole
/// snapshot); an edit that would repeat one throws a ``TableSnapshotError`` naming the identifier
/// and both of its places, and leaves the snapshot as it was.
///
/// ```swift
/// var snapshot = TableSnapshot<String, Contact.ID>()
/// try snapshot.appendSections(["Friends", "Work"])
/// try snapshot.appendItems([ada.id, alan.id], toSection: "Friends")
/// try snapshot.appendItems([grace.id], toSection: "Work")
/// let changes = snapshot.difference(from: previous)
/// ```
///
/// Compare two snapshots with ``difference(from:contentEquals:)`` to get the
/// ``TableChangeset`` that turns a table showing the first into one showing the second.
///
/// A snapshot keeps an index of where each item is, so finding an item costs O(1) on average.
/// Appending items to a section costs O(1) each; inserting, deleting or moving anywhere else,
/// and any change to sections other than appending, rebuilds the index in O(n).
public struct TableSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The section identifiers, in order.
  @usableFromInline var sectionStorage: [SectionID] = []
  /// The item identifiers of each section, in order.
  @usableFromInline var itemStorage: [[ItemID]] = []
  /// The index of each section identifier in ``sectionStorage``.
  @usableFromInline var sectionIndex: [SectionID: Int] = [:]
  /// The packed position of each item identifier.
  @usableFromInline var itemIndex = TableSnapshotIndex()
  /// Items marked for reloading.
  @usableFromInline var reloaded: Set<ItemID> = []
  /// Items marked for reconfiguring.
  @usableFromInline var reconfigured: Set<ItemID> = []

  /// Creates an empty snapshot: no sections, no items.
  public init() {}

  /// The section identifiers, in order.
  public var sectionIdentifiers: [SectionID] { sectionStorage }

  /// Every item identifier, section after section.
  ///
  /// - Complexity: O(n); this makes a new array.
  public var itemIdentifiers: [ItemID] { itemStorage.flatMap { $0 } }

  /// The number of sections.
  public var numberOfSections: Int { sectionStorage.count }

  /// The number of items in all sections.
  public var numberOfItems: Int { itemIndex.count }

  /// The shape a table showing this snapshot has: the number of items in each section.
  public var shape: TableShape { TableShape(rowCounts: itemStorage.map(\.count)) }

  /// The items marked with ``reloadItems(_:)`` since the snapshot was made.
  public var reloadedItemIdentifiers: Set<ItemID> { reloaded }

  /// The items marked with ``reconfigureItems(_:)`` since the snapshot was made.
  public var reconfiguredItemIdentifiers: Set<ItemID> { reconfigured }

  /// The item identifiers of the section `identifier`, in order.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: Its items.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` when there is no such section.
  public func itemIdentifiers(
    inSection identifier: SectionID
  ) throws(TableSnapshotError<SectionID, ItemID>) -> [ItemID] {
    try itemStorage[sectionNumber(identifier)]
  }

  /// The number of items in the section `identifier`.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: Its item count.
  /// - Throws: ``TableSnapshotError/sectionNotFound(_:)`` when there is no such section.
  public func numberOfItems(
    inSection identifier: SectionID
  ) throws(TableSnapshotError<SectionID, ItemID>) -> Int {
    try itemStorage[sectionNumber(identifier)].count
  }

  /// The index of the section `identifier`, or `nil` when there is no such section.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: Its index, counted from zero.
  public func index(ofSection identifier: SectionID) -> Int? {
    sectionIndex[identifier]
  }

  /// The position of the item `identifier`, or `nil` when there is no such item.
  ///
  /// - Parameter identifier: An item identifier.
  /// - Returns: Its section and row.
  /// - Complexity: O(1) on average.
  public func position(ofItem identifier: ItemID) -> TablePosition? {
    itemIndex.find(identifier, in: itemStorage).map(Self.position(packed:))
  }

  /// Whether the snapshot holds the item `identifier`.
  ///
  /// - Parameter identifier: An item identifier.
  /// - Returns: `true` when some section holds it.
  public func containsItem(_ identifier: ItemID) -> Bool {
    itemIndex.find(identifier, in: itemStorage) != nil
  }

  /// The identifier of the section holding the item `identifier`, or `nil` when there is no such
  /// item.
  ///
  /// - Parameter identifier: An item identifier.
  /// - Returns: The section's identifier.
  public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? {
    position(ofItem: identifier).map { sectionStorage[$0.section] }
  }

  /// The identifier of the section at `index`, or `nil` when there is none.
  ///
  /// - Parameter index: A section index, counted from zero.
  /// - Returns: The section's identifier.
  public func sectionIdentifier(at index: Int) -> SectionID? {
    sectionStorage.indices.contains(index) ? sectionStorage[index] : nil
  }

  /// The identifier of the item at `position`, or `nil` when there is none.
  ///
  /// - Parameter position: A section and row.
  /// - Returns: The item's identifier.
  public func itemIdentifier(at position: TablePosition) -> ItemID? {
    guard itemStorage.indices.contains(position.section) else { return nil }
    let rows = itemStorage[position.section]
    return rows.indices.contains(position.row) ? rows[position.row] : nil
  }

  /// The index of the section `identifier`, or the error naming it.
  @usableFromInline
  func sectionNumber(
    _ identifier: SectionID
  ) throws(TableSnapshotError<SectionID, ItemID>) -> Int {
    guard let section = sectionIndex[identifier] else { throw .sectionNotFound(identifier) }
    return section
  }

  /// The packed position of the item `identifier`, or the error naming it.
  func packedPosition(
    ofItem identifier: ItemID
  ) throws(TableSnapshotError<SectionID, ItemID>) -> Int {
    guard let packed = itemIndex.find(identifier, in: itemStorage) else {
      throw .itemNotFound(identifier)
    }
    return packed
  }

  @inlinable
  static func position(packed: Int) -> TablePosition {
    TablePosition(section: TableSnapshotIndex.section(packed), row: TableSnapshotIndex.row(packed))
  }
}

extension TableSnapshot: Equatable {
  /// Whether both snapshots hold the same sections and items in the same order, with the same
  /// reload and reconfigure marks.
  public static func == (lhs: TableSnapshot, rhs: TableSnapshot) -> Bool {
    lhs.sectionStorage == rhs.sectionStorage && lhs.itemStorage == rhs.itemStorage
      && lhs.reloaded == rhs.reloaded && lhs.reconfigured == rhs.reconfigured
  }
}

extension TableSnapshot: CustomStringConvertible {
  /// The sections and their items, such as `["Friends": ["ada", "alan"], "Work": []]`.
  public var description: String {
    let sections = zip(sectionStorage, itemStorage).map { section, items in
      String(reflecting: section) + ": " + String(reflecting: items)
    }
    return "[" + sections.joined(separator: ", ") + "]"
  }
}
