package import TableKit

/// The built-in sample: a small ledger of invoices, refunds and notes in two monthly sections.
///
/// The data source holds `Any` items and never asks what type they are; each type's own
/// `TableRepresentable` extension decides how it shows.
package enum SampleLedger {
  static let title = "Ledger — Northwind Studio"

  static let columns = [
    ColumnDefinition("Date"),
    ColumnDefinition("Reference"),
    ColumnDefinition("Description"),
    ColumnDefinition("Amount"),
  ]

  static func makeSections() -> [TableSection<Any>] {
    [
      TableSection(
        "November 2026",
        items: [
          Invoice(
            number: "INV-1042", customer: "Acme Ltd", issued: "2026-11-03", amountInCents: 125_000),
          Refund(
            invoiceNumber: "INV-1038", reason: "Duplicate charge", issued: "2026-11-05",
            amountInCents: 4_999),
          LedgerNote(written: "2026-11-06", text: "Client asked for quarterly billing from 2027"),
          Invoice(
            number: "INV-1043", customer: "Zoë Café", issued: "2026-11-12", amountInCents: 38_050),
        ]
      ),
      TableSection(
        "October 2026",
        footer: "Closed on 2026-11-01",
        items: [
          Invoice(
            number: "INV-1038", customer: "Blue Harbor Inc.", issued: "2026-10-21",
            amountInCents: 99_999),
          Invoice(
            number: "INV-1037", customer: "Müller & Söhne", issued: "2026-10-02",
            amountInCents: 2_400_000),
        ]
      ),
    ]
  }

  /// A controller bound to a fresh data source over the sample sections.
  package static func makeController() -> TableController {
    TableController(
      title: title,
      dataSource: SectionedDataSource(sections: makeSections(), columns: columns)
    )
  }
}
