import TableKit

extension CellKind {
  static let postalAddress: CellKind = "postal-address"
}

extension PostalAddress: TableRepresentable {
  var tableCell: Cell {
    Cell(
      street, detail: "\(postcode) \(city)", accessory: .disclosureIndicator, kind: .postalAddress)
  }
}
