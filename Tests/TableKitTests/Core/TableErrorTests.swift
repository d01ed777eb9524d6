import TableKit
import Testing

private final class ShapedDataSource: TableDataSource {
  let rowCounts: [Int]
  init(_ rowCounts: [Int]) { self.rowCounts = rowCounts }
  var numberOfSections: Int { rowCounts.count }
  func numberOfRows(inSection section: Int) -> Int { rowCounts[section] }
  func representedObject(at position: TablePosition) -> Any { "\(position)" }
}

/// The ways a caller hands the table a position.
private enum Access: CaseIterable {
  case cell
  case representedObject
  case select
  case deselect

  func perform(on table: TableView, at position: TablePosition) throws(TableError) {
    switch self {
    case .cell: _ = try table.cell(at: position)
    case .representedObject: _ = try table.representedObject(at: position)
    case .select: try table.selectRow(at: position)
    case .deselect: try table.deselectRow(at: position)
    }
  }
}

@Suite struct TableErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var rowCounts: [Int]
    var position: TablePosition
    var reason: TableError.Reason
    var message: String
    var testDescription: String { "\(position) in \(rowCounts)" }
  }

  static let cases: [Case] = [
    Case(
      rowCounts: [3, 0, 1], position: TablePosition(section: -1, row: 0), reason: .negativeSection,
      message:
        "Row 0 in section -1 does not exist: section -1 is negative; sections count from 0 and the table has 3 sections (0...2)."
    ),
    Case(
      rowCounts: [3, 0, 1], position: TablePosition(section: 0, row: -2), reason: .negativeRow,
      message:
        "Row -2 in section 0 is negative; rows count from 0 and section 0 has 3 rows (0...2)."),
    Case(
      rowCounts: [3, 0, 1], position: TablePosition(section: 0, row: 3), reason: .rowPastEnd,
      message: "Row 3 in section 0 is past the end: section 0 has 3 rows (0...2)."),
    Case(
      rowCounts: [3, 0, 1], position: TablePosition(section: 3, row: 0), reason: .sectionPastEnd,
      message:
        "Row 0 in section 3 does not exist: section 3 is past the end; the table has 3 sections (0...2)."
    ),
    Case(
      rowCounts: [3, 0, 1], position: TablePosition(section: 1, row: 0), reason: .rowPastEnd,
      message: "Row 0 in section 1 is past the end: section 1 is empty."),
    Case(
      rowCounts: [1], position: TablePosition(section: 1, row: 0), reason: .sectionPastEnd,
      message:
        "Row 0 in section 1 does not exist: section 1 is past the end; the table has 1 section (0)."
    ),
    Case(
      rowCounts: [], position: TablePosition(section: 0, row: 0), reason: .emptyTable,
      message:
        "Row 0 in section 0 does not exist: the table is empty (no sections). Give the data source data and call reloadData() first."
    ),
    Case(
      rowCounts: [2], position: TablePosition(section: Int.max, row: Int.min),
      reason: .sectionPastEnd,
      message:
        "Row \(Int.min) in section \(Int.max) does not exist: section \(Int.max) is past the end; the table has 1 section (0)."
    ),
  ]

  @Test(arguments: cases)
  func invalidPositionsThrowTypedErrorsThatNameTheBounds(_ example: Case) throws {
    let table = TableView(dataSource: ShapedDataSource(example.rowCounts))
    for access in Access.allCases {
      let error = #expect(throws: TableError.self) {
        try access.perform(on: table, at: example.position)
      }
      #expect(error?.reason == example.reason)
      #expect(error?.position == example.position)
      #expect(error?.shape == TableShape(rowCounts: example.rowCounts))
      #expect(error?.description == example.message)
    }
  }

  @Test func sectionQueriesNameTheSectionOnly() throws {
    let table = TableView(dataSource: ShapedDataSource([2, 2]))
    let error = #expect(throws: TableError.self) { try table.numberOfRows(inSection: 2) }
    #expect(error?.reason == .sectionPastEnd)
    #expect(error?.row == nil && error?.position == nil)
    #expect(error?.description == "Section 2 is past the end: the table has 2 sections (0...1).")
    #expect(throws: TableError.self) { try table.titleForHeader(inSection: -1) }
    #expect(throws: TableError.self) { try table.titleForFooter(inSection: 9) }
    #expect(try table.numberOfRows(inSection: 1) == 2)
  }

  @Test func negativeCountsFromADataSourceReadAsEmpty() throws {
    let table = TableView(dataSource: ShapedDataSource([-4, 1]))
    #expect(table.shape.rowCounts == [0, 1])
    #expect(try table.numberOfRows(inSection: 0) == 0)
    let error = #expect(throws: TableError.self) {
      try table.cell(at: TablePosition(section: 0, row: 0))
    }
    #expect(error?.reason == .rowPastEnd)
  }

  @Test func theTableReadsOnlyWhatItsShapeAllowsUntilReloaded() throws {
    let dataSource = SectionedDataSource<String>(items: ["one"])
    let table = TableView(dataSource: dataSource)
    dataSource.sections[0].items.append("two")
    // The data source grew, but the table has not been told: it must not read row 1.
    #expect(throws: TableError.self) { try table.cell(at: TablePosition(section: 0, row: 1)) }
    table.reloadData()
    #expect(try table.cell(at: TablePosition(section: 0, row: 1)).text == "two")
  }
}
