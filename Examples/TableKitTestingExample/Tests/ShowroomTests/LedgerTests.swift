import Showroom
import TableKit
import TableKitTesting
import Testing

@Suite struct LedgerTests {
  @Test func showsMonthsOfMixedEntries() throws {
    let ledger = try Ledger()
    assertRendering(
      of: TableView(dataSource: ledger.dataSource),
      """
      columns: Entry | Amount
      § November 2026
        INV-1042 — Acme Ltd | 1250.00 > {invoice}
        Quarterly billing from 2027 {note} (not selectable)
      § October 2026
        INV-1038 — Blue Harbor Inc. | 999.99 > {invoice}
      """)
  }

  @Test func bookingARefundInsertsOneRow() throws {
    let ledger = try Ledger()
    let table = TableView(dataSource: ledger.dataSource)
    try assertChanges(in: table, "inserted rows [(1, 0)]") {
      try ledger.book(
        .refund(invoice: "INV-1038", reason: "Duplicate", cents: 4_999), in: "2026-10")
    }
    #expect(
      TableRendering(table).line(of: TablePosition(section: 1, row: 0))
        == "  Refund of INV-1038 — Duplicate | -49.99 {refund}")
  }

  @Test func movingAnInvoiceToAnotherMonthIsOneMove() throws {
    let ledger = try Ledger()
    let table = TableView(dataSource: ledger.dataSource)
    try table.selectRow(at: TablePosition(section: 0, row: 0))
    try assertChanges(in: table, "moved rows [(0, 0)→(1, 0)]") {
      try ledger.move("INV-1042", toTopOf: "2026-10")
    }
    assertRendering(
      of: table,
      """
      columns: Entry | Amount
      § November 2026
        Quarterly billing from 2027 {note} (not selectable)
      § October 2026
      * INV-1042 — Acme Ltd | 1250.00 > {invoice}
        INV-1038 — Blue Harbor Inc. | 999.99 > {invoice}
      """)
  }
}
