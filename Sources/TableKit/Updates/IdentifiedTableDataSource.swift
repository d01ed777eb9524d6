/// A data source that can say what each of its sections and rows *is*: a stable, `Hashable`
/// identifier, unchanged when the row moves or its content changes.
///
/// Identity is what turns two states of a table into a precise batch update: take a
/// ``snapshot()`` before a change and one after, and
/// ``TableSnapshot/difference(from:contentEquals:)`` says which rows were deleted, inserted,
/// moved or updated. How rows show is untouched: cells still come from
/// ``TableDataSource/representedObject(at:)`` and ``TableRepresentable``.
///
/// ```swift
/// extension ContactList: IdentifiedTableDataSource {
///   func sectionIdentifier(inSection section: Int) -> String? { groups[section].name }
///   func itemIdentifier(at position: TablePosition) -> Contact.ID? {
///     groups[position.section].contacts[position.row].id
///   }
/// }
/// ```
///
/// ``DiffableDataSource`` is the ready-made one, for `Identifiable` items.
public protocol IdentifiedTableDataSource: TableDataSource {
  /// The type that identifies a section.
  associatedtype SectionIdentifier: Hashable & Sendable
  /// The type that identifies a row's item.
  associatedtype ItemIdentifier: Hashable & Sendable

  /// The identifier of `section`, or `nil` when there is no such section.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The section's identifier.
  func sectionIdentifier(inSection section: Int) -> SectionIdentifier?

  /// The identifier of the item at `position`, or `nil` when there is no such row.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The item's identifier.
  func itemIdentifier(at position: TablePosition) -> ItemIdentifier?
}

extension IdentifiedTableDataSource {
  /// The identifiers of every section and row, read through the counts.
  ///
  /// - Returns: The snapshot of the current content.
  /// - Throws: ``TableSnapshotError/duplicateSection(_:existing:duplicate:)`` or
  ///   ``TableSnapshotError/duplicateItem(_:existing:duplicate:)`` when two sections or two
  ///   items share an identifier, naming both places. A section or row without an identifier is
  ///   left out of the snapshot.
  /// - Complexity: O(n) on average for n rows.
  public func snapshot() throws(TableSnapshotError<SectionIdentifier, ItemIdentifier>)
    -> TableSnapshot<SectionIdentifier, ItemIdentifier>
  {
    var snapshot = TableSnapshot<SectionIdentifier, ItemIdentifier>()
    for section in 0..<max(0, numberOfSections) {
      guard let identifier = sectionIdentifier(inSection: section) else { continue }
      try snapshot.appendSections([identifier])
      let rows = max(0, numberOfRows(inSection: section))
      let items = (0..<rows).compactMap {
        itemIdentifier(at: TablePosition(section: section, row: $0))
      }
      try snapshot.appendItems(items, toSection: identifier)
    }
    return snapshot
  }
}
