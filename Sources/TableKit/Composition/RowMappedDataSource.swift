/// The part that ``FilteredDataSource`` and ``SortedDataSource`` share: a view of one base data
/// source whose sections are the base's and whose rows are some of the base's rows, in an order
/// of the view's, mapped both ways by a row map.
///
/// The class answers every question of ``ForwardingTableDataSource`` through the map, so the two
/// views say only how they build it (which rows, in which order) and how a change of the base
/// passes through it. It cannot be made or subclassed outside TableKit; use
/// ``TableDataSource/filtered(by:)`` and ``TableDataSource/sorted(by:)``.
public class RowMappedDataSource<Base: TableDataSource>: ForwardingTableDataSource {
  /// The data source shown through the map.
  public let base: Base

  /// The object told of each change.
  public weak var changeObserver: (any TableChangeObserver)?

  /// Overrides of how types show themselves in this view; they win over the base's.
  public var representations = RepresentationRegistry()

  /// The base rows shown, both ways.
  package var map: RowMap
  /// The map before the change being reported, while it travels up (see `didDeselectRow`).
  package var mapBeforeChange: RowMap?

  /// Creates the view of `base` through `map`, and observes the base's changes when it reports
  /// them.
  package init(base: Base, map: RowMap) {
    self.base = base
    self.map = map
    observe(base)
  }

  /// Takes `newMap` and reports `changes` up, keeping the old map while they travel.
  package func replaceMap(with newMap: RowMap, reporting changes: TableChangeset)
    throws(TableUpdateError)
  {
    let old = map
    map = newMap
    guard !changes.isEmpty else { return }
    try reportChange(changes, rememberingWhileReported: old, in: \.mapBeforeChange)
  }

  // MARK: ForwardingTableDataSource

  /// The base's section count when last read.
  public var numberOfSections: Int { map.numberOfSections }

  /// The rows of `section` that show.
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
  /// - Complexity: O(1).
  public func childPosition(for position: TablePosition) -> ChildPosition? {
    map.basePosition(for: position).map { ChildPosition(child: 0, position: $0) }
  }

  /// Where a base row shows, or `nil` when it is hidden.
  ///
  /// - Parameter childPosition: Child 0 and a base position.
  /// - Returns: The position in this view.
  /// - Complexity: O(1).
  public func position(for childPosition: ChildPosition) -> TablePosition? {
    childPosition.child == 0 ? map.shownPosition(ofBase: childPosition.position) : nil
  }

  /// Tells the base, at the row's base position; while a change is reported, the position is
  /// one from before it and is mapped as the rows were shown then.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    guard let basePosition = (mapBeforeChange ?? map).basePosition(for: position) else { return }
    base.didDeselectRow(at: basePosition)
  }

  // MARK: TableChangeObserver

  /// Passes a change of the base through the map; each view overrides it with its own rule.
  ///
  /// - Parameters:
  ///   - dataSource: The base.
  ///   - changeset: The change in the base's positions.
  /// - Throws: ``TableUpdateError`` when the change does not fit or the observer refused it.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    assertionFailure("\(Self.self) must override dataSource(_:didChange:)")
  }
}

extension RowMappedDataSource: IdentifiedTableDataSource where Base: IdentifiedTableDataSource {
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
