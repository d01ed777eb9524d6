public import TableKit

/// The row a ``ModelDataSource`` adds after a model's items to show where loading stands.
///
/// It is an ordinary row whose cell has one of the status kinds (`CellKind.loading`,
/// `CellKind.empty`, `CellKind.failure`, `CellKind.loadMore`), so renderers and adapters
/// recognize it by `CellKind.isStatus`. The failure and load-more rows are selectable:
/// selecting them starts the load they offer.
public struct ModelStatusRow: TableRepresentable, Hashable, Sendable {
  /// The status kind of the row.
  public var kind: CellKind
  /// What the row says.
  public var text: String
  /// A second line, such as "Select to retry", or `nil`.
  public var detail: String?

  /// Creates a status row.
  ///
  /// - Parameters:
  ///   - kind: One of the status kinds.
  ///   - text: What the row says.
  ///   - detail: A second line, or `nil`.
  public init(kind: CellKind, text: String, detail: String? = nil) {
    self.kind = kind
    self.text = text
    self.detail = detail
  }

  /// Whether selecting the row starts a load: true for the failure and load-more rows.
  public var isSelectable: Bool { kind == .failure || kind == .loadMore }

  /// The row's cell: its text, detail and kind; selectable when it starts a load.
  public var tableCell: Cell {
    Cell(text, detail: detail, kind: kind, isSelectable: isSelectable)
  }

  /// Fills a reused cell with ``tableCell``'s fields.
  ///
  /// - Parameter cell: Replaced with this row's cell.
  public func configure(_ cell: inout Cell) {
    cell.prepareForReuse(text, detail: detail, kind: kind, isSelectable: isSelectable)
  }
}
