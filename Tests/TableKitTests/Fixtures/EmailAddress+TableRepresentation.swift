import TableKit

extension CellKind {
  static let emailAddress: CellKind = "email-address"
}

extension EmailAddress: TableRepresentable {
  var tableCell: Cell { Cell(address, detail: label, kind: .emailAddress) }
}
