/// What one row shows, with no view behind it: texts, column values, an accessory and a kind.
///
/// A cell is the headless counterpart of a `UITableViewCell`'s content. Model types produce cells
/// through ``TableRepresentable``; renderers turn them into text, Markdown, CSV or HTML.
///
/// ```swift
/// let cell = Cell("+44 20 7946 0018", detail: "work", accessory: .disclosureIndicator)
/// ```
///
/// For multi-column reports a cell carries ``values``, one per column of the data source's
/// ``TableDataSource/columns``; a cell without values shows ``text`` and ``detailText``.
public struct Cell: Hashable, Sendable {
  /// The main text of the row.
  public var text: String
  /// A secondary text (UIKit's detail text label), or `nil` for none.
  public var detailText: String?
  /// One value per column, for tables that declare ``TableDataSource/columns``; empty otherwise.
  public var values: [CellValue]
  /// The mark at the trailing edge: none, a disclosure indicator, a checkmark or a detail button.
  public var accessory: CellAccessory
  /// A style identifier that renderers can use (the reuse identifier, a CSS class).
  public var kind: CellKind
  /// Whether the row can be selected; the table refuses to select a row whose cell says no.
  public var isSelectable: Bool

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - text: The main text of the row.
  ///   - detail: A secondary text, or `nil` for none.
  ///   - values: One value per declared column; leave empty for single-column tables.
  ///   - accessory: The mark at the trailing edge.
  ///   - kind: A style identifier for renderers.
  ///   - isSelectable: Whether the row can be selected.
  public init(
    _ text: String,
    detail: String? = nil,
    values: [CellValue] = [],
    accessory: CellAccessory = .none,
    kind: CellKind = .default,
    isSelectable: Bool = true
  ) {
    self.text = text
    self.detailText = detail
    self.values = values
    self.accessory = accessory
    self.kind = kind
    self.isSelectable = isSelectable
  }

  /// Resets every field except ``values`` as ``init(_:detail:values:accessory:kind:isSelectable:)``
  /// would set it, and makes ``values`` exactly `valueCount` long, so the cell can be filled for
  /// another row without allocating.
  ///
  /// Used by ``TableDataSource/configureCell(_:at:)`` and ``TableRepresentable/configure(_:)``.
  /// With no `valueCount` the values are emptied, keeping their storage; append the new row's
  /// values after it. When rows have a fixed number of columns, give that number and assign
  /// `cell.values[column]`, which replaces one value, where emptying the array and appending pays
  /// a check and a move for every value twice. Values the previous row had beyond `valueCount`
  /// are removed and missing ones are added as ``CellValue/empty``; the others still hold the
  /// previous row's values until you assign them, so assign every column:
  ///
  /// ```swift
  /// cell.prepareForReuse(payment.payee, kind: "payment", valueCount: 2)
  /// cell.values[0] = .text(payment.payee)
  /// cell.values[1] = .decimal(payment.amount, fractionDigits: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The main text of the row.
  ///   - detail: A secondary text, or `nil` for none.
  ///   - accessory: The mark at the trailing edge.
  ///   - kind: A style identifier for renderers.
  ///   - isSelectable: Whether the row can be selected.
  ///   - valueCount: The number of values the row has; zero (the default) empties ``values``,
  ///     and negative counts are taken as zero.
  @inlinable
  public mutating func prepareForReuse(
    _ text: consuming String,
    detail: consuming String? = nil,
    accessory: CellAccessory = .none,
    kind: consuming CellKind = .default,
    isSelectable: Bool = true,
    valueCount: Int = 0
  ) {
    resetFields(text, detail: detail, accessory: accessory, kind: kind, isSelectable: isSelectable)
    // One by one: `removeAll(keepingCapacity:)` destroys through the generic path, several times
    // slower than removing the values one by one.
    let count = max(valueCount, 0)
    while values.count > count { values.removeLast() }
    while values.count < count { values.append(.empty) }
  }

  @inlinable
  mutating func resetFields(
    _ text: consuming String,
    detail: consuming String?,
    accessory: CellAccessory,
    kind: consuming CellKind,
    isSelectable: Bool
  ) {
    self.text = text
    // Most rows have no detail: assigning `nil` over `nil` would still call the runtime to
    // release the old one.
    if detail != nil || detailText != nil { self.detailText = detail }
    self.accessory = accessory
    self.kind = kind
    self.isSelectable = isSelectable
  }
}
