import TableKit

extension CarBrand: TableRepresentable {
  var tableCell: Cell {
    Cell(name, detail: country, accessory: .disclosureIndicator)
  }
}

extension CarModel: TableRepresentable {
  var tableCell: Cell {
    Cell(name, detail: body, accessory: .disclosureIndicator)
  }
}
