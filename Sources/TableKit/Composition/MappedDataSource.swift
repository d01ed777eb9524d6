/// A view of a data source that shows each row's represented object transformed: another object,
/// or the same one shown another way, in this table only.
///
/// Made by ``TableDataSource/mapped(_:)``. The rows, sections and changes are the base's; only
/// ``representedObject(at:)`` changes, and the cell is resolved from the transformed object
/// through this view's ``representations`` (its overrides, else the object's own
/// ``TableRepresentable`` conformance, else its description). The base's own overrides do not
/// apply to the transformed objects. Selection reaches the base with the base's own object.
///
/// ```swift
/// let summaries = invoices.mapped { ($0 as? Invoice).map(InvoiceSummary.init) ?? $0 }
/// var loud = summaries
/// loud.representations.register(InvoiceSummary.self) { Cell($0.title.uppercased()) }
/// ```
public final class MappedDataSource<Base: TableDataSource>: ForwardingTableDataSource {
  /// The data source being transformed.
  public let base: Base

  /// The transformation of each represented object.
  public let transform: (Any) -> Any

  /// The object told of each change.
  public weak var changeObserver: (any TableChangeObserver)?

  /// How types show themselves in this view: overrides for the transformed objects.
  public var representations = RepresentationRegistry()

  /// Creates a view of `base` showing `transform` of each represented object, observing the
  /// base's changes when it reports them.
  ///
  /// - Parameters:
  ///   - base: The data source to transform.
  ///   - transform: Makes the object a row shows from the base's object.
  public init(_ base: Base, transform: @escaping (Any) -> Any) {
    self.base = base
    self.transform = transform
    observe(base)
  }

  // MARK: ForwardingTableDataSource

  /// The base's sections.
  public var numberOfSections: Int { max(0, base.numberOfSections) }

  /// The transformed object of the base's row.
  ///
  /// - Parameter position: A position.
  /// - Returns: `transform` of the base's object.
  public func representedObject(at position: TablePosition) -> Any {
    transform(base.representedObject(at: position))
  }

  /// The cell of the transformed object, through this view's representations.
  ///
  /// - Parameter position: A position.
  /// - Returns: What the row shows.
  public func cell(at position: TablePosition) -> Cell {
    representations.cell(for: representedObject(at: position))
  }

  /// Fills `cell` for the transformed object, through this view's representations.
  ///
  /// - Parameters:
  ///   - cell: A reused cell; on return, the row's cell.
  ///   - position: A position.
  public func configureCell(_ cell: inout Cell, at position: TablePosition) {
    representations.configure(&cell, for: representedObject(at: position))
  }

  /// Tells the base, with the base's own object.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The transformed object (the base is given its own).
  public func didSelectRow(at position: TablePosition, representing object: Any) {
    base.didSelectRow(at: position, representing: base.representedObject(at: position))
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
    section >= 0 && section < numberOfSections ? (0, section) : nil
  }

  /// The same position of the base.
  ///
  /// - Parameter position: A position.
  /// - Returns: Child 0 at `position`, or `nil` out of range.
  public func childPosition(for position: TablePosition) -> ChildPosition? {
    guard childSection(forSection: position.section) != nil, position.row >= 0,
      position.row < numberOfRows(inSection: position.section)
    else { return nil }
    return ChildPosition(child: 0, position: position)
  }

  /// The same position, when the base has it.
  ///
  /// - Parameter childPosition: Child 0 and a base position.
  /// - Returns: The position, or `nil` out of range.
  public func position(for childPosition: ChildPosition) -> TablePosition? {
    guard childPosition.child == 0, self.childPosition(for: childPosition.position) != nil
    else { return nil }
    return childPosition.position
  }

  /// Tells the base at the same position, unchecked: while the base's change is reported, the
  /// position is one from before it, which the base's current counts cannot check.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    base.didDeselectRow(at: position)
  }

  // MARK: TableChangeObserver

  /// Passes the base's change up unchanged: the rows are the same.
  ///
  /// - Parameters:
  ///   - dataSource: The base.
  ///   - changeset: The change.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError) {
    guard dataSource === base else { return }
    try reportChange(changeset)
  }
}

extension MappedDataSource: IdentifiedTableDataSource where Base: IdentifiedTableDataSource {
  /// The base's identifier of the section.
  ///
  /// - Parameter section: A section.
  /// - Returns: The identifier, or `nil` out of range.
  public func sectionIdentifier(inSection section: Int) -> Base.SectionIdentifier? {
    base.sectionIdentifier(inSection: section)
  }

  /// The base's identifier of the row.
  ///
  /// - Parameter position: A position.
  /// - Returns: The identifier, or `nil` out of range.
  public func itemIdentifier(at position: TablePosition) -> Base.ItemIdentifier? {
    base.itemIdentifier(at: position)
  }
}

extension TableDataSource {
  /// A view of this data source whose rows show `transform` of their represented objects, in
  /// this table only.
  ///
  /// ```swift
  /// let names = people.mapped { ($0 as? Person)?.name ?? "" }
  /// ```
  ///
  /// - Parameter transform: Makes the object a row shows from this data source's object.
  /// - Returns: The mapped view, which observes this data source's changes.
  public func mapped(_ transform: @escaping (Any) -> Any) -> MappedDataSource<Self> {
    MappedDataSource(self, transform: transform)
  }
}
