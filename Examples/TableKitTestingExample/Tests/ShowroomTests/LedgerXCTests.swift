import Showroom
import TableKit
import TableKitTesting
import XCTest

/// The same assertions from XCTest: failures are XCTest failures at the caller's line.
final class LedgerXCTests: XCTestCase {
  func testBookingAnInvoiceInsertsItAtTheTop() throws {
    let ledger = try Ledger()
    let table = TableView(dataSource: ledger.dataSource)
    try assertChanges(in: table, "inserted rows [(0, 0)]") {
      try ledger.book(
        .invoice(number: "INV-1044", customer: "Zoë Café", cents: 38_050), in: "2026-11")
    }
    assertRendering(
      of: table,
      """
      columns: Entry | Amount
      § November 2026
        INV-1044 — Zoë Café | 380.50 > {invoice}
        INV-1042 — Acme Ltd | 1250.00 > {invoice}
        Quarterly billing from 2027 {note} (not selectable)
      § October 2026
        INV-1038 — Blue Harbor Inc. | 999.99 > {invoice}
      """)
  }
}
