extension ChangingTableDataSource {
  /// Reports `changeset` up with `old`, the wrapper's mapping from before the change, kept in
  /// `slot` while the change travels.
  ///
  /// The table deselects the rows a change removed at their positions from before it, during
  /// the report; a wrapper whose positions moved can only pass those on to its children with
  /// the mapping it had then. Nested reports (a wrapper inside a wrapper) each restore their own.
  ///
  /// A change does not always reach the table when this report returns: a
  /// ``ComposedDataSource`` above that is inside ``ComposedDataSource/performUpdates(_:)`` holds
  /// it back and reports the whole transaction later, at positions from before the transaction.
  /// Then the mapping from before the first change of the transaction is handed to the
  /// outermost such composition, which puts it back only after its own report (see
  /// ``ComposedDataSource/holdMapping(of:from:in:)``).
  func reportChange<Mapping>(
    _ changeset: TableChangeset,
    rememberingWhileReported old: Mapping,
    in slot: ReferenceWritableKeyPath<Self, Mapping?>
  ) throws(TableUpdateError) {
    if let transaction = outermostTransactionAbove() {
      transaction.holdMapping(of: self, from: old, in: slot)
      try reportChange(changeset)
      return
    }
    let outer = self[keyPath: slot]
    self[keyPath: slot] = old
    defer { self[keyPath: slot] = outer }
    try reportChange(changeset)
  }

  /// The outermost ``ComposedDataSource`` on the way up from this data source to the table that
  /// is collecting changes in a transaction, or `nil` when a change reaches the table at once.
  ///
  /// - Complexity: O(d) for d observers above this data source.
  func outermostTransactionAbove() -> ComposedDataSource? {
    var outermost: ComposedDataSource?
    var observer = changeObserver
    while let current = observer {
      if let composed = current as? ComposedDataSource, composed.transactionDepth > 0 {
        outermost = composed
      }
      observer = (current as? any ChangingTableDataSource)?.changeObserver
    }
    return outermost
  }
}
