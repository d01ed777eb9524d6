/// A data source over an array of sections, ready to use or to subclass.
///
/// It covers the common case, rows that show items held in memory, with per-table overrides and
/// columns passed in. Subclass it to add behaviour to the delegate hooks:
///
/// ```swift
/// let contactCard = SectionedDataSource<Any>(sections: [
///   TableSection("Phone", items: contact.phoneNumbers),
///   TableSection("E-mail", items: contact.emailAddresses),
/// ])
/// let table = Table(dataSource: contactCard)
/// ```
///
/// Change ``sections`` and call ``Table/reloadData()`` to show the change. Until then the table
/// still asks for the rows it had; a position that no longer exists is answered with an empty,
/// unselectable row (and no titles) rather than a trap.
open class SectionedDataSource<Item>: TableDataSource {
  /// The sections, in display order.
  public var sections: [TableSection<Item>]
  /// The columns of a multi-column table; empty for a table of texts and details.
  public var columns: [TableColumn]
  /// This table's overrides of how types show themselves.
  public var representations: RepresentationRegistry

  /// Creates a data source over `sections`.
  ///
  /// - Parameters:
  ///   - sections: The sections, in display order.
  ///   - columns: The columns of a multi-column table.
  ///   - representations: This table's overrides of how types show themselves.
  public init(
    sections: [TableSection<Item>],
    columns: [TableColumn] = [],
    representations: RepresentationRegistry = RepresentationRegistry()
  ) {
    self.sections = sections
    self.columns = columns
    self.representations = representations
  }

  /// Creates a data source with one untitled section holding `items`.
  ///
  /// - Parameters:
  ///   - items: The items, one per row.
  ///   - columns: The columns of a multi-column table.
  public convenience init(items: [Item], columns: [TableColumn] = []) {
    self.init(sections: [TableSection(items: items)], columns: columns)
  }

  /// The number of sections.
  open var numberOfSections: Int { sections.count }

  /// The number of items in `section`.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The item count.
  open func numberOfRows(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].items.count : 0
  }

  /// The item at `position`.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The item.
  open func representedObject(at position: TablePosition) -> Any {
    item(at: position).map { $0 as Any } ?? MissingItem(position: position)
  }

  /// The item's cell, resolved through ``representations``.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: What the row shows.
  open func cell(at position: TablePosition) -> Cell {
    guard let item = item(at: position) else { return MissingItem(position: position).tableCell }
    return representations.cell(for: item)
  }

  /// Assigns ``cell(at:)``; declared here so that a subclass can override it.
  ///
  /// A subclass whose items build their own cells can fill `cell` in place instead (see
  /// ``TableDataSource/configureCell(_:at:)``). Without this declaration a subclass's version
  /// would never be called: the conformance would keep using the protocol's default.
  ///
  /// - Parameters:
  ///   - cell: Replaced with the row's cell.
  ///   - position: A position inside the counts.
  open func configureCell(_ cell: inout Cell, at position: TablePosition) {
    cell = self.cell(at: position)
  }

  /// The item at `position`, or `nil` when ``sections`` no longer has it.
  private func item(at position: TablePosition) -> Item? {
    guard sections.indices.contains(position.section) else { return nil }
    let items = sections[position.section].items
    return items.indices.contains(position.row) ? items[position.row] : nil
  }

  /// The section's header title.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The header title, or `nil`.
  open func titleForHeader(inSection section: Int) -> String? {
    sections.indices.contains(section) ? sections[section].header : nil
  }

  /// The section's footer title.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The footer title, or `nil`.
  open func titleForFooter(inSection section: Int) -> String? {
    sections.indices.contains(section) ? sections[section].footer : nil
  }

  /// Allows every selection as asked; override to veto or redirect.
  ///
  /// - Parameter position: The row about to be selected.
  /// - Returns: `position`.
  open func willSelectRow(at position: TablePosition) -> TablePosition? { position }

  /// Does nothing; override to react to a selection.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The item the row represents.
  open func didSelectRow(at position: TablePosition, representing object: Any) {}

  /// Does nothing; override to react to a deselection.
  ///
  /// - Parameter position: The deselected row.
  open func didDeselectRow(at position: TablePosition) {}
}

/// What a ``SectionedDataSource`` answers for a row its sections no longer have (they changed and
/// the table was not reloaded yet): an empty, unselectable row.
struct MissingItem: TableRepresentable, CustomStringConvertible {
  var position: TablePosition

  var tableCell: Cell { Cell("", kind: "missing", isSelectable: false) }

  var description: String { "no item at \(position): call reloadData() after changing sections" }
}
