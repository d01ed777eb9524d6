import TableKit
import TableKitRecords
import Testing

@Suite struct JSONTableControllerTests {
  static let json = """
    {"title": "Ledger", "columns": ["id", "amount", "paid"],
     "sections": [
       {"header": "November", "footer": "2 rows", "rows": [[1, 12.50, true], ["x", null, false]]},
       {"rows": [[3, 1e2, null]]}]}
    """

  @Test func theTableShowsEverySectionRowAndValueAsARecordCell() throws {
    let controller = try readDocument(Self.json).makeController()
    let table = controller.table
    #expect(controller.title == "Ledger")
    #expect(table.dataSource.columns.map(\.title) == ["id", "amount", "paid"])
    #expect(table.numberOfSections == 2)
    #expect(try table.numberOfRows(inSection: 0) == 2)
    #expect(try table.numberOfRows(inSection: 1) == 1)
    #expect(try table.titleForHeader(inSection: 0) == "November")
    #expect(try table.titleForFooter(inSection: 0) == "2 rows")
    #expect(try table.titleForHeader(inSection: 1) == nil)
    let first = try table.cell(at: TablePosition(section: 0, row: 0))
    #expect(
      first
        == Cell(
          "1", values: [.integer(1), .exactDecimal(try ExactDecimal("12.50")), .boolean(true)],
          kind: "record"))
    let last = try table.cell(at: TablePosition(section: 1, row: 0))
    #expect(last.values == [.integer(3), .exactDecimal(try ExactDecimal("100")), .empty])
    var reused = first
    table.dataSource.configureCell(&reused, at: TablePosition(section: 0, row: 1))
    #expect(reused == Cell("x", values: [.text("x"), .empty, .boolean(false)], kind: "record"))
  }
}
