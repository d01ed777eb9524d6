import TableKit
import TableKitTestSupport
import Testing

@Suite struct SortedAndMappedTests {
  @Test func aSortedViewOrdersRowsAndMovesARowWhoseValueChanged() throws {
    let list = try ThingList([
      (1, [Thing(id: 1, value: 5), Thing(id: 2, value: 9), Thing(id: 3, value: 1)])
    ])
    let sorted = list.sorted { (($0 as? Thing)?.value ?? 0) < (($1 as? Thing)?.value ?? 0) }
    let table = TableView(dataSource: sorted)
    let log = ChangeLog()
    table.updateObserver = log
    #expect(
      try (0..<3).map { try table.cell(at: pos(0, $0)).text } == [
        "thing 3=1", "thing 1=5", "thing 2=9",
      ])
    #expect(sorted.position(for: ChildPosition(child: 0, position: pos(0, 1))) == pos(0, 2))
    try list.apply(list.snapshot, items: [Thing(id: 3, value: 7)])
    let changes = try #require(log.changesets.last)
    #expect(changes.movedRows.count == 1)
    #expect(changes.reloadedRows == [pos(0, 1)])
    #expect(
      try (0..<3).map { try table.cell(at: pos(0, $0)).text } == [
        "thing 1=5", "thing 3=7", "thing 2=9",
      ])
    try table.selectRow(at: pos(0, 2))
    #expect(list.selected.map(\.1) == [2])
  }

  @Test func aMappedViewShowsAnotherObjectInThisTableOnly() throws {
    let list = try ThingList([(1, [Thing(id: 1, value: 5), Thing(id: 2, value: 9)])])
    let doubled = list.mapped { ($0 as? Thing).map { "\($0.id): \($0.value * 2)" } ?? $0 }
    doubled.representations.register(String.self) { Cell($0, kind: "doubled") }
    let table = TableView(dataSource: doubled)
    #expect(try table.cell(at: pos(0, 1)) == Cell("2: 18", kind: "doubled"))
    #expect(try table.representedObject(at: pos(0, 0)) as? String == "1: 10")
    #expect(try TableView(dataSource: list).cell(at: pos(0, 1)).text == "thing 2=9")
    try table.selectRow(at: pos(0, 1))
    #expect(list.selected.map(\.1) == [2])  // the base gets its own object
  }
}

/// A view's selected row that a change removes is told to the base at the base position it
/// had before the change.
@Suite struct ViewDeselectionTests {
  @Test func aRowAFilterHidesIsDeselectedAtItsBasePosition() throws {
    let list = try ThingList([(1, (0..<6).map { Thing(id: $0, value: $0) })])
    let filtered = list.filtered { (($0 as? Thing)?.value ?? 0) >= 2 }
    let table = TableView(dataSource: filtered)
    table.allowsMultipleSelection = true
    try table.selectRow(at: pos(0, 1))  // thing 3
    try table.selectRow(at: pos(0, 3))  // thing 5
    try filtered.setPredicate { (($0 as? Thing)?.value ?? 0) >= 4 }
    #expect(list.deselected == [pos(0, 3)])
    #expect(table.selectedPositions == [pos(0, 1)])
    #expect(try table.representedObject(at: pos(0, 1)) as? Thing == Thing(id: 5, value: 5))
  }

  @Test func aSortedRowTheBaseDeletesIsDeselectedAtItsOldBasePosition() throws {
    let list = try ThingList([(1, [5, 1, 4, 2].map { Thing(id: $0, value: $0) })])
    let sorted = list.sorted { (($0 as? Thing)?.value ?? 0) > (($1 as? Thing)?.value ?? 0) }
    let table = TableView(dataSource: sorted)
    try table.selectRow(at: pos(0, 3))  // thing 1, the base's row 1
    try list.apply(
      edited(list.snapshot) { try $0.deleteItems([1]) },
      items: [5, 4, 2].map { Thing(id: $0, value: $0) })
    #expect(list.deselected == [pos(0, 1)])
    #expect(table.selectedPositions.isEmpty)
  }

  @Test func aMappedRowTheBaseDeletesLastIsStillTold() throws {
    let list = try ThingList([(1, (0..<3).map { Thing(id: $0, value: $0) })])
    let mapped = list.mapped { $0 }
    let table = TableView(dataSource: mapped)
    try table.selectRow(at: pos(0, 2))
    try list.apply(
      edited(list.snapshot) { try $0.deleteItems([2]) },
      items: (0..<2).map { Thing(id: $0, value: $0) })
    #expect(list.deselected == [pos(0, 2)])
  }
}
