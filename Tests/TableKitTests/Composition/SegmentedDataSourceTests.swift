import TableKit
import TableKitTestSupport
import Testing

@Suite struct SegmentedDataSourceTests {
  @Test func aSegmentedControlSwitchesLedgersAndKeepsTheSelection() throws {
    let thisMonth = try ThingList([
      (1, [Thing(id: 1, value: 100), Thing(id: 2, value: 200)]),
      (2, [Thing(id: 3, value: 300)]),
    ])
    let lastMonth = try ThingList([(3, (10...13).map { Thing(id: $0, value: $0) })])
    let ledger = SegmentedDataSource([thisMonth, lastMonth])
    let table = TableView(dataSource: ledger)
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
    let table = TableView(dataSource: root)
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

  /// A ledger switch nested in a settings-like composition: the kept selection is found again
  /// at its place in the table, and only the child that showed a row hears of it.
  @Test func aNestedSegmentKeepsItsSelectionAtItsPlaceInTheTable() throws {
    let header = PickyList(["above", "x", "y"])
    let thisMonth = try ThingList([
      (1, [Thing(id: 1, value: 100), Thing(id: 2, value: 200)]),
      (2, [Thing(id: 3, value: 300)]),
    ])
    let lastMonth = try ThingList([(3, (10...13).map { Thing(id: $0, value: $0) })])
    let ledger = SegmentedDataSource([thisMonth, lastMonth])
    let footer = PickyList(["below", "b", "c"])
    let root = ComposedDataSource([header, ComposedDataSource([ledger]), footer])
    let table = TableView(dataSource: root)
    table.allowsMultipleSelection = true
    #expect(table.shape == TableShape(rowCounts: [3, 2, 1, 3]))

    try table.selectRow(at: pos(2, 0))  // this month's thing 3
    try table.selectRow(at: pos(3, 2))  // the footer's "c"
    #expect(root.position(of: ledger, at: pos(1, 0)) == pos(2, 0))
    try table.selectSegment(1, of: ledger)
    #expect(table.shape == TableShape(rowCounts: [3, 4, 3]))
    // The footer's row moved up a section and stays selected; the ledger row is kept, untold.
    #expect(table.selectedPositions == [pos(2, 2)])
    #expect(thisMonth.deselected.isEmpty)
    #expect(footer.deselected.isEmpty)
    #expect(ledger.selectedPositions(inSegment: 0) == [pos(1, 0)])

    try table.selectSegment(0, of: ledger)
    #expect(Set(table.selectedPositions) == [pos(2, 0), pos(3, 2)])
    #expect(try table.representedObject(at: pos(2, 0)) as? Thing == Thing(id: 3, value: 300))
  }

  /// A hidden ledger that changes (a refresh in the background) moves its kept rows along.
  @Test func aHiddenChildsChangeMovesItsKeptSelection() throws {
    let thisMonth = try ThingList([(1, (1...3).map { Thing(id: $0, value: $0) })])
    let lastMonth = try ThingList([(2, [Thing(id: 10, value: 10)])])
    let ledger = SegmentedDataSource([thisMonth, lastMonth])
    let table = TableView(dataSource: ledger)
    table.allowsMultipleSelection = true
    try table.selectRow(at: pos(0, 1))  // thing 2
    try table.selectRow(at: pos(0, 2))  // thing 3
    try table.selectSegment(1, of: ledger)
    // While hidden: thing 0 arrives on top and thing 3 goes away.
    try thisMonth.apply(
      edited(thisMonth.snapshot) {
        try $0.deleteItems([3])
        try $0.insertItems([0], beforeItem: 1)
      },
      items: [Thing(id: 0, value: 0), Thing(id: 1, value: 1), Thing(id: 2, value: 2)])
    #expect(ledger.selectedPositions(inSegment: 0) == [pos(0, 2)])
    try table.selectSegment(0, of: ledger)
    #expect(table.selectedPositions == [pos(0, 2)])
    #expect(try table.representedObject(at: pos(0, 2)) as? Thing == Thing(id: 2, value: 2))
  }
}
