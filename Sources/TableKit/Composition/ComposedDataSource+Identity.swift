extension ComposedDataSource: IdentifiedTableDataSource {
  /// The owning child and the child's identifier (or index) of the section.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The identifier, or `nil` out of range.
  public func sectionIdentifier(inSection section: Int) -> ComposedIdentifier? {
    guard let target = childSection(forSection: section), let child = child(at: target.child)
    else { return nil }
    return IdentifierReader.section(of: child, target.section)
  }

  /// The owning child and the child's identifier (or position) of the row.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The identifier, or `nil` out of range.
  public func itemIdentifier(at position: TablePosition) -> ComposedIdentifier? {
    guard let target = childPosition(for: position), let child = child(at: target.child)
    else { return nil }
    return IdentifierReader.item(of: child, target.position)
  }

  /// Makes several changes to the children and reports them as one changeset.
  ///
  /// Changes the children report inside `updates` are held back. Afterwards the identifiers of
  /// every section and row (see ``ComposedIdentifier``) are compared with those before, by
  /// ``TableSnapshot/difference(from:contentEquals:)``, and the one changeset is reported up;
  /// the rows the children reported reloaded or reconfigured are reloaded.
  /// Rows of children with identity keep it (moves stay moves); rows of children without are
  /// identified by position and reloaded. Should two rows share an identifier, every section is
  /// replaced instead, which is right whatever changed.
  ///
  /// ```swift
  /// try settings.performUpdates {
  ///   try devices.apply(newDevices)
  ///   try notifications.apply(newNotifications)
  /// }
  /// ```
  ///
  /// Transactions nest; only the outermost reports.
  ///
  /// - Parameter updates: Changes to the children.
  /// - Returns: The changeset reported (empty for an inner transaction).
  /// - Throws: An error `updates` threw (after the changes it made were reported), or the
  ///   observer's ``TableUpdateError``.
  /// - Complexity: O(n) on average for n rows, besides `updates`.
  @discardableResult
  public func performUpdates(
    _ updates: () throws -> Void
  ) throws -> TableChangeset {
    if transactionDepth > 0 {
      try updates()
      return TableChangeset()
    }
    let oldSections = numberOfSections
    let oldLayout = currentLayout
    let before = identifierSnapshot()
    transactionDepth += 1
    refreshedInTransaction = []
    var bodyError: (any Error)?
    do {
      try updates()
    } catch {
      bodyError = error
    }
    transactionDepth -= 1
    // The wrappers underneath keep their mappings from before the transaction until its
    // change, reported at positions from then, has reached the table.
    defer { releaseHeldMappings() }
    reloadChildren()
    defer { refreshedInTransaction = [] }
    let changes: TableChangeset
    if let before, let after = identifierSnapshot() {
      let refreshed = refreshedInTransaction
      changes = after.difference(from: before) { !$0.isPositional && !refreshed.contains($0) }
    } else {
      changes = IdentifierReader.replacingAll(
        oldSections: oldSections, newSections: numberOfSections)
    }
    try report(changes, since: oldLayout)
    if let bodyError { throw bodyError }
    return changes
  }

  private func identifierSnapshot() -> TableSnapshot<ComposedIdentifier, ComposedIdentifier>? {
    IdentifierReader.snapshot(
      of: self,
      section: {
        self.sectionIdentifier(inSection: $0)
          ?? ComposedIdentifier(child: ObjectIdentifier(self), value: $0, isPositional: true)
      },
      item: {
        self.itemIdentifier(at: $0)
          ?? ComposedIdentifier(child: ObjectIdentifier(self), value: $0, isPositional: true)
      }
    )
  }
}
