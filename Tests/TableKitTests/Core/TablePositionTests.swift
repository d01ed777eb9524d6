import Foundation
import TableKit
import Testing

@Suite struct TablePositionTests {
  @Test func ordersBySectionThenRow() {
    let positions = [
      TablePosition(section: 1, row: 0), TablePosition(section: 0, row: 2),
      TablePosition(section: 0, row: 10), TablePosition(section: 1, row: -1),
    ]
    #expect(
      positions.sorted() == [
        TablePosition(section: 0, row: 2), TablePosition(section: 0, row: 10),
        TablePosition(section: 1, row: -1), TablePosition(section: 1, row: 0),
      ])
  }

  @Test func isHashableAndReadable() {
    let set: Set = [TablePosition(section: 0, row: 1), TablePosition(section: 0, row: 1)]
    #expect(set.count == 1)
    #expect(TablePosition(section: 3, row: 14).description == "(3, 14)")
  }

  @Test func livesBesideFoundationIndexPath() {
    // Both names resolve unqualified with Foundation imported: no clash.
    let indexPath = IndexPath(indexes: [1, 2])
    let position = TablePosition(section: indexPath[0], row: indexPath[1])
    #expect(position == TablePosition(section: 1, row: 2))
  }

  @Test func shapesListTheirPositionsInDisplayOrder() {
    let shape = TableShape(rowCounts: [2, 0, 1])
    #expect(
      shape.positions == [
        TablePosition(section: 0, row: 0), TablePosition(section: 0, row: 1),
        TablePosition(section: 2, row: 0),
      ])
    #expect(shape.numberOfRows == 3)
    #expect(!shape.isEmpty && TableShape(rowCounts: [0, 0]).isEmpty)
    #expect(shape.description == "3 sections with 2, 0 and 1 rows")
  }
}
