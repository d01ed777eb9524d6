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
/// let table = TableView(dataSource: contactCard)
/// ```
///
/// Change ``sections`` and call ``TableView/reloadData()`` to show the change. Until then the table
/// still asks for the rows it had; a position that no longer exists is answered with an empty,
/// unselectable row (and no titles) rather than a trap.
open class SectionedDataSource<Item>: TableDataSource {
  /// The sections, in display order.
  public var sections: [TableSection<Item>] {
    get { storedSections }
    set { storedSections = newValue }
    _modify { yield &storedSections }
  }
  /// The storage of ``sections``, read twice a row (for ``representedObject(at:)`` and
  /// ``configureCell(_:at:)``).
  ///
  /// Not checked for overlapping accesses at run time (about 140 instructions a row, a quarter
  /// of the generic path's cost over a typed data source). The data source's own accesses are
  /// reads that run no other code. A caller's change goes through ``sections``, whose modify
  /// hands out this storage in place, so a read that a caller's change makes overlap it (a
  /// render from inside `f(&dataSource.sections)`) reads the array as it is at that moment,
  /// with every value whole: what is lost is only the trap that would have named the overlap.
  @exclusivity(unchecked) private var storedSections: [TableSection<Item>]
  /// The columns of a multi-column table; empty for a table of texts and details.
  public var columns: [ColumnDefinition]
  /// This table's overrides of how types show themselves.
  public var representations: RepresentationRegistry {
    didSet {
      // The old answers are released after the access to `memo` ends (see `memo`).
      let retired = memo
      memo = RepresentationMemo()
      withExtendedLifetime(retired) {}
    }
  }

  /// How each type of item is shown, learned from its first item (see ``configureCell(_:at:)``).
  ///
  /// Not checked for overlapping accesses at run time (about 100 instructions a row, a seventh
  /// of the generic path's cost over a typed data source): no access to it can overlap another,
  /// since every one runs only the memo's own code, never a registry's override, a type's code
  /// or a deinitializer (the reset in ``representations`` releases the old answers after its
  /// access ends).
  @exclusivity(unchecked) private var memo = RepresentationMemo()
  /// Whether this is a `SectionedDataSource` itself, not a subclass, which may override
  /// ``cell(at:)`` and so must be asked for every cell.
  private let fillsCellsFromItems: Bool

  /// Creates a data source over `sections`.
  ///
  /// - Parameters:
  ///   - sections: The sections, in display order.
  ///   - columns: The columns of a multi-column table.
  ///   - representations: This table's overrides of how types show themselves.
  public init(
    sections: [TableSection<Item>],
    columns: [ColumnDefinition] = [],
    representations: RepresentationRegistry = RepresentationRegistry()
  ) {
    self.storedSections = sections
    self.columns = columns
    self.representations = representations
    self.fillsCellsFromItems = Self.self == SectionedDataSource<Item>.self
  }

  /// Creates a data source with one untitled section holding `items`.
  ///
  /// - Parameters:
  ///   - items: The items, one per row.
  ///   - columns: The columns of a multi-column table.
  public convenience init(items: [Item], columns: [ColumnDefinition] = []) {
    self.init(sections: [TableSection(items: items)], columns: columns)
  }

  /// The number of sections.
  open var numberOfSections: Int { storedSections.count }

  /// The number of items in `section`.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The item count.
  open func numberOfRows(inSection section: Int) -> Int {
    section >= 0 && section < storedSections.count ? storedSections[section].items.count : 0
  }

  /// The item at `position`.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The item.
  open func representedObject(at position: TablePosition) -> Any {
    object(at: position)
  }

  /// The item's cell, resolved through ``representations``.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: What the row shows.
  open func cell(at position: TablePosition) -> Cell {
    guard let item = item(at: position) else { return MissingItem(position: position).tableCell }
    return representations.cell(for: item)
  }

  /// Fills `cell` with the item's cell in place, resolved as ``cell(at:)`` resolves it.
  ///
  /// The item's type is looked up once, on its first item: whether ``representations`` overrides
  /// it, else whether it is ``TableRepresentable``. Every later item of that type goes straight
  /// to its override or to its ``TableRepresentable/configure(_:)``, which fills the renderer's
  /// reused cell in place if the type implements it, so a table of items of any type renders
  /// about as fast as a data source that fills its cells by hand. `Optional` and `AnyHashable`
  /// items, which may hold any type, are resolved item by item.
  ///
  /// A subclass gets ``cell(at:)`` assigned instead, so a subclass that overrides only
  /// ``cell(at:)`` is still asked for every cell. A subclass whose items build their own cells
  /// can override this method to fill `cell` in place itself (see
  /// ``TableDataSource/configureCell(_:at:)``).
  ///
  /// - Parameters:
  ///   - cell: A cell holding an earlier row, or a new one; on return, the row's cell.
  ///   - position: A position inside the counts.
  open func configureCell(_ cell: inout Cell, at position: TablePosition) {
    guard fillsCellsFromItems else {
      cell = self.cell(at: position)
      return
    }
    // A missing item is a `MissingItem`, which shows itself as the empty row.
    let object = object(at: position)
    // Each access to `memo` is short and runs no other code; the registry is read and the cell
    // filled outside them: an override or the type's code may use this data source again.
    let type = type(of: object)
    let way: RepresentationMemo.Way
    if let known = memo.knownWay(for: type) {
      way = known
    } else {
      way = RepresentationMemo.learn(type, registry: representations)
      memo.remember(way, for: type)
    }
    way.configure(&cell, for: object)
  }

  /// The item at `position`, or `nil` when ``sections`` no longer has it.
  private func item(at position: TablePosition) -> Item? {
    let (section, row) = (position.section, position.row)
    guard section >= 0, section < storedSections.count, row >= 0,
      row < storedSections[section].items.count
    else { return nil }
    return storedSections[section].items[row]
  }

  /// The item at `position` as `Any`, or a ``MissingItem`` when ``sections`` no longer has it.
  ///
  /// Code generic over `Item` looks up the type metadata of `TableSection<Item>`, its array and
  /// `Optional<Item>` at run time, on every access: about 3,800 instructions a lookup, more than
  /// the rest of a row of HTML. When `Item` is `Any` (a table of mixed types, the common case) the sections are read
  /// as what they are, `[TableSection<Any>]`, by code that knows its types; the item is then
  /// already an `Any` (wrapping it again would box it, and `type(of:)` would answer `Any`).
  private func object(at position: TablePosition) -> Any {
    guard ObjectIdentifier(Item.self) == ObjectIdentifier(Any.self) else {
      return typedObject(at: position)
    }
    // The types were just compared equal, so this reinterprets the array as its own type.
    return unsafeBitCast(storedSections, to: [TableSection<Any>].self).object(at: position)
  }

  /// The item at `position` as `Any`, or a ``MissingItem``, for an `Item` other than `Any`.
  private func typedObject(at position: TablePosition) -> Any {
    item(at: position).map { $0 as Any } ?? MissingItem(position: position)
  }

  /// The section's header title.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The header title, or `nil`.
  open func titleForHeader(inSection section: Int) -> String? {
    section >= 0 && section < storedSections.count ? storedSections[section].header : nil
  }

  /// The section's footer title.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The footer title, or `nil`.
  open func titleForFooter(inSection section: Int) -> String? {
    section >= 0 && section < storedSections.count ? storedSections[section].footer : nil
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

extension [TableSection<Any>] {
  /// The item at `position`, or a ``MissingItem`` when there is none.
  fileprivate func object(at position: TablePosition) -> Any {
    let (section, row) = (position.section, position.row)
    guard section >= 0, section < count, row >= 0, row < self[section].items.count else {
      return MissingItem(position: position)
    }
    return self[section].items[row]
  }
}
