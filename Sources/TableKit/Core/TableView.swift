/// The headless table view: bound to a data source, it answers counts and cells and holds the
/// selection.
///
/// The table reads its shape (sections and rows) from the data source when it is created, when
/// the data source is replaced, and on ``reloadData()``, like `UITableView`. Every position handed
/// to it from outside is checked against that shape; a bad one throws ``TableError`` naming the
/// position and the real bounds, never a trap.
///
/// ```swift
/// let table = TableView(dataSource: contactCard)
/// let cell = try table.cell(at: TablePosition(section: 0, row: 1))
/// try table.selectRow(at: TablePosition(section: 0, row: 1))
/// ```
///
/// Selection goes through the data source's hooks: ``TableDataSource/willSelectRow(at:)`` may veto
/// or redirect, ``TableDataSource/didSelectRow(at:representing:)`` receives the represented object,
/// and ``TableDataSource/didDeselectRow(at:)`` hears of rows that lose their selection (also when
/// a reload removes them).
///
/// A table is not `Sendable`: it is read and changed synchronously by its owner and stays on the
/// thread, or in the isolation domain, that made it. To render on another thread, hand that
/// thread the data to build its own table from.
public final class TableView {
  /// The object that supplies content and handles selection.
  ///
  /// Setting it clears the selection (positions of the old content mean nothing in the new one;
  /// the old data source is not told, as it is being let go) and reloads the table.
  public var dataSource: any TableDataSource {
    didSet {
      selectedPositions.removeAll()
      observeChanges(of: dataSource, replacing: oldValue)
      reloadData()
    }
  }

  /// Told about each selection after the data source; usually the owning ``TableController``.
  public weak var selectionObserver: (any TableSelectionObserver)?

  /// Told about each batch update after it was applied (see ``performBatchUpdates(_:)``).
  public weak var updateObserver: (any TableUpdateObserver)?

  /// Whether rows can be selected at all; `true` by default.
  public var allowsSelection = true

  /// Whether several rows can be selected at once; `false` by default, so selecting a row
  /// deselects the one selected before.
  public var allowsMultipleSelection = false {
    didSet {
      guard !allowsMultipleSelection else { return }
      for position in selectedPositions.dropLast() { deselect(position) }
    }
  }

  /// The number of sections and rows, as read at the last reload or batch update.
  public internal(set) var shape: TableShape = .empty

  /// The selected rows, in the order they were selected.
  public internal(set) var selectedPositions: [TablePosition] = []

  /// Creates a table bound to `dataSource` and reads its shape.
  ///
  /// - Parameter dataSource: The object that supplies content and handles selection.
  public init(dataSource: any TableDataSource) {
    self.dataSource = dataSource
    observeChanges(of: dataSource, replacing: nil)
    reloadData()
  }

  /// Reads the shape from the data source again; selected rows that no longer exist are
  /// deselected, and the data source hears of each through its did-deselect hook.
  public func reloadData() {
    shape = TableShape(reading: dataSource)
    for position in selectedPositions where !shape.contains(position) { deselect(position) }
  }

  /// The number of sections.
  public var numberOfSections: Int { shape.numberOfSections }

  /// The number of rows in `section`.
  ///
  /// - Parameter section: The section, counted from zero.
  /// - Returns: The row count.
  /// - Throws: ``TableError`` when the table has no such section.
  public func numberOfRows(inSection section: Int) throws(TableError) -> Int {
    try shape.validate(section: section)
    return shape.rowCounts[section]
  }

  /// The cell of the row at `position`.
  ///
  /// - Parameter position: The row.
  /// - Returns: What the row shows.
  /// - Throws: ``TableError`` when the table has no such row.
  public func cell(at position: TablePosition) throws(TableError) -> Cell {
    try shape.validate(position)
    return dataSource.cell(at: position)
  }

  /// The model object the row at `position` shows.
  ///
  /// - Parameter position: The row.
  /// - Returns: The object, of any type.
  /// - Throws: ``TableError`` when the table has no such row.
  public func representedObject(at position: TablePosition) throws(TableError) -> Any {
    try shape.validate(position)
    return dataSource.representedObject(at: position)
  }

  /// The title above `section`, or `nil`.
  ///
  /// - Parameter section: The section, counted from zero.
  /// - Returns: The header title.
  /// - Throws: ``TableError`` when the table has no such section.
  public func titleForHeader(inSection section: Int) throws(TableError) -> String? {
    try shape.validate(section: section)
    return dataSource.titleForHeader(inSection: section)
  }

  /// The title below `section`, or `nil`.
  ///
  /// - Parameter section: The section, counted from zero.
  /// - Returns: The footer title.
  /// - Throws: ``TableError`` when the table has no such section.
  public func titleForFooter(inSection section: Int) throws(TableError) -> String? {
    try shape.validate(section: section)
    return dataSource.titleForFooter(inSection: section)
  }

  /// The first selected row, or `nil` when none is selected.
  public var selectedPosition: TablePosition? { selectedPositions.first }

  /// Whether the row at `position` is selected.
  ///
  /// - Parameter position: The row.
  /// - Returns: `true` when it is selected; `false` for any position the table does not have.
  public func isRowSelected(at position: TablePosition) -> Bool {
    selectedPositions.contains(position)
  }

  /// Selects the row at `position` the way a user's tap would, through the data source's hooks.
  ///
  /// The data source's will-select hook runs first and may veto (return `nil`) or redirect (return
  /// another position). Nothing is selected when ``allowsSelection`` is off or the target cell is
  /// not selectable. In single-selection mode the row selected before is deselected first. Then
  /// the data source's did-select hook and the ``selectionObserver`` receive the represented
  /// object.
  ///
  /// - Parameter position: The row to select.
  /// - Returns: The row actually selected, or `nil` when none was.
  /// - Throws: ``TableError`` when the table has no row at `position`, or the will-select hook
  ///   redirected to a position it does not have (``TableError/redirectedFrom`` is then set),
  ///   or a child of a composition redirected outside itself
  ///   (``TableError/Reason/redirectOutsideChild(child:target:)``, naming both places).
  @discardableResult
  public func selectRow(at position: TablePosition) throws(TableError) -> TablePosition? {
    try shape.validate(position)
    guard allowsSelection, let target = try selectionTarget(forRowAt: position) else { return nil }
    do {
      try shape.validate(target)
    } catch {
      throw error.redirected(from: position)
    }
    guard dataSource.cell(at: target).isSelectable else { return nil }
    if !allowsMultipleSelection {
      for selected in selectedPositions where selected != target { deselect(selected) }
    }
    if !selectedPositions.contains(target) { selectedPositions.append(target) }
    let object = dataSource.representedObject(at: target)
    dataSource.didSelectRow(at: target, representing: object)
    selectionObserver?.table(self, didSelectRowAt: target, representing: object)
    return target
  }

  /// Deselects the row at `position`, telling the data source if it was selected.
  ///
  /// - Parameter position: The row to deselect.
  /// - Throws: ``TableError`` when the table has no row at `position`.
  public func deselectRow(at position: TablePosition) throws(TableError) {
    try shape.validate(position)
    deselect(position)
  }

  /// Deselects every selected row, telling the data source about each.
  public func deselectAll() {
    for position in selectedPositions { deselect(position) }
  }

  /// The data source's answer to will-select; a composition's child that redirects outside
  /// itself is an error rather than the veto `willSelectRow(at:)` reads it as.
  private func selectionTarget(forRowAt position: TablePosition) throws(TableError)
    -> TablePosition?
  {
    guard let forwarding = dataSource as? any ForwardingTableDataSource else {
      return dataSource.willSelectRow(at: position)
    }
    do {
      return try forwarding.selectionTarget(forRowAt: position)
    } catch {
      switch error {
      case .redirectOutsideChild(let from, let child, let target):
        throw TableError(
          reason: .redirectOutsideChild(child: child, target: target), section: from.section,
          row: from.row, shape: shape)
      case .update:
        // selectionTarget(forRowAt:) changes nothing, so it never throws an update error.
        return nil
      }
    }
  }

  private func deselect(_ position: TablePosition) {
    guard let index = selectedPositions.firstIndex(of: position) else { return }
    selectedPositions.remove(at: index)
    dataSource.didDeselectRow(at: position)
  }
}
