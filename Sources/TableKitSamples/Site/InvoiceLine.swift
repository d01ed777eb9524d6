import TableKit

/// One line of an invoice in the ledger drill-down: what was billed, how many, at what price.
struct InvoiceLine: Hashable, Sendable {
  var item: String
  var quantity: Int
  var unitPriceInCents: Int

  var amountInCents: Int { quantity * unitPriceInCents }

  /// The lines of each sample invoice, by number; each invoice's lines add up to its amount.
  static let byInvoice: [String: [InvoiceLine]] = [
    "INV-1042": [
      InvoiceLine(item: "Design sprint", quantity: 1, unitPriceInCents: 90_000),
      InvoiceLine(item: "Usability review", quantity: 2, unitPriceInCents: 17_500),
    ],
    "INV-1043": [
      InvoiceLine(item: "Menu layout", quantity: 1, unitPriceInCents: 30_000),
      InvoiceLine(item: "Print proofs", quantity: 7, unitPriceInCents: 1_150),
    ],
    "INV-1038": [
      InvoiceLine(item: "Retainer, October", quantity: 1, unitPriceInCents: 99_999)
    ],
    "INV-1037": [
      InvoiceLine(item: "Brand identity", quantity: 1, unitPriceInCents: 1_800_000),
      InvoiceLine(item: "Workshop day", quantity: 4, unitPriceInCents: 150_000),
    ],
  ]
}

extension InvoiceLine: TableRepresentable {
  var tableCell: Cell {
    Cell(
      item,
      values: [
        .text(item), .integer(quantity),
        .decimal(Double(unitPriceInCents) / 100, fractionDigits: 2),
        .decimal(Double(amountInCents) / 100, fractionDigits: 2),
      ],
      isSelectable: false)
  }
}
