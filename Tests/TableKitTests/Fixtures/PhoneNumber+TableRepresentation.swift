import TableKit

extension CellKind {
  static let phoneNumber: CellKind = "phone-number"
}

extension PhoneNumber: TableRepresentable {
  var tableCell: Cell { Cell(number, detail: label, kind: .phoneNumber) }
}
