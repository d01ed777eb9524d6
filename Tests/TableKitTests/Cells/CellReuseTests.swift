import TableKit
import Testing

@Suite struct CellReuseTests {
  /// A cell with every field away from its default, as the previous row may leave it.
  private var used: Cell {
    Cell(
      "old", detail: "old detail", values: ["a", 1, .boolean(true)], accessory: .checkmark,
      kind: "old-kind", isSelectable: false)
  }

  @Test func prepareForReuseLeavesNothingOfThePreviousRow() {
    var cell = used
    cell.prepareForReuse("new")
    #expect(cell == Cell("new"))
  }

  @Test func prepareForReuseSetsEveryFieldItIsGiven() {
    var cell = used
    cell.prepareForReuse(
      "new", detail: "detail", accessory: .disclosureIndicator, kind: "fresh", isSelectable: true)
    cell.values.append(.integer(7))
    #expect(
      cell
        == Cell(
          "new", detail: "detail", values: [7], accessory: .disclosureIndicator, kind: "fresh"))
  }

  /// Values are kept for overwriting, cut or padded to the count; every other field is reset.
  @Test(arguments: [0, 2, 3, 5])
  func prepareForReuseWithACountKeepsThatManyValues(count: Int) {
    var cell = used
    cell.prepareForReuse("new", kind: "fresh", valueCount: count)
    let kept: [CellValue] = ["a", 1, .boolean(true)]
    let expected = Array(kept.prefix(count)) + Array(repeating: .empty, count: max(count - 3, 0))
    #expect(cell == Cell("new", values: expected, kind: "fresh"))
  }

  @Test func overwrittenValuesMakeTheSameCellAsAFreshOne() {
    var cell = used
    cell.prepareForReuse("new", detail: "detail", valueCount: 2)
    cell.values[0] = .integer(7)
    cell.values[1] = "seven"
    #expect(cell == Cell("new", detail: "detail", values: [7, "seven"]))
  }

  @Test func aNegativeCountKeepsNoValues() {
    var cell = used
    cell.prepareForReuse("new", valueCount: -1)
    #expect(cell == Cell("new"))
  }

  @Test func theDefaultConfigurationIsTheCell() {
    let dataSource = SectionedDataSource<Any>(sections: [
      TableSection(items: ["plain", 42, Cell("own", detail: "cell", kind: "custom")])
    ])
    var cell = used
    for row in 0..<3 {
      let position = TablePosition(section: 0, row: row)
      dataSource.configureCell(&cell, at: position)
      #expect(cell == dataSource.cell(at: position))
    }
  }

  /// A subclass's `configureCell` is the one the protocol calls.
  @Test func aSubclassOfTheSectionedDataSourceCanFillCellsItself() {
    final class Reusing: SectionedDataSource<String> {
      var configured = 0
      override func configureCell(_ cell: inout Cell, at position: TablePosition) {
        configured += 1
        cell.prepareForReuse("reused \(position.row)")
      }
    }
    let dataSource = Reusing(sections: [TableSection(items: ["a", "b"])])
    let asProtocol: any TableDataSource = dataSource
    var cell = used
    asProtocol.configureCell(&cell, at: TablePosition(section: 0, row: 1))
    #expect(cell == Cell("reused 1"))
    #expect(dataSource.configured == 1)
  }
}
