import TableKit

/// One entry of the ledger: an invoice, a refund or a note, each showing itself its own way.
public enum Entry: Identifiable, Equatable, Sendable {
  case invoice(number: String, customer: String, cents: Int)
  case refund(invoice: String, reason: String, cents: Int)
  case note(id: String, text: String)

  /// The entry's identity in a snapshot: the invoice number, `RF-` and the invoice for a
  /// refund, or the note's own ID.
  public var id: String {
    switch self {
    case .invoice(let number, _, _): number
    case .refund(let invoice, _, _): "RF-" + invoice
    case .note(let id, _): id
    }
  }
}

extension Entry: TableRepresentable {
  /// The entry's row, in the form of its kind.
  public var tableCell: Cell {
    switch self {
    case .invoice(let number, let customer, let cents):
      Cell(
        number, detail: customer, values: [.decimal(Double(cents) / 100, fractionDigits: 2)],
        accessory: .disclosureIndicator, kind: "invoice")
    case .refund(let invoice, let reason, let cents):
      Cell(
        "Refund of \(invoice)", detail: reason,
        values: [.decimal(-Double(cents) / 100, fractionDigits: 2)], kind: "refund")
    case .note(_, let text):
      Cell(text, kind: "note", isSelectable: false)
    }
  }
}

/// The ledger: entries by month, newest month first, that change as entries are booked.
public final class Ledger {
  /// What the table shows; its changes go to the table as changesets.
  public let dataSource = DiffableDataSource<String, Entry>(
    headerTitles: ["2026-11": "November 2026", "2026-10": "October 2026"],
    columns: [ColumnDefinition("Entry"), ColumnDefinition("Amount", alignment: .right)])

  /// A ledger with two months of entries.
  public init() throws {
    var snapshot = TableSnapshot<String, Entry.ID>()
    try snapshot.appendSections(["2026-11", "2026-10"])
    let november: [Entry] = [
      .invoice(number: "INV-1042", customer: "Acme Ltd", cents: 125_000),
      .note(id: "N-1", text: "Quarterly billing from 2027"),
    ]
    let october: [Entry] = [
      .invoice(number: "INV-1038", customer: "Blue Harbor Inc.", cents: 99_999)
    ]
    try snapshot.appendItems(november.map(\.id), toSection: "2026-11")
    try snapshot.appendItems(october.map(\.id), toSection: "2026-10")
    try dataSource.apply(snapshot, items: november + october)
  }

  /// Books `entry` at the top of `month`.
  public func book(_ entry: Entry, in month: String) throws {
    var snapshot = dataSource.snapshot
    if let first = try snapshot.itemIdentifiers(inSection: month).first {
      try snapshot.insertItems([entry.id], beforeItem: first)
    } else {
      try snapshot.appendItems([entry.id], toSection: month)
    }
    try dataSource.apply(snapshot, items: [entry])
  }

  /// Moves the entry `id` to the top of `month`.
  public func move(_ id: Entry.ID, toTopOf month: String) throws {
    var snapshot = dataSource.snapshot
    guard let first = try snapshot.itemIdentifiers(inSection: month).first, first != id else {
      return
    }
    try snapshot.moveItem(id, beforeItem: first)
    try dataSource.apply(snapshot)
  }
}
