import TableKit
import Testing

@Suite struct SegmentedDataSourceTests {
  @Test func aSegmentedControlSwitchesLedgersAndKeepsTheSelection() throws {
    let thisMonth = try ThingList([
      (1, [Thing(id: 1, value: 100), Thing(id: 2, value: 200)]),
      (2, [Thing(id: 3, value: 300)]),
    ])
    let lastMonth = try ThingList([(3, (10...13).map { Thing(id: $0, value: $0) })])
    let ledger = SegmentedDataSource([thisMonth, lastMonth])
    let table = Table(dataSource: ledger)
    let log = ChangeLog()
    table.updateObserver = log
    #expect(table.shape == TableShape(rowCounts: [2, 1]))

    try table.selectRow(at: pos(0, 1))
    try table.selectSegment(1, of: ledger)
    #expect(log.changesets == [TableChangeset(deletedSections: [0, 1], insertedSections: [0])])
    #expect(table.shape == TableShape(rowCounts: [4]))
    #expect(table.selectedPositions.isEmpty)
    #expect(thisMonth.deselected.isEmpty)  // kept, not deselected
    #expect(try table.cell(at: pos(0, 3)).text == "thing 13=13")

    try table.selectRow(at: pos(0, 2))
    #expect(lastMonth.selected.map(\.1) == [12])
    try table.selectSegment(0, of: ledger)
    #expect(table.selectedPositions == [pos(0, 1)])
    #expect(table.shape == TableShape(rowCounts: [2, 1]))
    try table.selectSegment(1, of: ledger)
    #expect(table.selectedPositions == [pos(0, 2)])
    #expect(ledger.selectedPositions(inSegment: 0) == [pos(0, 1)])
  }

  @Test func onlyTheShownSegmentsChangesReachTheTable() throws {
    let first = try ThingList([(1, [Thing(id: 1, value: 1)])])
    let second = try ThingList([(2, [Thing(id: 2, value: 2)])])
    let segments = SegmentedDataSource([first, second])
    let root = ComposedDataSource([SectionedDataSource(items: ["title"]), segments])
    let table = Table(dataSource: root)
    let log = ChangeLog()
    table.updateObserver = log
    try second.apply(
      edited(second.snapshot) { try $0.appendItems([3], toSection: 2) },
      items: [Thing(id: 3, value: 3)])
    #expect(log.changesets.isEmpty)
    try first.apply(
      edited(first.snapshot) { try $0.appendItems([4], toSection: 1) },
      items: [Thing(id: 4, value: 4)])
    #expect(log.changesets == [TableChangeset(insertedRows: [pos(1, 1)])])
    try segments.selectSegment(1)
    #expect(log.changesets.last == TableChangeset(deletedSections: [1], insertedSections: [1]))
    #expect(table.shape == TableShape(rowCounts: [1, 2]))
  }
}
