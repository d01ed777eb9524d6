import TableKit

extension CellKind {
  static let invoice: CellKind = "invoice"
}

extension Invoice: TableRepresentable {
  var tableCell: Cell {
    Cell(
      number,
      detail: customer,
      values: [.text(issued), .text(number), .text(customer), .decimal(amount, fractionDigits: 2)],
      accessory: .disclosureIndicator,
      kind: .invoice
    )
  }

  private var amount: Double { Double(amountInCents) / 100 }
}
