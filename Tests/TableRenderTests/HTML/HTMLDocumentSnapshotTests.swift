import TableKit
import TableRender
import Testing

/// An invoice: a reference, a customer, its lines, an amount and whether it is still open.
private struct Invoice: TableRepresentable {
  var number: String
  var customer: String
  var lines: Int
  var cents: Int
  var isOpen: Bool

  var tableCell: Cell {
    Cell(
      number,
      values: [
        .text(number), .text(customer), .integer(lines),
        .decimal(Double(cents) / 100, fractionDigits: 2), .boolean(isOpen),
      ],
      accessory: .disclosureIndicator,
      kind: "invoice"
    )
  }
}

/// A refund of an invoice, checked off once approved.
private struct Refund: TableRepresentable {
  var invoiceNumber: String
  var reason: String
  var cents: Int
  var isApproved: Bool

  var tableCell: Cell {
    Cell(
      "Refund " + invoiceNumber,
      values: [
        .text("R-" + invoiceNumber), .text(reason), .integer(1),
        .decimal(-Double(cents) / 100, fractionDigits: 2), .boolean(false),
      ],
      accessory: isApproved ? .checkmark : .none,
      kind: "refund"
    )
  }
}

/// A note in the ledger, with free text that must stay text.
private struct LedgerNote: TableRepresentable {
  var date: String
  var text: String

  var tableCell: Cell { Cell(date, values: [.text(date), .text(text)], kind: "ledger note") }
}

/// A customer, shown with its open invoices and the balance it owes.
private struct Customer: TableRepresentable {
  var number: Int
  var name: String
  var website: String
  var openInvoices: Int
  var balanceCents: Int

  var values: [CellValue] {
    [
      .text("C-\(number)"), .text(name), .integer(openInvoices),
      .decimal(Double(balanceCents) / 100, fractionDigits: 2), .boolean(balanceCents > 0),
    ]
  }

  var tableCell: Cell { Cell(name, values: values, accessory: .detailButton, kind: "customer") }
}

extension Customer: HTMLRepresentable {
  /// In HTML the name links to the customer's website (when the link policy allows it).
  var htmlValues: [HTMLValue] {
    var html = values.map(HTMLValue.value)
    html[1] = .link(name, href: website)
    return html
  }
}

@Suite struct HTMLDocumentSnapshotTests {
  /// A ledger of four model types in two sections, as a standalone document.
  static func makeLedger() -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        sections: [
          TableSection(
            "November 2026",
            items: [
              Invoice(
                number: "INV-1042", customer: "Acme Ltd", lines: 3, cents: 125_000, isOpen: true),
              Refund(
                invoiceNumber: "INV-1038", reason: "Duplicate charge", cents: 4_999,
                isApproved: true),
              LedgerNote(date: "2026-11-06", text: "Ask for <quarterly> billing & \"net 30\""),
              Invoice(
                number: "INV-1043", customer: "Zoë Café", lines: 12, cents: 38_050, isOpen: false),
            ]
          ),
          TableSection(
            "Customers",
            footer: "Names link to websites; a link the policy refuses stays text.",
            items: [
              Customer(
                number: 1_001, name: "Acme Ltd", website: "https://acme.example/?ref=ledger&y=2026",
                openInvoices: 1, balanceCents: 125_000),
              Customer(
                number: 1_002, name: "Müller & Söhne", website: "/customers/1002",
                openInvoices: 0, balanceCents: 0),
              Customer(
                number: 1_003, name: "Trap <Inc.>", website: " JaVaScRiPt:alert(1)",
                openInvoices: 2, balanceCents: 7),
            ]
          ),
        ],
        columns: [
          ColumnDefinition("Reference"), ColumnDefinition("Description"),
          ColumnDefinition("Items", alignment: .right),
          ColumnDefinition("Amount", alignment: .right),
          ColumnDefinition("Open", alignment: .center),
        ]
      ))
  }

  @Test func mixedTypesAsADocument() {
    let renderer = HTMLTableRenderer(
      caption: "Ledger — Northwind Studio",
      mode: .document(title: "Ledger — Northwind Studio", language: "en"))
    assertSnapshot(renderer.render(Self.makeLedger()), named: "mixedTypes", extension: "html")
  }
}
