/// A data source with several children of which one, the selected segment, is shown: the model
/// of a segmented control above a table.
///
/// ```swift
/// let ledger = SegmentedDataSource([thisMonth, lastMonth])
/// let table = TableView(dataSource: ledger)
/// try table.selectSegment(1, of: ledger)  // last month's sections replace this month's
/// ```
///
/// Switching segments with ``selectSegment(_:)`` reports one changeset: the old segment's
/// sections deleted and the new one's inserted. The rows selected in a segment when it is left
/// are remembered while it is hidden (its child is not told they were deselected) and listed by
/// ``selectedPositions(inSegment:)``; ``TableView/selectSegment(_:of:)`` switches and selects them
/// again when the segment returns.
///
/// Changes reported by the shown child pass through unchanged. A change of a hidden child is
/// read when it is shown again; the rows kept selected in it follow the change (a moved row
/// stays selected where it went, a deleted one is dropped). A hidden child that changes without
/// reporting it, or reports a change that does not match its counts, loses its kept rows.
///
/// Nested in a composition, it works the same: ``TableView/selectSegment(_:of:)`` finds where the
/// segmented data source sits under the table's data source.
public final class SegmentedDataSource: ForwardingTableDataSource {
  /// The segments' data sources.
  public let children: [any TableDataSource]

  /// The index of the segment shown; 0 when there are no children.
  public private(set) var selectedSegment: Int

  /// The object told of each change.
  public weak var changeObserver: (any TableChangeObserver)?

  /// Overrides of how types show themselves here; they win over the children's.
  public var representations = RepresentationRegistry()

  private var selections: [[TablePosition]]
  /// The counts of each hidden child when it was left or last reported a change, to move its
  /// kept selection through the changes it reports while hidden.
  private var hiddenShapes: [TableShape?]
  /// The segment being left while its switch is reported (see `didDeselectRow(at:)`).
  private var leaving: Int?

  /// Creates the segments, showing `selectedSegment` (clamped to the children), and observes the
  /// changes of the children that report them.
  ///
  /// - Parameters:
  ///   - children: One data source a segment.
  ///   - selectedSegment: The segment shown first.
  public init(_ children: [any TableDataSource], selectedSegment: Int = 0) {
    self.children = children
    self.selectedSegment = min(max(0, selectedSegment), max(0, children.count - 1))
    self.selections = Array(repeating: [], count: children.count)
    self.hiddenShapes = Array(repeating: nil, count: children.count)
    for child in children { observe(child) }
  }

  /// Shows the segment at `index`, reporting the switch as one changeset.
  ///
  /// The shown sections are reported deleted and the new segment's inserted. The rows selected
  /// in the segment left are kept for its return.
  ///
  /// - Parameter index: A segment; an index out of range, or the shown one, changes nothing.
  /// - Returns: The changeset reported.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  @discardableResult
  public func selectSegment(_ index: Int) throws(TableUpdateError) -> TableChangeset {
    guard children.indices.contains(index), index != selectedSegment else {
      return TableChangeset()
    }
    let old = numberOfSections
    let left = selectedSegment
    selections[left] = []
    hiddenShapes[left] = TableShape(reading: children[left])
    hiddenShapes[index] = nil
    selectedSegment = index
    let changes = IdentifierReader.replacingAll(oldSections: old, newSections: numberOfSections)
    // Kept while the switch travels up, and inside a transaction until the transaction has
    // reported, so the rows the table deselects are kept for the segment left.
    if !changes.isEmpty { try reportChange(changes, rememberingWhileReported: left, in: \.leaving) }
    return changes
  }

  /// The rows that were selected in a segment when it was last left, in its child's positions
  /// (which are this data source's while it is shown).
  ///
  /// - Parameter index: A segment.
  /// - Returns: The positions, or none for an index out of range.
  public func selectedPositions(inSegment index: Int) -> [TablePosition] {
    selections.indices.contains(index) ? selections[index] : []
  }

  // MARK: ForwardingTableDataSource

  /// The shown child's sections.
  public var numberOfSections: Int {
    children.indices.contains(selectedSegment)
      ? max(0, children[selectedSegment].numberOfSections) : 0
  }

  /// The child at `index`, shown or not.
  ///
  /// - Parameter index: A segment.
  /// - Returns: The child, or `nil` out of range.
  public func child(at index: Int) -> (any TableDataSource)? {
    children.indices.contains(index) ? children[index] : nil
  }

  /// The shown child's section.
  ///
  /// - Parameter section: A section.
  /// - Returns: The shown segment and `section`, or `nil` out of range.
  public func childSection(forSection section: Int) -> (child: Int, section: Int)? {
    section >= 0 && section < numberOfSections ? (selectedSegment, section) : nil
  }

  /// The shown child's position.
  ///
  /// - Parameter position: A position.
  /// - Returns: The shown segment and `position`, or `nil` out of range.
  public func childPosition(for position: TablePosition) -> ChildPosition? {
    guard childSection(forSection: position.section) != nil, position.row >= 0,
      position.row < max(0, children[selectedSegment].numberOfRows(inSection: position.section))
    else { return nil }
    return ChildPosition(child: selectedSegment, position: position)
  }

  /// The same position, when its child is shown and has it.
  ///
  /// - Parameter childPosition: A segment and a position in it.
  /// - Returns: The position, or `nil` for a hidden segment or a position out of range.
  public func position(for childPosition: ChildPosition) -> TablePosition? {
    guard childPosition.child == selectedSegment,
      self.childPosition(for: childPosition.position) != nil
    else { return nil }
    return childPosition.position
  }

  /// Tells the shown child, except while switching segments: then the row (deselected by the
  /// table because its section went away) is kept as selected in the segment left, for its
  /// return, and its child is not told.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    if let leaving {
      if !selections[leaving].contains(position) { selections[leaving].append(position) }
      return
    }
    // Passed on as it is: while the shown child's change is reported, the position is one
    // from before the change, which the child's current counts cannot check.
    guard children.indices.contains(selectedSegment) else { return }
    children[selectedSegment].didDeselectRow(at: position)
  }

  /// The visible child's own row source for `section`, when this data source has no overrides
  /// of its own; otherwise this data source.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: Where the section's rows are read.
  package func forwardedRowSource(forSection section: Int) -> TableRowSource {
    guard representations.isEmpty, childSection(forSection: section) != nil else {
      return TableRowSource(dataSource: self, section: section)
    }
    return children[selectedSegment].rowSource(forSection: section)
  }

  // MARK: TableChangeObserver

  /// Passes the shown child's changes up unchanged; a hidden child's are read when it returns.
  ///
  /// A hidden child's change moves the rows kept selected in it along (see the type's notes).
  ///
  /// - Parameters:
  ///   - dataSource: A child.
  ///   - changeset: The change in its positions.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard let index = children.firstIndex(where: { $0 === dataSource }) else { return }
    if index != selectedSegment {
      let new = TableShape(reading: dataSource)
      if let old = hiddenShapes[index],
        let update = try? TableBatchUpdate(changeset, from: old, to: new)
      {
        selections[index] = selections[index].compactMap { update.newPosition(of: $0) }
      } else {
        selections[index].removeAll()
      }
      hiddenShapes[index] = new
      return
    }
    try reportChange(changeset)
  }
}

extension TableView {
  /// Shows the segment at `index` of `segmented` and selects again the rows that were selected
  /// in that segment when it was last shown.
  ///
  /// `segmented` is the table's data source or sits anywhere under it in a composition; its
  /// rows are found at their places in the table (see
  /// ``ForwardingTableDataSource/position(of:at:)``).
  ///
  /// - Parameters:
  ///   - index: A segment.
  ///   - segmented: The table's data source, or a data source under it.
  /// - Throws: ``TableUpdateError`` when the switch was refused.
  public func selectSegment(_ index: Int, of segmented: SegmentedDataSource)
    throws(TableUpdateError)
  {
    try segmented.selectSegment(index)
    let root = dataSource
    let composition = root as? any ForwardingTableDataSource
    for position in segmented.selectedPositions(inSegment: index) {
      let place = root === segmented ? position : composition?.position(of: segmented, at: position)
      guard let place, shape.contains(place) else { continue }
      _ = try? selectRow(at: place)
    }
  }
}

/// Renderers read a section that passes through unchanged from the child that holds it.
extension SegmentedDataSource: SectionRowForwarding {}
