import TableKit
import Testing

/// What happens when data changes behind the table's back, before `reloadData()`.
@Suite struct StaleDataTests {
  @Test func aSectionedDataSourceThatShrankAnswersEmptyRowsInsteadOfTrapping() throws {
    let dataSource = SectionedDataSource<String>(
      sections: [TableSection("A", items: ["one", "two"]), TableSection("B", items: ["three"])])
    let table = TableView(dataSource: dataSource)
    dataSource.sections = [TableSection("A", items: ["one"])]

    let missing = try table.cell(at: TablePosition(section: 0, row: 1))
    #expect(missing.text.isEmpty && !missing.isSelectable)
    #expect(try table.titleForHeader(inSection: 1) == nil)
    #expect(try table.cell(at: TablePosition(section: 1, row: 0)).kind == "missing")
    #expect(
      String(describing: try table.representedObject(at: TablePosition(section: 1, row: 0)))
        .contains("call reloadData()"))
    #expect(try table.selectRow(at: TablePosition(section: 1, row: 0)) == nil)

    table.reloadData()
    #expect(table.shape.rowCounts == [1])
  }

  @Test func rowsThatAReloadRemovesAreDeselectedThroughTheHook() throws {
    final class Recording: SectionedDataSource<String> {
      var deselected: [TablePosition] = []
      override func didDeselectRow(at position: TablePosition) { deselected.append(position) }
    }
    let dataSource = Recording(items: ["a", "b", "c"])
    let table = TableView(dataSource: dataSource)
    table.allowsMultipleSelection = true
    try table.selectRow(at: TablePosition(section: 0, row: 0))
    try table.selectRow(at: TablePosition(section: 0, row: 2))
    dataSource.sections[0].items.removeLast()
    table.reloadData()

    #expect(table.selectedPositions == [TablePosition(section: 0, row: 0)])
    #expect(dataSource.deselected == [TablePosition(section: 0, row: 2)])
  }

  @Test func replacingTheDataSourceClearsTheSelection() throws {
    let table = TableView(dataSource: SectionedDataSource<String>(items: ["a", "b"]))
    try table.selectRow(at: TablePosition(section: 0, row: 0))
    table.dataSource = SectionedDataSource<Cell>(items: [
      Cell("not selectable", isSelectable: false)
    ])
    #expect(table.selectedPositions.isEmpty)
  }

  @Test func rowCountsThatOverflowSaturate() {
    #expect(TableShape(rowCounts: [Int.max, 1]).numberOfRows == Int.max)
  }
}
