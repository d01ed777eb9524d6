extension ChangingTableDataSource {
  /// Reports `changeset` up with `old`, the wrapper's mapping from before the change, kept in
  /// `slot` while the change travels.
  ///
  /// The table deselects the rows a change removed at their positions from before it, during
  /// the report; a wrapper whose positions moved can only pass those on to its children with
  /// the mapping it had then. Nested reports (a wrapper inside a wrapper) each restore their own.
  func reportChange<Mapping>(
    _ changeset: TableChangeset,
    rememberingWhileReported old: Mapping,
    in slot: ReferenceWritableKeyPath<Self, Mapping?>
  ) throws(TableUpdateError) {
    let outer = self[keyPath: slot]
    self[keyPath: slot] = old
    defer { self[keyPath: slot] = outer }
    try reportChange(changeset)
  }
}
