extension TableView {
  /// Applies a batch update: checks `changeset` against the data source's new content, then
  /// takes the new shape and moves the selection along.
  ///
  /// Call it right after the data source's content changed (a ``ChangingTableDataSource``
  /// reaches it through ``TableChangeObserver`` without any call of yours). The table reads the
  /// data source's counts again and checks the changeset against the shape it had and the shape
  /// it reads, with every rule listed at ``TableChangeset``: indices in range and named once,
  /// no rows deleted from deleted sections or inserted into inserted ones, and, for every
  /// section, old rows − deleted − moved out + inserted + moved in = new rows.
  ///
  /// ```swift
  /// contacts.remove(at: 2)
  /// try table.performBatchUpdates(TableChangeset(deletedRows: [TablePosition(section: 0, row: 2)]))
  /// ```
  ///
  /// Selected rows follow the update: a moved row stays selected at its new position, rows
  /// shifted by others' deletes and inserts stay selected where they now are, and a selected
  /// row that was deleted (alone or with its section) is deselected; the data source hears of
  /// it through ``TableDataSource/didDeselectRow(at:)`` at its old position. Then the
  /// ``updateObserver`` receives the changeset.
  ///
  /// - Parameter changeset: The change the data source's content went through.
  /// - Throws: ``TableUpdateError`` naming the first broken rule, or the section whose counts do
  ///   not add up, with both counts and what the changeset claimed. The table then keeps its old
  ///   shape and selection.
  /// - Complexity: O(s + c log c) for s sections and c changes, plus reading the counts.
  public func performBatchUpdates(_ changeset: TableChangeset) throws(TableUpdateError) {
    let newShape = TableShape(reading: dataSource)
    let update = try TableBatchUpdate(changeset, from: shape, to: newShape)
    var kept: [TablePosition] = []
    var lost: [TablePosition] = []
    for position in selectedPositions {
      if let moved = update.newPosition(of: position) {
        kept.append(moved)
      } else {
        lost.append(position)
      }
    }
    shape = newShape
    selectedPositions = kept
    for position in lost { dataSource.didDeselectRow(at: position) }
    updateObserver?.table(self, didPerformBatchUpdates: changeset)
  }

  /// Makes this table the change observer of `dataSource` when it reports changes, and lets go
  /// of `previous` if this table was its observer.
  func observeChanges(
    of dataSource: any TableDataSource, replacing previous: (any TableDataSource)?
  ) {
    if let previous = previous as? any ChangingTableDataSource, previous.changeObserver === self {
      previous.changeObserver = nil
    }
    if let changing = dataSource as? any ChangingTableDataSource {
      changing.changeObserver = self
    }
  }
}

extension TableView: TableChangeObserver {
  /// Applies a change its data source reports, through ``performBatchUpdates(_:)``.
  ///
  /// A report from any other data source (one this table let go of) is ignored.
  ///
  /// - Parameters:
  ///   - dataSource: The data source whose content changed.
  ///   - changeset: The change.
  /// - Throws: ``TableUpdateError`` when the change does not match the data source's counts;
  ///   the table keeps its old shape.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard dataSource === self.dataSource else { return }
    try performBatchUpdates(changeset)
  }
}
