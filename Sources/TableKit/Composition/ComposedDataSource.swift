/// A data source whose sections are the sections of several child data sources, in order.
///
/// A child may have many sections or none, and may itself be composed, to any depth. Each row is
/// answered by its child at the child's own position (see ``ForwardingTableDataSource``), so a
/// child's titles, overrides and selection hooks keep working inside the composition:
///
/// ```swift
/// let account = SectionedDataSource(sections: [TableSection("Account", items: [profile])])
/// let devices = DiffableDataSource<String, Device>()
/// let settings = ComposedDataSource([account, devices, notifications.filtered { … }])
/// let table = TableView(dataSource: settings)
/// ```
///
/// Positions map both ways in O(log c) for c children: the composed data source keeps the prefix
/// sums of the children's section counts and finds a section's child by binary search.
///
/// ## Changes
///
/// The composed data source is the ``TableChangeObserver`` of every child that reports changes.
/// A child's changeset is moved to the composed positions and reported up at once, and the
/// section counts are brought up to date first. The table's verdict comes back down to the code
/// that changed the child. Several child changes made inside ``performUpdates(_:)`` reach the
/// table as one changeset. A child that changes without reporting it (a plain
/// ``SectionedDataSource`` edited in place) needs ``reloadChildren()`` and a
/// ``TableView/reloadData()``, as it would alone.
public final class ComposedDataSource: ForwardingTableDataSource {
  /// The children, in the order their sections appear.
  public var children: [any TableDataSource] { layout.children }

  /// The object told of each change, usually the table or a wrapper above.
  public weak var changeObserver: (any TableChangeObserver)?

  /// Overrides of how types show themselves in this composition; they win over the children's.
  public var representations: RepresentationRegistry {
    get { layout.representations }
    set { layout.representations = newValue }
  }

  /// The children and where their sections start, read with one access a call on hot paths.
  private var layout = ComposedLayout(
    children: [], starts: [0], representations: RepresentationRegistry())
  /// The layout before the change being reported, while it travels up: the table deselects the
  /// rows a change removed at their old positions, which only the old layout can map.
  private var layoutBeforeChange: ComposedLayout?
  private var indexOfChild: [ObjectIdentifier: Int] = [:]
  var transactionDepth = 0
  /// The rows children reported reloaded (or reconfigured) inside the current transaction.
  var refreshedInTransaction: Set<ComposedIdentifier> = []
  /// For each wrapper under this one that changed inside the current transaction, how to put
  /// back the mapping it had before, once the transaction's change has been reported.
  private var heldMappings: [ObjectIdentifier: () -> Void] = [:]

  /// Creates a composition of `children`, whose sections appear in this order, and observes the
  /// changes of those that report them.
  ///
  /// Give each child object once: a data source has one change observer.
  ///
  /// - Parameter children: The child data sources.
  public init(_ children: [any TableDataSource] = []) {
    layout.children = children
    rebuildIndex()
    for child in children { observe(child) }
  }

  // MARK: Children

  /// Adds `child` after the other children and reports its sections as inserted.
  ///
  /// - Parameter child: The new child.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func append(_ child: any TableDataSource) throws(TableUpdateError) {
    try insert(child, at: layout.children.count)
  }

  /// Inserts `child` at `index` (clamped to the children) and reports its sections as inserted.
  ///
  /// - Parameters:
  ///   - child: The new child.
  ///   - index: Its index among the children.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func insert(_ child: any TableDataSource, at index: Int) throws(TableUpdateError) {
    let index = min(max(0, index), layout.children.count)
    let old = layout
    layout.children.insert(child, at: index)
    rebuildIndex()
    observe(child)
    let sections = Array(layout.starts[index]..<layout.starts[index + 1])
    try report(TableChangeset(insertedSections: sections), since: old)
  }

  /// Removes the child at `index` and reports its sections as deleted; an index out of range
  /// changes nothing.
  ///
  /// - Parameter index: The child's index.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func removeChild(at index: Int) throws(TableUpdateError) {
    guard layout.children.indices.contains(index) else { return }
    let sections = Array(layout.starts[index]..<layout.starts[index + 1])
    let old = layout
    let child = layout.children.remove(at: index)
    stopObserving(child)
    rebuildIndex()
    try report(TableChangeset(deletedSections: sections), since: old)
  }

  /// Reads every child's section count again: for children that changed without reporting it.
  ///
  /// - Complexity: O(c) for c children.
  public func reloadChildren() {
    rebuildIndex()
  }

  /// The index of `child` among the children, or `nil`.
  ///
  /// - Parameter child: A data source.
  /// - Returns: Its index.
  public func index(ofChild child: any TableDataSource) -> Int? {
    guard let index = indexOfChild[ObjectIdentifier(child)], layout.children[index] === child
    else { return nil }
    return index
  }

  /// The first section of the child at `index` in this data source, or `nil` when there is no
  /// such child.
  ///
  /// - Parameter index: A child's index.
  /// - Returns: The section where the child's section 0 shows.
  public func sectionOffset(ofChild index: Int) -> Int? {
    children.indices.contains(index) ? layout.starts[index] : nil
  }

  private func rebuildIndex() {
    layout.starts = [0]
    layout.starts.reserveCapacity(children.count + 1)
    indexOfChild.removeAll(keepingCapacity: true)
    var total = 0
    for (index, child) in children.enumerated() {
      total += max(0, child.numberOfSections)
      layout.starts.append(total)
      indexOfChild[ObjectIdentifier(child)] = index
    }
  }

  /// Reads the section count of one child again and moves the starts of those after it.
  private func updateSectionCount(ofChild index: Int) {
    let count = max(0, layout.children[index].numberOfSections)
    let delta = layout.starts[index] + count - layout.starts[index + 1]
    guard delta != 0 else { return }
    for later in (index + 1)..<layout.starts.count { layout.starts[later] += delta }
  }

  /// The children and section starts as they are now; a transaction keeps them to report
  /// its change against.
  var currentLayout: ComposedLayout { layout }

  /// Reports `changeset` up unless a transaction is collecting changes, with `old` as the
  /// layout positions of the change's deleted rows are read in.
  func report(_ changeset: TableChangeset, since old: ComposedLayout) throws(TableUpdateError) {
    guard transactionDepth == 0, !changeset.isEmpty else { return }
    try reportChange(changeset, since: old)
  }

  /// Reports `changeset` up with `old` kept for deselections of rows the change removed.
  private func reportChange(_ changeset: TableChangeset, since old: ComposedLayout)
    throws(TableUpdateError)
  {
    try reportChange(changeset, rememberingWhileReported: old, in: \.layoutBeforeChange)
  }

  /// Keeps `old`, the mapping `wrapper` had before its first change in the current transaction,
  /// in its `slot` until the transaction's change has been reported
  /// (``releaseHeldMappings()``).
  ///
  /// The transaction reports at positions from before it, so every wrapper under this one must
  /// map a deselected row as it did then. A second change of the same wrapper keeps the first
  /// mapping.
  func holdMapping<Wrapper: AnyObject, Mapping>(
    of wrapper: Wrapper, from old: Mapping, in slot: ReferenceWritableKeyPath<Wrapper, Mapping?>
  ) {
    let key = ObjectIdentifier(wrapper)
    guard heldMappings[key] == nil else { return }
    let outer = wrapper[keyPath: slot]
    wrapper[keyPath: slot] = old
    heldMappings[key] = { wrapper[keyPath: slot] = outer }
  }

  /// Puts back the mappings held during the transaction that was just reported.
  func releaseHeldMappings() {
    let held = heldMappings
    heldMappings = [:]
    for release in held.values { release() }
  }

  /// Tells the child that showed the row, at its position there; while a change is being
  /// reported, the position is one from before the change and is mapped as it was then.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    let layout = layoutBeforeChange ?? self.layout
    guard let target = layout.locate(position.section) else { return }
    layout.children[target.child].didDeselectRow(
      at: TablePosition(section: target.section, row: position.row))
  }

  // MARK: ForwardingTableDataSource

  /// The sum of the children's section counts.
  public var numberOfSections: Int { layout.starts[layout.starts.count - 1] }

  /// The child at `index`, or `nil`.
  ///
  /// - Parameter index: An index among the children.
  /// - Returns: The child.
  public func child(at index: Int) -> (any TableDataSource)? {
    children.indices.contains(index) ? children[index] : nil
  }

  /// The child that shows `section`, found by binary search over the section starts.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's index and its own section.
  /// - Complexity: O(log c) for c children.
  public func childSection(forSection section: Int) -> (child: Int, section: Int)? {
    layout.locate(section)
  }

  /// The child and its position for `position`.
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: The child's index and position, or `nil` out of range.
  public func childPosition(for position: TablePosition) -> ChildPosition? {
    guard let target = childSection(forSection: position.section) else { return nil }
    return ChildPosition(
      child: target.child, position: TablePosition(section: target.section, row: position.row))
  }

  /// The position of a child's row in this data source.
  ///
  /// - Parameter childPosition: A child's index and a position inside its counts.
  /// - Returns: The composed position, or `nil` when the child or the position does not exist.
  public func position(for childPosition: ChildPosition) -> TablePosition? {
    guard let child = child(at: childPosition.child) else { return nil }
    let position = childPosition.position
    guard position.section >= 0, position.section < max(0, child.numberOfSections),
      position.row >= 0, position.row < max(0, child.numberOfRows(inSection: position.section))
    else { return nil }
    return TablePosition(
      section: layout.starts[childPosition.child] + position.section, row: position.row)
  }

  /// Fills `cell` through the child that owns the row, as the shared
  /// ``ForwardingTableDataSource`` answer does, reading the children and overrides directly
  /// rather than through the protocol's witnesses: the hot path of rendering nested
  /// compositions.
  ///
  /// - Parameters:
  ///   - cell: A reused cell; on return, the row's cell.
  ///   - position: A position of this data source.
  public func configureCell(_ cell: inout Cell, at position: TablePosition) {
    let layout = self.layout
    guard let target = layout.locate(position.section) else {
      cell.prepareForReuse("")
      return
    }
    let childPosition = TablePosition(section: target.section, row: position.row)
    let child = layout.children[target.child]
    if !layout.representations.isEmpty {
      let object = child.representedObject(at: childPosition)
      if layout.representations.overrides(object) {
        layout.representations.configure(&cell, for: object)
        return
      }
    }
    child.configureCell(&cell, at: childPosition)
  }

  /// The object the child that owns the row shows, read directly (see
  /// ``configureCell(_:at:)``).
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: The child's object, or an empty string for a position out of range.
  public func representedObject(at position: TablePosition) -> Any {
    let layout = self.layout
    guard let target = layout.locate(position.section) else { return "" }
    let child = layout.children[target.child]
    return child.representedObject(at: TablePosition(section: target.section, row: position.row))
  }

  /// The rows of the child's section, read directly.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's row count, or 0 for a section out of range.
  public func numberOfRows(inSection section: Int) -> Int {
    let layout = self.layout
    guard let target = layout.locate(section) else { return 0 }
    let child = layout.children[target.child]
    return max(0, child.numberOfRows(inSection: target.section))
  }

  /// The child's own row source for `section`, when this composition has no overrides of its
  /// own; otherwise this data source (its overrides must see every row).
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: Where the section's rows are read.
  package func forwardedRowSource(forSection section: Int) -> TableRowSource {
    let layout = self.layout
    guard layout.representations.isEmpty, let target = layout.locate(section) else {
      return TableRowSource(dataSource: self, section: section)
    }
    return layout.children[target.child].rowSource(forSection: target.section)
  }

  // MARK: TableChangeObserver

  /// Moves a child's changeset to this data source's sections and reports it up.
  ///
  /// Inside ``performUpdates(_:)`` the change is only noted (the rows it reloads are
  /// remembered by identity); the transaction reports it.
  ///
  /// - Parameters:
  ///   - dataSource: A child.
  ///   - changeset: The change in the child's positions.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard let index = index(ofChild: dataSource) else { return }
    guard transactionDepth == 0 else {
      for position in changeset.reloadedRows + changeset.reconfiguredRows {
        refreshedInTransaction.insert(IdentifierReader.item(of: dataSource, position))
      }
      return
    }
    let offset = layout.starts[index]
    let old = layout
    updateSectionCount(ofChild: index)
    // Passed on even when empty, so the table checks the counts against the data.
    try reportChange(changeset.offsettingSections(by: offset), since: old)
  }
}

/// The children of a ``ComposedDataSource`` and the prefix sums of their section counts.
struct ComposedLayout {
  var children: [any TableDataSource]
  /// `starts[i]` is the first section of child `i`; the last entry is the section count.
  var starts: [Int]
  /// The composition's own overrides, kept here so a row is filled with one read of the layout.
  var representations: RepresentationRegistry

  /// The child that shows `section` and the section's index in it, by binary search for the
  /// first start past `section`.
  func locate(_ section: Int) -> (child: Int, section: Int)? {
    let count = starts[starts.count - 1]
    guard section >= 0, section < count else { return nil }
    var low = 1
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] > section { high = middle } else { low = middle + 1 }
    }
    return (low - 1, section - starts[low - 1])
  }
}

/// Renderers read a section that passes through unchanged from the child that holds it.
extension ComposedDataSource: SectionRowForwarding {}
