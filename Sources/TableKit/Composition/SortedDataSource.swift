/// A view of a data source whose rows show, within each section, in the order of a comparison of
/// their represented objects.
///
/// Made by ``TableDataSource/sorted(by:)``. Sections stay as they are; each keeps the base's rows
/// in sorted order and, for each base row, its sorted place, so positions map both ways in O(1).
/// The sort is stable: rows the comparison finds equal keep the base's order.
///
/// ```swift
/// let byAmount = invoices.sorted { ($0 as? Invoice)?.amount ?? 0 > ($1 as? Invoice)?.amount ?? 0 }
/// ```
///
/// A change the base reports passes through: rows deleted and inserted in the base are deleted
/// and inserted at their sorted places, and the rows whose sorted order changed (because their
/// content did, or they moved to another section) are moved; the fewest moves keep the others in
/// place.
public final class SortedDataSource<Base: TableDataSource>: ForwardingTableDataSource {
  /// The data source being sorted.
  public let base: Base

  /// Whether the first object shows before the second.
  public let areInIncreasingOrder: (Any, Any) -> Bool

  /// The object told of each change.
  public weak var changeObserver: (any TableChangeObserver)?

  /// Overrides of how types show themselves in this view; they win over the base's.
  public var representations = RepresentationRegistry()

  /// The base rows in sorted order, and each base row's place in it.
  private var map = RowMap.empty
  /// The map before the change being reported, while it travels up (see `didDeselectRow`).
  private var mapBeforeChange: RowMap?

  /// Creates a sorted view of `base`, observing its changes when it reports them.
  ///
  /// - Parameters:
  ///   - base: The data source to sort.
  ///   - areInIncreasingOrder: Whether the first object shows before the second.
  /// - Complexity: O(n log n) for n rows.
  public init(_ base: Base, by areInIncreasingOrder: @escaping (Any, Any) -> Bool) {
    self.base = base
    self.areInIncreasingOrder = areInIncreasingOrder
    map = Self.sortedRows(of: base, areInIncreasingOrder)
    observe(base)
  }

  private static func sortedRows(
    of base: Base, _ areInIncreasingOrder: (Any, Any) -> Bool
  ) -> RowMap {
    var order: [[Int]] = []
    var counts: [Int] = []
    for section in 0..<max(0, base.numberOfSections) {
      let rows = max(0, base.numberOfRows(inSection: section))
      let objects = (0..<rows).map {
        base.representedObject(at: TablePosition(section: section, row: $0))
      }
      // Stable: equal objects keep the base's order.
      let sorted = (0..<rows).sorted { a, b in
        if areInIncreasingOrder(objects[a], objects[b]) { return true }
        if areInIncreasingOrder(objects[b], objects[a]) { return false }
        return a < b
      }
      order.append(sorted)
      counts.append(rows)
    }
    return RowMap(shown: order, baseRowCounts: counts)
  }

  // MARK: ForwardingTableDataSource

  /// The base's section count when last read.
  public var numberOfSections: Int { map.numberOfSections }

  /// The rows of `section`.
  ///
  /// - Parameter section: A section.
  /// - Returns: The count, or 0 out of range.
  public func numberOfRows(inSection section: Int) -> Int {
    map.numberOfRows(inSection: section)
  }

  /// The base, for index 0.
  ///
  /// - Parameter index: 0.
  /// - Returns: The base, or `nil` for any other index.
  public func child(at index: Int) -> (any TableDataSource)? { index == 0 ? base : nil }

  /// The same section of the base.
  ///
  /// - Parameter section: A section.
  /// - Returns: Child 0 and `section`, or `nil` out of range.
  public func childSection(forSection section: Int) -> (child: Int, section: Int)? {
    section >= 0 && section < map.numberOfSections ? (0, section) : nil
  }

  /// The base's row shown at `position`.
  ///
  /// - Parameter position: A position of this view.
  /// - Returns: Child 0 at the base's position, or `nil` out of range.
  public func childPosition(for position: TablePosition) -> ChildPosition? {
    map.basePosition(for: position).map { ChildPosition(child: 0, position: $0) }
  }

  /// Where a base row shows.
  ///
  /// - Parameter childPosition: Child 0 and a base position.
  /// - Returns: The position in this view, or `nil` out of range.
  public func position(for childPosition: ChildPosition) -> TablePosition? {
    childPosition.child == 0 ? map.shownPosition(ofBase: childPosition.position) : nil
  }

  /// Tells the base, at the row's base position; while a change is reported, the position is
  /// one from before it and is mapped as the rows were sorted then.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    guard let basePosition = (mapBeforeChange ?? map).basePosition(for: position) else { return }
    base.didDeselectRow(at: basePosition)
  }

  // MARK: TableChangeObserver

  /// Passes a change of the base through the sort and reports it in this view's positions.
  ///
  /// - Parameters:
  ///   - dataSource: The base.
  ///   - changeset: The change in the base's positions.
  /// - Throws: ``TableUpdateError`` when the base's changeset does not fit its old and new
  ///   counts, or the observer refused the change.
  /// - Complexity: O(n log n) for n rows of the base.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard dataSource === base else { return }
    let newMap = Self.sortedRows(of: base, areInIncreasingOrder)
    let update = try TableBatchUpdate(changeset, from: map.baseShape, to: newMap.baseShape)
    var changes = TableChangeset(
      deletedSections: changeset.deletedSections,
      insertedSections: changeset.insertedSections,
      movedSections: changeset.movedSections)
    let deletedSections = Set(changeset.deletedSections)
    let insertedSections = Set(changeset.insertedSections)
    // Where each surviving old row went, by its new base position.
    var oldPlace: [TablePosition: TablePosition] = [:]
    for (section, rows) in map.shown.enumerated() where !deletedSections.contains(section) {
      for (place, row) in rows.enumerated() {
        let from = TablePosition(section: section, row: place)
        if let new = update.newPosition(of: TablePosition(section: section, row: row)) {
          oldPlace[new] = from
        } else {
          changes.deletedRows.append(from)
        }
      }
    }
    for (section, rows) in newMap.shown.enumerated() where !insertedSections.contains(section) {
      var staying: [Int] = []
      var stayingFrom: [TablePosition] = []
      var stayingPlaces: [Int] = []
      for (place, row) in rows.enumerated() {
        let to = TablePosition(section: section, row: place)
        guard let from = oldPlace[TablePosition(section: section, row: row)] else {
          changes.insertedRows.append(to)
          continue
        }
        if update.newSection(ofOld: from.section) == section {
          staying.append(from.row)
          stayingFrom.append(from)
          stayingPlaces.append(place)
        } else {
          changes.movedRows.append(TableChangeset.RowMove(from: from, to: to))
        }
      }
      let kept = LongestIncreasingSubsequence.members(of: staying)
      for (index, isKept) in kept.enumerated() where !isKept {
        changes.movedRows.append(
          TableChangeset.RowMove(
            from: stayingFrom[index],
            to: TablePosition(section: section, row: stayingPlaces[index])))
      }
    }
    changes.reloadedRows = changeset.reloadedRows.compactMap { newMap.shownPosition(ofBase: $0) }
    changes.reconfiguredRows = changeset.reconfiguredRows.compactMap {
      newMap.shownPosition(ofBase: $0)
    }
    changes.deletedRows.sort()
    changes.insertedRows.sort()
    changes.movedRows.sort { $0.to < $1.to }
    changes.reloadedRows.sort()
    changes.reconfiguredRows.sort()
    let old = map
    map = newMap
    guard !changes.isEmpty else { return }
    try reportChange(changes, rememberingWhileReported: old, in: \.mapBeforeChange)
  }
}

extension SortedDataSource: IdentifiedTableDataSource where Base: IdentifiedTableDataSource {
  /// The base's identifier of the section.
  ///
  /// - Parameter section: A section.
  /// - Returns: The identifier, or `nil` out of range.
  public func sectionIdentifier(inSection section: Int) -> Base.SectionIdentifier? {
    section >= 0 && section < map.numberOfSections
      ? base.sectionIdentifier(inSection: section) : nil
  }

  /// The base's identifier of the row shown at `position`.
  ///
  /// - Parameter position: A position of this view.
  /// - Returns: The identifier, or `nil` out of range.
  public func itemIdentifier(at position: TablePosition) -> Base.ItemIdentifier? {
    childPosition(for: position).flatMap { base.itemIdentifier(at: $0.position) }
  }
}

extension TableDataSource {
  /// A view of this data source whose rows show, in each section, in the order
  /// `areInIncreasingOrder` gives their represented objects.
  ///
  /// ```swift
  /// let byName = contacts.sorted { "\($0)" < "\($1)" }
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Whether the first object shows before the second.
  /// - Returns: The sorted view, which observes this data source's changes.
  /// - Complexity: O(n log n) for n rows.
  public func sorted(by areInIncreasingOrder: @escaping (Any, Any) -> Bool) -> SortedDataSource<
    Self
  > {
    SortedDataSource(self, by: areInIncreasingOrder)
  }
}
