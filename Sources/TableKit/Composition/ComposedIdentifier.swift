/// The identity of a section or row in a data source made of data sources: the child that owns
/// it, and the child's own identifier for it.
///
/// A child that is an ``IdentifiedTableDataSource`` gives its identifiers; they are kept as they
/// are, so a row stays the same row when it moves inside its child. A wrapper without identity
/// of its own (a ``SegmentedDataSource``, a filter over a plain data source) passes on the
/// identity of the row it forwards to. A child without identity, at the bottom, is
/// identified by position instead, and such an identifier ``isPositional``: the row at a place is
/// taken to be the same row before and after a change, and is therefore reloaded whenever a
/// transaction (``ComposedDataSource/performUpdates(_:)``) reports it. Rows of a positional child
/// never move; inserts and deletes in it show as changes at its end plus reloads.
public struct ComposedIdentifier: Hashable, Sendable {
  /// The child that owns the section or row.
  public let child: ObjectIdentifier
  /// The child's identifier for it, or its index or position when the child has none.
  public let value: any Hashable & Sendable
  private let ownPositional: Bool

  /// Creates the identifier of `value` in the child `child`.
  ///
  /// - Parameters:
  ///   - child: The identity of the child object.
  ///   - value: The child's identifier, or a position.
  ///   - isPositional: Whether `value` is a position rather than a real identity.
  package init(child: ObjectIdentifier, value: any Hashable & Sendable, isPositional: Bool) {
    self.child = child
    self.value = value
    self.ownPositional = isPositional
  }

  /// Whether the identity is (at some depth) a position rather than the child's own identifier.
  public var isPositional: Bool {
    ownPositional || (value as? ComposedIdentifier)?.isPositional == true
  }

  /// Whether both name the same child and equal values.
  ///
  /// - Parameters:
  ///   - lhs: An identifier.
  ///   - rhs: Another.
  /// - Returns: `true` when they identify the same section or row.
  public static func == (lhs: ComposedIdentifier, rhs: ComposedIdentifier) -> Bool {
    lhs.child == rhs.child && lhs.ownPositional == rhs.ownPositional
      && AnyHashable(lhs.value) == AnyHashable(rhs.value)
  }

  /// Hashes the child and the value.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(child)
    hasher.combine(AnyHashable(value))
  }
}

extension ComposedIdentifier: CustomStringConvertible {
  /// The value, marked when it is a position.
  public var description: String {
    ownPositional ? "position \(value)" : String(describing: value)
  }
}

/// Reads identifiers of any data source: its own when it is identified, else those of the child
/// a wrapper forwards to (so identity passes through filters and segments), else positions.
enum IdentifierReader {
  static func section(of source: any TableDataSource, _ section: Int) -> ComposedIdentifier {
    let child = ObjectIdentifier(source)
    if let identified = source as? any IdentifiedTableDataSource,
      let value = sectionValue(identified, section)
    {
      return ComposedIdentifier(child: child, value: value, isPositional: false)
    }
    if let forwarding = source as? any ForwardingTableDataSource,
      let target = forwarding.childSection(forSection: section),
      let inner = forwarding.child(at: target.child)
    {
      return Self.section(of: inner, target.section)
    }
    return ComposedIdentifier(child: child, value: section, isPositional: true)
  }

  static func item(of source: any TableDataSource, _ position: TablePosition) -> ComposedIdentifier
  {
    let child = ObjectIdentifier(source)
    if let identified = source as? any IdentifiedTableDataSource,
      let value = itemValue(identified, position)
    {
      return ComposedIdentifier(child: child, value: value, isPositional: false)
    }
    if let forwarding = source as? any ForwardingTableDataSource,
      let target = forwarding.childPosition(for: position),
      let inner = forwarding.child(at: target.child)
    {
      return Self.item(of: inner, target.position)
    }
    return ComposedIdentifier(child: child, value: position, isPositional: true)
  }

  private static func sectionValue<Source: IdentifiedTableDataSource>(
    _ source: Source, _ section: Int
  ) -> (any Hashable & Sendable)? {
    source.sectionIdentifier(inSection: section)
  }

  private static func itemValue<Source: IdentifiedTableDataSource>(
    _ source: Source, _ position: TablePosition
  ) -> (any Hashable & Sendable)? {
    source.itemIdentifier(at: position)
  }

  /// The identifiers of every section and row of `source`, each read through `section` and
  /// `item`; `nil` when two share one.
  static func snapshot(
    of source: any TableDataSource,
    section: (Int) -> ComposedIdentifier,
    item: (TablePosition) -> ComposedIdentifier
  ) -> TableSnapshot<ComposedIdentifier, ComposedIdentifier>? {
    var snapshot = TableSnapshot<ComposedIdentifier, ComposedIdentifier>()
    do {
      for index in 0..<max(0, source.numberOfSections) {
        let identifier = section(index)
        try snapshot.appendSections([identifier])
        let rows = max(0, source.numberOfRows(inSection: index))
        let items = (0..<rows).map { item(TablePosition(section: index, row: $0)) }
        try snapshot.appendItems(items, toSection: identifier)
      }
    } catch {
      return nil
    }
    return snapshot
  }

  /// The changeset that replaces every old section by every new one: right whatever changed.
  static func replacingAll(oldSections: Int, newSections: Int) -> TableChangeset {
    TableChangeset(
      deletedSections: Array(0..<max(0, oldSections)),
      insertedSections: Array(0..<max(0, newSections)))
  }
}
