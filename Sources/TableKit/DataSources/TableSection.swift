/// A titled group of items, the unit of content of a ``SectionedDataSource``.
///
/// `Item` is `Any` for mixed-type tables, or one model type for uniform ones; the section is
/// `Sendable` whenever its items are.
public struct TableSection<Item> {
  /// The title above the section, or `nil` for none.
  public var header: String?
  /// The title below the section, or `nil` for none.
  public var footer: String?
  /// The items, one per row.
  public var items: [Item]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - header: The title above the section.
  ///   - footer: The title below the section.
  ///   - items: The items, one per row.
  public init(_ header: String? = nil, footer: String? = nil, items: [Item]) {
    self.header = header
    self.footer = footer
    self.items = items
  }
}

extension TableSection: Sendable where Item: Sendable {}
extension TableSection: Equatable where Item: Equatable {}
extension TableSection: Hashable where Item: Hashable {}
