import TableKit
import TableKitTestSupport
import Testing

/// A selected row that a change inside ``ComposedDataSource/performUpdates(_:)`` removes is told
/// to the leaf at the place it had before the transaction, through every wrapper in between
/// (issue 21 §3: the leaf heard nothing, or heard of a row it still shows).
@Suite struct TransactionDeselectionTests {
  private func things(_ ids: [Int]) -> [Thing] { ids.map { Thing(id: $0, value: $0) } }

  @Test func aFilteredRowDeletedInATransactionIsToldAtItsOldBasePosition() throws {
    let list = try ThingList([(100, things(Array(0..<8)))])
    let filtered = list.filtered { ($0 as? Thing)?.value != 5 }  // shows 0…4, 6, 7
    let composed = ComposedDataSource([filtered])
    let table = TableView(dataSource: composed)
    try table.selectRow(at: pos(0, 4))  // thing 4, the base's row 4
    try composed.performUpdates {
      try list.apply(
        edited(list.snapshot) { try $0.deleteItems([4]) }, items: things([0, 1, 2, 3, 5, 6, 7]))
    }
    // The filtered view now shows the base's row 5 (thing 6) at (0, 4): it must not hear of it.
    #expect(list.deselected == [pos(0, 4)])
    #expect(table.selectedPositions.isEmpty)
  }

  @Test func aSortedRowDeletedInATransactionIsToldAtItsOldBasePosition() throws {
    let list = try ThingList([(100, things([5, 1, 4, 2]))])
    let sorted = list.sorted { (($0 as? Thing)?.value ?? 0) > (($1 as? Thing)?.value ?? 0) }
    let composed = ComposedDataSource([try ThingList([(200, things([9]))]), sorted])
    let table = TableView(dataSource: composed)
    try table.selectRow(at: pos(1, 3))  // thing 1, the base's row 1
    try composed.performUpdates {
      try list.apply(edited(list.snapshot) { try $0.deleteItems([1]) }, items: things([5, 4, 2]))
    }
    #expect(list.deselected == [pos(0, 1)])
  }

  @Test func twoChangesOfOneWrapperKeepTheMappingFromBeforeTheFirst() throws {
    let list = try ThingList([(100, things(Array(0..<6)))])
    let filtered = list.filtered { ($0 as? Thing)?.value != 0 }  // shows 1…5
    let composed = ComposedDataSource([filtered])
    let table = TableView(dataSource: composed)
    table.allowsMultipleSelection = true
    try table.selectRow(at: pos(0, 1))  // thing 2
    try table.selectRow(at: pos(0, 3))  // thing 4
    try composed.performUpdates {
      try list.apply(
        edited(list.snapshot) { try $0.deleteItems([1]) }, items: things([0, 2, 3, 4, 5]))
      try list.apply(
        edited(list.snapshot) { try $0.deleteItems([4]) }, items: things([0, 2, 3, 5]))
    }
    // Thing 4 was the base's row 4 before the transaction.
    #expect(list.deselected == [pos(0, 4)])
    #expect(table.selectedPositions == [pos(0, 0)])
    #expect(try table.representedObject(at: pos(0, 0)) as? Thing == Thing(id: 2, value: 2))
  }

  @Test func nestedCompositionsAndTransactionsHoldEveryLevelUntilTheOutermostReports() throws {
    let list = try ThingList([(100, things(Array(0..<8)))])
    let filtered = list.filtered { ($0 as? Thing)?.value != 1 }
    let sorted = filtered.sorted { (($0 as? Thing)?.value ?? 0) > (($1 as? Thing)?.value ?? 0) }
    let other = try ThingList([(200, things([50, 51]))])
    let inner = ComposedDataSource([other, sorted])
    let outer = ComposedDataSource([try ThingList([(300, things([60]))]), inner])
    let table = TableView(dataSource: outer)
    // Sorted largest first: 7, 6, 5, 4, 3, 2, 0; thing 4 is row 3 of the sorted view.
    try table.selectRow(at: pos(2, 3))
    #expect(try table.representedObject(at: pos(2, 3)) as? Thing == Thing(id: 4, value: 4))
    try outer.performUpdates {
      try inner.performUpdates {
        try other.apply(edited(other.snapshot) { try $0.deleteItems([50]) }, items: things([51]))
        try list.apply(
          edited(list.snapshot) { try $0.deleteItems([4]) },
          items: things([0, 1, 2, 3, 5, 6, 7]))
      }
    }
    #expect(list.deselected == [pos(0, 4)])
    #expect(other.deselected.isEmpty)
    // Outside any transaction the mappings are the current ones again.
    try table.selectRow(at: pos(2, 0))  // thing 7, now the base's row 6
    try table.deselectRow(at: pos(2, 0))
    #expect(list.deselected == [pos(0, 4), pos(0, 6)])
  }

  @Test func aSegmentLeftInATransactionKeepsItsSelectionAndNoChildHearsOfIt() throws {
    let thisMonth = try ThingList([(100, things([1, 2, 3]))])
    let lastMonth = try ThingList([(200, things([4, 5, 6]))])
    let segmented = SegmentedDataSource([thisMonth, lastMonth])
    let composed = ComposedDataSource([segmented])
    let table = TableView(dataSource: composed)
    try table.selectRow(at: pos(0, 2))  // thing 3
    try composed.performUpdates { try segmented.selectSegment(1) }
    #expect(thisMonth.deselected.isEmpty)
    #expect(lastMonth.deselected.isEmpty)  // it was told of a row of the other segment
    #expect(segmented.selectedPositions(inSegment: 0) == [pos(0, 2)])
  }
}
