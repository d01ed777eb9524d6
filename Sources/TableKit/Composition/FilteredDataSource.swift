/// A view of a data source that shows only the rows whose represented objects match a predicate,
/// without copying or rebuilding the data source.
///
/// Made by ``TableDataSource/filtered(by:)``. Every section of the base stays (an empty one when
/// nothing in it matches), so the sections map one to one and the rows through a sorted list of
/// the base's visible rows per section: a filtered row finds its base row in O(1), and a base
/// row its filtered row in O(1).
///
/// ```swift
/// let contacts = DiffableDataSource<String, Contact>()
/// let search = contacts.filtered { ($0 as? Contact)?.name.contains("Ann") ?? false }
/// let table = TableView(dataSource: search)
/// try search.setPredicate { ($0 as? Contact)?.name.contains("Anna") ?? false }
/// ```
///
/// Changing the predicate (``setPredicate(_:)``) reports the minimal changeset: the rows that
/// stopped matching are deleted and the rows that started are inserted, found in one pass over
/// the base's rows. A change the base reports passes through the filter: rows deleted or moved
/// in the base are deleted or moved here when they were shown, rows inserted, moved or reloaded
/// are shown when they match.
public final class FilteredDataSource<Base: TableDataSource>: RowMappedDataSource<Base> {
  /// Which represented objects are shown.
  public private(set) var predicate: (Any) -> Bool

  /// Creates a view of `base` showing the rows whose objects match `predicate`, and observes the
  /// base's changes when it reports them.
  ///
  /// - Parameters:
  ///   - base: The data source to filter.
  ///   - predicate: Whether a represented object is shown.
  /// - Complexity: O(n) for n rows of the base.
  public init(_ base: Base, predicate: @escaping (Any) -> Bool) {
    self.predicate = predicate
    super.init(base: base, map: FilteredDataSource.matches(of: base, predicate))
  }

  /// The shown rows of every section of `base`, and its row counts: one pass over its rows.
  private static func matches(of base: Base, _ predicate: (Any) -> Bool) -> RowMap {
    let sections = max(0, base.numberOfSections)
    var visible: [[Int]] = []
    var counts: [Int] = []
    visible.reserveCapacity(sections)
    counts.reserveCapacity(sections)
    for section in 0..<sections {
      let rows = max(0, base.numberOfRows(inSection: section))
      counts.append(rows)
      var shown: [Int] = []
      for row in 0..<rows
      where predicate(base.representedObject(at: TablePosition(section: section, row: row))) {
        shown.append(row)
      }
      visible.append(shown)
    }
    return RowMap(shown: visible, baseRowCounts: counts)
  }

  /// Shows the rows that match `predicate` instead, and reports the rows that stopped and
  /// started matching as deleted and inserted.
  ///
  /// - Parameter predicate: Whether a represented object is shown.
  /// - Returns: The changeset reported.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change; the view then
  ///   shows the new matches all the same (its observer should reload).
  /// - Complexity: O(n) for n rows of the base: one call of `predicate` a row and one merge of
  ///   the old and new rows shown, never a search per row.
  @discardableResult
  public func setPredicate(
    _ predicate: @escaping (Any) -> Bool
  ) throws(TableUpdateError) -> TableChangeset {
    let newMap = Self.matches(of: base, predicate)
    let visible = map.shown
    let newVisible = newMap.shown
    var changes = TableChangeset()
    for section in 0..<min(visible.count, newVisible.count) {
      let old = visible[section]
      let new = newVisible[section]
      var i = 0
      var j = 0
      while i < old.count || j < new.count {
        if j == new.count || (i < old.count && old[i] < new[j]) {
          changes.deletedRows.append(TablePosition(section: section, row: i))
          i += 1
        } else if i == old.count || new[j] < old[i] {
          changes.insertedRows.append(TablePosition(section: section, row: j))
          j += 1
        } else {
          i += 1
          j += 1
        }
      }
    }
    if visible.count > newVisible.count {
      changes.deletedSections = Array(newVisible.count..<visible.count)
    } else if newVisible.count > visible.count {
      changes.insertedSections = Array(visible.count..<newVisible.count)
    }
    self.predicate = predicate
    try replaceMap(with: newMap, reporting: changes)
    return changes
  }

  /// The number of rows shown in all sections.
  public var numberOfShownRows: Int { map.shownShape.numberOfRows }

  // MARK: TableChangeObserver

  /// Passes a change of the base through the filter and reports it in this view's positions.
  ///
  /// - Parameters:
  ///   - dataSource: The base.
  ///   - changeset: The change in the base's positions.
  /// - Throws: ``TableUpdateError`` when the base's changeset does not fit its old and new
  ///   counts, or the observer refused the change.
  /// - Complexity: O(n) for n rows of the base, plus O(c log c) for c changes.
  override public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard dataSource === base else { return }
    let newMap = Self.matches(of: base, predicate)
    let update = try TableBatchUpdate(changeset, from: map.baseShape, to: newMap.baseShape)
    let changes = Self.translate(changeset, update: update, old: map, new: newMap)
    try replaceMap(with: newMap, reporting: changes)
  }

  /// The base's changeset in the positions of the rows shown before and after.
  private static func translate(
    _ changeset: TableChangeset,
    update: TableBatchUpdate,
    old oldMap: RowMap,
    new newMap: RowMap
  ) -> TableChangeset {
    var changes = TableChangeset(
      deletedSections: changeset.deletedSections,
      insertedSections: changeset.insertedSections,
      movedSections: changeset.movedSections)
    let deletedSections = Set(changeset.deletedSections)
    let insertedSections = Set(changeset.insertedSections)
    let movedRows = Set(changeset.movedRows.map(\.from))
    let refreshed = Set(changeset.reloadedRows)
    let reconfigured = Set(changeset.reconfiguredRows)
    var reached = newMap.shown.map { [Bool](repeating: false, count: $0.count) }
    for (section, rows) in oldMap.shown.enumerated() where !deletedSections.contains(section) {
      for (shownRow, baseRow) in rows.enumerated() {
        let old = TablePosition(section: section, row: baseRow)
        let from = TablePosition(section: section, row: shownRow)
        guard let new = update.newPosition(of: old), let to = newMap.shownPosition(ofBase: new)
        else {
          changes.deletedRows.append(from)
          continue
        }
        reached[to.section][to.row] = true
        if movedRows.contains(old) {
          changes.movedRows.append(TableChangeset.RowMove(from: from, to: to))
        }
        if refreshed.contains(new) {
          changes.reloadedRows.append(to)
        } else if reconfigured.contains(new) {
          changes.reconfiguredRows.append(to)
        }
      }
    }
    for (section, flags) in reached.enumerated() where !insertedSections.contains(section) {
      for (row, wasReached) in flags.enumerated() where !wasReached {
        changes.insertedRows.append(TablePosition(section: section, row: row))
      }
    }
    changes.deletedRows.sort()
    changes.movedRows.sort { $0.to < $1.to }
    changes.reloadedRows.sort()
    changes.reconfiguredRows.sort()
    return changes
  }
}

extension TableDataSource {
  /// A view of this data source showing only the rows whose represented objects match
  /// `predicate`.
  ///
  /// ```swift
  /// let open = invoices.filtered { ($0 as? Invoice)?.isOpen ?? false }
  /// ```
  ///
  /// - Parameter predicate: Whether a represented object is shown.
  /// - Returns: The filtered view, which observes this data source's changes.
  /// - Complexity: O(n) for n rows.
  public func filtered(by predicate: @escaping (Any) -> Bool) -> FilteredDataSource<Self> {
    FilteredDataSource(self, predicate: predicate)
  }
}
