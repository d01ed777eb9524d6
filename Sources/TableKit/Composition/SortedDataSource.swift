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
public final class SortedDataSource<Base: TableDataSource>: RowMappedDataSource<Base> {
  /// Whether the first object shows before the second.
  public let areInIncreasingOrder: (Any, Any) -> Bool

  /// Creates a sorted view of `base`, observing its changes when it reports them.
  ///
  /// - Parameters:
  ///   - base: The data source to sort.
  ///   - areInIncreasingOrder: Whether the first object shows before the second.
  /// - Complexity: O(n log n) for n rows.
  public init(_ base: Base, by areInIncreasingOrder: @escaping (Any, Any) -> Bool) {
    self.areInIncreasingOrder = areInIncreasingOrder
    super.init(base: base, map: SortedDataSource.sortedRows(of: base, areInIncreasingOrder))
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

  // MARK: TableChangeObserver

  /// Passes a change of the base through the sort and reports it in this view's positions.
  ///
  /// - Parameters:
  ///   - dataSource: The base.
  ///   - changeset: The change in the base's positions.
  /// - Throws: ``TableUpdateError`` when the base's changeset does not fit its old and new
  ///   counts, or the observer refused the change.
  /// - Complexity: O(n log n) for n rows of the base.
  override public func dataSource(
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
    try replaceMap(with: newMap, reporting: changes)
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
