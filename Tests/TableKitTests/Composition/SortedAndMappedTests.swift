import TableKit
import Testing

@Suite struct SortedAndMappedTests {
  @Test func aSortedViewOrdersRowsAndMovesARowWhoseValueChanged() throws {
    let list = try ThingList([
      (1, [Thing(id: 1, value: 5), Thing(id: 2, value: 9), Thing(id: 3, value: 1)])
    ])
    let sorted = list.sorted { (($0 as? Thing)?.value ?? 0) < (($1 as? Thing)?.value ?? 0) }
    let table = Table(dataSource: sorted)
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
    let table = Table(dataSource: doubled)
    #expect(try table.cell(at: pos(0, 1)) == Cell("2: 18", kind: "doubled"))
    #expect(try table.representedObject(at: pos(0, 0)) as? String == "1: 10")
    #expect(try Table(dataSource: list).cell(at: pos(0, 1)).text == "thing 2=9")
    try table.selectRow(at: pos(0, 1))
    #expect(list.selected.map(\.1) == [2])  // the base gets its own object
  }
}
