import TableKit

/// An invoice: shown with a disclosure indicator, amount as a decimal.
struct MixedInvoice: TableRepresentable {
  var number: String
  var customer: String
  var cents: Int

  var tableCell: Cell {
    Cell(
      number,
      values: [.text(number), .text(customer), .decimal(Double(cents) / 100, fractionDigits: 2)],
      accessory: .disclosureIndicator,
      kind: "invoice"
    )
  }
}

/// A refund: a negative amount, a checkmark once settled.
struct MixedRefund: TableRepresentable {
  var invoice: String
  var reason: String
  var cents: Int
  var isSettled: Bool

  var tableCell: Cell {
    Cell(
      "Refund \(invoice)",
      values: [
        .text("RF-" + invoice), .text(reason), .decimal(-Double(cents) / 100, fractionDigits: 2),
      ],
      accessory: isSettled ? .checkmark : .none,
      kind: "refund"
    )
  }
}

/// A note: text only, possibly over several lines, not selectable.
struct MixedNote: TableRepresentable {
  var text: String

  var tableCell: Cell {
    Cell(text, values: [.empty, .text(text), .empty], kind: "note", isSelectable: false)
  }
}

/// A mixed-type ledger with international names, a multi-line note and two sections.
func makeMixedLedger() -> TableView {
  TableView(
    dataSource: SectionedDataSource<Any>(
      sections: [
        TableSection(
          "November 2026",
          items: [
            MixedInvoice(number: "INV-1042", customer: "Acme Ltd", cents: 125_000),
            MixedRefund(
              invoice: "INV-1038", reason: "Duplicate charge", cents: 4_999, isSettled: true),
            MixedNote(text: "Call back on Monday\nabout the 2027 rates"),
            MixedInvoice(number: "INV-1043", customer: "山田 太郎", cents: 38_050),
          ]
        ),
        TableSection(
          "October 2026",
          footer: "Closed on 2026-11-01",
          items: [
            MixedInvoice(number: "INV-1038", customer: "Zoë 👩‍👩‍👧 Café", cents: 99_999),
            MixedRefund(
              invoice: "INV-1031", reason: "Returned goods", cents: 2_400_000, isSettled: false),
          ]
        ),
      ],
      columns: [
        ColumnDefinition("Reference"), ColumnDefinition("Party"), ColumnDefinition("Amount"),
      ]
    )
  )
}

/// An invoice for the format golden files: its cell has the amount as a decimal and the paid flag
/// as a boolean; each format's tests give it that format's own representation in an extension.
struct LedgerInvoiceFixture: TableRepresentable {
  var number: String
  var customer: String
  var cents: Int
  var isPaid: Bool

  var tableCell: Cell {
    Cell(
      number,
      values: [
        .text(number), .text(customer), .decimal(Double(cents) / 100, fractionDigits: 2),
        .boolean(isPaid),
      ])
  }
}

/// A refund for the format golden files: only a cell, a negative amount and no status.
struct LedgerRefundFixture: TableRepresentable {
  var invoice: String
  var reason: String
  var cents: Int

  var tableCell: Cell {
    Cell(
      "Refund",
      values: [
        .text("R-" + invoice), .text(reason), .decimal(-Double(cents) / 100, fractionDigits: 2),
        .empty,
      ])
  }
}

/// A note for the format golden files: no representation at all, so it shows its description.
struct LedgerNoteFixture: CustomStringConvertible {
  var text: String
  var description: String { text }
}
