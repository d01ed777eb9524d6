/// A data source over a ``TableSnapshot`` of `Identifiable` items, which updates its table
/// precisely whenever a new snapshot is applied.
///
/// The snapshot says which items are where, by identifier; the data source keeps the value of
/// each item. ``apply(_:items:)`` diffs the new snapshot against the current one, with the
/// items' `==` deciding which rows changed content, and hands the changeset to its table
/// through ``changeObserver`` (the ``TableView`` sets itself there when bound). Rows show their
/// items through ``TableRepresentable`` and ``representations``, like any data source.
///
/// ```swift
/// let contacts = DiffableDataSource<String, Contact>()
/// contacts.headerTitles = ["friends": "Friends", "work": "Work"]
/// let table = TableView(dataSource: contacts)
///
/// var snapshot = TableSnapshot<String, Contact.ID>()
/// try snapshot.appendSections(["friends", "work"])
/// try snapshot.appendItems([ada.id, alan.id], toSection: "friends")
/// try contacts.apply(snapshot, items: [ada, alan])   // the table inserts two rows
///
/// ada.name = "Ada Lovelace"
/// try contacts.apply(contacts.snapshot, items: [ada]) // the table reloads one row
/// ```
///
/// Subclass it to react to selection or to give titles another way.
open class DiffableDataSource<SectionID: Hashable & Sendable, Item: Identifiable & Equatable>:
  ChangingTableDataSource, IdentifiedTableDataSource
where Item.ID: Sendable {
  /// The sections and items shown now, by identifier.
  public private(set) var snapshot = TableSnapshot<SectionID, Item.ID>()
  /// The value of each item the snapshot names.
  public private(set) var items: [Item.ID: Item] = [:]
  /// Told of every applied change; the ``TableView`` bound to this data source sets itself here.
  public weak var changeObserver: (any TableChangeObserver)?
  /// The title above each section, by section identifier.
  public var headerTitles: [SectionID: String]
  /// The title below each section, by section identifier.
  public var footerTitles: [SectionID: String]
  /// The columns of a multi-column table; empty for a table of texts and details.
  public var columns: [ColumnDefinition]
  /// This table's overrides of how types show themselves.
  public var representations: RepresentationRegistry

  /// Creates an empty data source.
  ///
  /// - Parameters:
  ///   - headerTitles: The title above each section, by section identifier.
  ///   - footerTitles: The title below each section, by section identifier.
  ///   - columns: The columns of a multi-column table.
  ///   - representations: This table's overrides of how types show themselves.
  public init(
    headerTitles: [SectionID: String] = [:],
    footerTitles: [SectionID: String] = [:],
    columns: [ColumnDefinition] = [],
    representations: RepresentationRegistry = RepresentationRegistry()
  ) {
    self.headerTitles = headerTitles
    self.footerTitles = footerTitles
    self.columns = columns
    self.representations = representations
  }

  /// Shows `snapshot`: diffs it against the current one and updates the table.
  ///
  /// `items` are new values for items, by identifier: every item the snapshot adds, and any
  /// whose content changed. An item the snapshot names and `items` leaves out keeps the value
  /// it has. A kept item whose new value differs (`!=`) from its old one, or that the snapshot
  /// marks with ``TableSnapshot/reloadItems(_:)``, is reloaded; one marked with
  /// ``TableSnapshot/reconfigureItems(_:)`` is reconfigured.
  ///
  /// - Parameters:
  ///   - snapshot: The sections and items to show.
  ///   - items: New values for items, by their `id`; when one appears twice, the last wins.
  /// - Returns: The changeset the table applied.
  /// - Throws: ``TableUpdateError/missingItem(identifier:)`` when the snapshot names an item
  ///   with no value, or the table's ``TableUpdateError`` when it refused the change. Either
  ///   way the data source keeps its previous snapshot and items, as the table keeps its shape.
  /// - Complexity: O(n) on average for n items, plus the sort of the items that moved.
  @discardableResult
  public func apply(
    _ snapshot: TableSnapshot<SectionID, Item.ID>,
    items: [Item] = []
  ) throws(TableUpdateError) -> TableChangeset {
    var newItems: [Item.ID: Item] = [:]
    newItems.reserveCapacity(snapshot.numberOfItems)
    for item in items { newItems[item.id] = item }
    for section in snapshot.itemStorage {
      for identifier in section where newItems[identifier] == nil {
        guard let current = self.items[identifier] else {
          throw .missingItem(identifier: String(reflecting: identifier))
        }
        newItems[identifier] = current
      }
    }
    if newItems.count > snapshot.numberOfItems {
      newItems = newItems.filter { snapshot.containsItem($0.key) }
    }
    let oldItems = self.items
    let changes = snapshot.difference(from: self.snapshot) { identifier in
      oldItems[identifier] == newItems[identifier]
    }
    let oldSnapshot = self.snapshot
    var shown = snapshot
    shown.removeUpdateMarks()
    self.snapshot = shown
    self.items = newItems
    do {
      try reportChange(changes)
    } catch {
      self.snapshot = oldSnapshot
      self.items = oldItems
      throw error
    }
    return changes
  }

  /// The item shown at `position`, or `nil` when there is none.
  ///
  /// - Parameter position: A section and row.
  /// - Returns: The item.
  public func item(at position: TablePosition) -> Item? {
    snapshot.itemIdentifier(at: position).flatMap { items[$0] }
  }

  // MARK: TableDataSource

  /// The number of sections in the snapshot.
  open var numberOfSections: Int { snapshot.numberOfSections }

  /// The number of items in `section`.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The item count, or 0 for no such section.
  open func numberOfRows(inSection section: Int) -> Int {
    snapshot.itemStorage.indices.contains(section) ? snapshot.itemStorage[section].count : 0
  }

  /// The item at `position`.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The item; for a position the snapshot does not have, a placeholder that shows
  ///   an empty, unselectable row.
  open func representedObject(at position: TablePosition) -> Any {
    item(at: position).map { $0 as Any } ?? NoDiffableItem(position: position)
  }

  /// The item's cell, resolved through ``representations``.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: What the row shows.
  open func cell(at position: TablePosition) -> Cell {
    representations.cell(for: representedObject(at: position))
  }

  /// Assigns ``cell(at:)``; declared here so that a subclass can override it.
  ///
  /// - Parameters:
  ///   - cell: Replaced with the row's cell.
  ///   - position: A position inside the counts.
  open func configureCell(_ cell: inout Cell, at position: TablePosition) {
    cell = self.cell(at: position)
  }

  /// The section's header title from ``headerTitles``.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The header title, or `nil`.
  open func titleForHeader(inSection section: Int) -> String? {
    snapshot.sectionIdentifier(at: section).flatMap { headerTitles[$0] }
  }

  /// The section's footer title from ``footerTitles``.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The footer title, or `nil`.
  open func titleForFooter(inSection section: Int) -> String? {
    snapshot.sectionIdentifier(at: section).flatMap { footerTitles[$0] }
  }

  /// Allows every selection as asked; override to veto or redirect.
  ///
  /// - Parameter position: The row about to be selected.
  /// - Returns: `position`.
  open func willSelectRow(at position: TablePosition) -> TablePosition? { position }

  /// Does nothing; override to react to a selection.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The item the row represents.
  open func didSelectRow(at position: TablePosition, representing object: Any) {}

  /// Does nothing; override to react to a deselection.
  ///
  /// - Parameter position: The deselected row (at its position before an update that removed
  ///   it).
  open func didDeselectRow(at position: TablePosition) {}

  // MARK: IdentifiedTableDataSource

  /// The identifier of `section` in the snapshot.
  ///
  /// - Parameter section: A section index.
  /// - Returns: Its identifier, or `nil` for no such section.
  open func sectionIdentifier(inSection section: Int) -> SectionID? {
    snapshot.sectionIdentifier(at: section)
  }

  /// The identifier of the item at `position` in the snapshot.
  ///
  /// - Parameter position: A section and row.
  /// - Returns: Its identifier, or `nil` for no such row.
  open func itemIdentifier(at position: TablePosition) -> Item.ID? {
    snapshot.itemIdentifier(at: position)
  }
}

/// What a ``DiffableDataSource`` answers for a row its snapshot does not have: an empty,
/// unselectable row.
struct NoDiffableItem: TableRepresentable, CustomStringConvertible {
  var position: TablePosition

  var tableCell: Cell { Cell("", kind: "missing", isSelectable: false) }

  var description: String { "no item at \(position) in the applied snapshot" }
}
