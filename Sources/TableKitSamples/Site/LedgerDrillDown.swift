import TableKit
import TableKitNavigation

/// The ledger as a hierarchy: the ledger → an invoice → its lines.
///
/// The invoice chosen travels through the session, as the car catalogue's brand does; the
/// levels' descriptions carry the invoice number only so that each level has an identity of
/// its own (an exporter names pages after it).
enum LedgerDrillDown {
  /// The kinds of level.
  enum Level: NavigationDestination {
    case ledger
    case invoice(String)
    case lines(String)
  }

  /// Makes the level `destination` describes.
  static func makeLevel(
    _ destination: Level, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination {
    case .ledger:
      return LedgerController()
    case .invoice:
      let invoice = try session.requiredValue(for: .invoice)
      let lines = InvoiceLine.byInvoice[invoice.number] ?? []
      let facts: [Any] = [
        Cell("Customer", detail: invoice.customer, isSelectable: false),
        Cell("Issued", detail: invoice.issued, isSelectable: false),
        Cell(
          "Amount",
          detail: CellValue.decimal(Double(invoice.amountInCents) / 100, fractionDigits: 2).text,
          isSelectable: false),
        Cell(
          "Lines", detail: lines.count == 1 ? "1 line" : "\(lines.count) lines",
          accessory: .disclosureIndicator),
      ]
      return InvoiceController(invoice: invoice, facts: facts)
    case .lines:
      let invoice = try session.requiredValue(for: .invoice)
      let lines = InvoiceLine.byInvoice[invoice.number] ?? []
      return TableController(
        title: "\(invoice.number) lines",
        dataSource: SectionedDataSource(
          sections: [
            TableSection(
              nil,
              footer: "Total "
                + CellValue.decimal(
                  Double(invoice.amountInCents) / 100, fractionDigits: 2
                ).text, items: lines)
          ],
          columns: [
            ColumnDefinition("Item"), ColumnDefinition("Quantity"),
            ColumnDefinition("Unit price"), ColumnDefinition("Amount"),
          ]))
    }
  }
}

extension SessionKey where Value == Invoice {
  /// The invoice chosen in the ledger.
  static let invoice = SessionKey("invoice")
}

/// The ledger: its invoices lead to their level.
final class LedgerController: TableController {
  init() {
    super.init(
      title: SampleLedger.title,
      dataSource: SectionedDataSource(
        sections: SampleLedger.makeSections(), columns: SampleLedger.columns))
  }

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    guard let invoice = object as? Invoice else { return }
    try? setSessionValue(invoice, for: .invoice)
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    (object as? Invoice).map { LedgerDrillDown.Level.invoice($0.number) }
  }
}

/// One invoice: its facts, and a row that leads to its lines.
final class InvoiceController: TableController {
  private let number: String

  init(invoice: Invoice, facts: [Any]) {
    number = invoice.number
    super.init(title: invoice.number, dataSource: SectionedDataSource(items: facts))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    (object as? Cell)?.text == "Lines" ? LedgerDrillDown.Level.lines(number) : nil
  }
}
