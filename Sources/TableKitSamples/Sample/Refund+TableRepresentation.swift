import TableKit

extension CellKind {
  static let refund: CellKind = "refund"
}

extension Refund: TableRepresentable {
  var tableCell: Cell {
    let amount = -Double(amountInCents) / 100
    return Cell(
      "Refund of \(invoiceNumber)",
      detail: reason,
      values: [
        .text(issued), .text("RF-\(invoiceNumber)"), .text(reason),
        .decimal(amount, fractionDigits: 2),
      ],
      kind: .refund
    )
  }
}
