import TableKit

extension CellKind {
  static let note: CellKind = "note"
}

extension LedgerNote: TableRepresentable {
  var tableCell: Cell {
    Cell(
      text, values: [.text(written), .empty, .text(text), .empty], kind: .note, isSelectable: false)
  }
}
