import TableKit
import Testing

/// A data source over plain sections of strings that records deselections and can report its
/// changes to the table.
private final class ListDataSource: ChangingTableDataSource {
  weak var changeObserver: (any TableChangeObserver)?
  var sections: [[String]]
  private(set) var deselected: [TablePosition] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  var numberOfSections: Int { sections.count }
  func numberOfRows(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }
  func representedObject(at position: TablePosition) -> Any {
    sections[position.section][position.row]
  }
  func didDeselectRow(at position: TablePosition) {
    deselected.append(position)
  }

  /// Changes the data, then tells the table, claiming `changeset`.
  func change(
    _ edit: (inout [[String]]) -> Void,
    claiming changeset: TableChangeset
  ) throws(TableUpdateError) {
    edit(&sections)
    try reportChange(changeset)
  }
}

private final class UpdateRecorder: TableUpdateObserver {
  var changesets: [TableChangeset] = []
  func table(_ table: TableView, didPerformBatchUpdates changeset: TableChangeset) {
    changesets.append(changeset)
  }
}

private func at(_ section: Int, _ row: Int) -> TablePosition {
  TablePosition(section: section, row: row)
}

@Suite struct BatchUpdateTests {
  @Test func appliesAConsistentChangeAndTellsTheObserver() throws {
    let source = ListDataSource([["a", "b", "c"], ["x"]])
    let table = TableView(dataSource: source)
    let recorder = UpdateRecorder()
    table.updateObserver = recorder
    let changes = TableChangeset(
      deletedRows: [at(0, 0)], insertedRows: [at(1, 1)],
      movedRows: [TableChangeset.RowMove(from: at(0, 2), to: at(1, 0))])
    try source.change({ $0 = [["b"], ["c", "x", "new"]] }, claiming: changes)
    #expect(table.shape == TableShape(rowCounts: [1, 3]))
    #expect(recorder.changesets == [changes])
    #expect(try table.cell(at: at(1, 2)).text == "new")
  }

  @Test func aDataSourceThatLiesAboutItsCountsIsCaught() throws {
    let source = ListDataSource([["a", "b", "c"], ["x", "y", "z", "w"]])
    let table = TableView(dataSource: source)
    let recorder = UpdateRecorder()
    table.updateObserver = recorder
    try table.selectRow(at: at(1, 3))
    // Two rows appended to section 1, but only one insert claimed.
    let claimed = TableChangeset(deletedRows: [at(1, 0)], insertedRows: [at(1, 3)])
    do {
      try source.change({ $0[1] += ["v", "u"] }, claiming: claimed)
      Issue.record("the table accepted counts that do not add up")
    } catch {
      let counts = TableUpdateError.RowCountMismatch(
        section: 1, oldSection: 1, oldCount: 4, deleted: 1, movedOut: 0, inserted: 1,
        movedIn: 0, actualCount: 6)
      #expect(error == .rowCountMismatch(counts))
      #expect(
        error.description
          == "Section 1 has 6 rows after the update, but the changeset accounts for 4: its old "
          + "section 1 had 4 rows, minus 1 deleted, minus 0 moved out, plus 1 inserted, plus 0 "
          + "moved in.")
    }
    #expect(table.shape == TableShape(rowCounts: [3, 4]), "the table keeps its old shape")
    #expect(table.selectedPositions == [at(1, 3)])
    #expect(recorder.changesets.isEmpty)
    #expect(source.deselected.isEmpty)
  }

  @Test func aSectionCountThatDoesNotAddUpIsCaught() {
    let source = ListDataSource([["a"], ["b"]])
    let table = TableView(dataSource: source)
    source.sections.append(["c"])
    #expect(
      throws: TableUpdateError.sectionCountMismatch(
        oldCount: 2, deleted: 1, inserted: 0, actualCount: 3)
    ) {
      try table.performBatchUpdates(TableChangeset(deletedSections: [0]))
    }
    #expect(table.numberOfSections == 2)
  }

  @Test(arguments: [
    (
      TableChangeset(deletedSections: [0], insertedSections: [0], deletedRows: [at(0, 0)]),
      TableUpdateError.rowInDeletedSection(.deleteRow, position: at(0, 0))
    ),
    (
      TableChangeset(deletedSections: [1], insertedSections: [1], insertedRows: [at(1, 0)]),
      .rowInInsertedSection(.insertRow, position: at(1, 0))
    ),
    (
      TableChangeset(deletedRows: [at(0, 5)]),
      .rowOutOfRange(.deleteRow, position: at(0, 5), shape: TableShape(rowCounts: [2, 1]))
    ),
    (
      TableChangeset(deletedRows: [at(0, 1), at(0, 1)]),
      .duplicateRow(.deleteRow, position: at(0, 1))
    ),
    (
      TableChangeset(
        deletedRows: [at(0, 1)], movedRows: [TableChangeset.RowMove(from: at(0, 1), to: at(1, 0))]
      ),
      .duplicateRow(.moveRowFrom, position: at(0, 1))
    ),
    (
      TableChangeset(deletedSections: [4]),
      .sectionOutOfRange(.deleteSection, section: 4, numberOfSections: 2)
    ),
    (
      TableChangeset(reloadedRows: [at(1, 1)]),
      .rowOutOfRange(.reloadRow, position: at(1, 1), shape: TableShape(rowCounts: [2, 1]))
    ),
  ])
  func changesetsThatBreakUIKitsRulesAreRefused(
    changeset: TableChangeset,
    expected: TableUpdateError
  ) {
    let source = ListDataSource([["a", "b"], ["c"]])
    let table = TableView(dataSource: source)
    #expect(throws: expected) { try table.performBatchUpdates(changeset) }
    #expect(table.shape == TableShape(rowCounts: [2, 1]))
  }

  @Test func selectionFollowsMovesAndShifts() throws {
    let source = ListDataSource([["a", "b", "c", "d"], ["x", "y"]])
    let table = TableView(dataSource: source)
    table.allowsMultipleSelection = true
    try table.selectRow(at: at(0, 2))  // c: shifted by the delete of a and the insert before it
    try table.selectRow(at: at(0, 3))  // d: moved to section 1
    try table.selectRow(at: at(1, 1))  // y: deleted
    try table.selectRow(at: at(1, 0))  // x: its section moves to the front
    let changes = TableChangeset(
      movedSections: [TableChangeset.SectionMove(from: 1, to: 0)],
      deletedRows: [at(0, 0), at(1, 1)],
      insertedRows: [at(1, 0), at(1, 1)],
      movedRows: [TableChangeset.RowMove(from: at(0, 3), to: at(0, 1))])
    try source.change(
      { $0 = [["x", "d"], ["n1", "n2", "b", "c"]] }, claiming: changes)
    #expect(table.selectedPositions == [at(1, 3), at(0, 1), at(0, 0)])
    #expect(source.deselected == [at(1, 1)], "told at the old position")
    #expect(try table.representedObject(at: at(1, 3)) as? String == "c")
  }

  @Test func deletingASectionDeselectsItsRows() throws {
    let source = ListDataSource([["a"], ["b", "c"]])
    let table = TableView(dataSource: source)
    try table.selectRow(at: at(1, 1))
    try source.change({ $0.remove(at: 1) }, claiming: TableChangeset(deletedSections: [1]))
    #expect(table.selectedPositions.isEmpty)
    #expect(source.deselected == [at(1, 1)])
  }

  @Test func theTableObservesOnlyTheDataSourceItShows() throws {
    let first = ListDataSource([["a"]])
    let table = TableView(dataSource: first)
    #expect(first.changeObserver === table)
    let second = ListDataSource([["b", "c"]])
    table.dataSource = second
    #expect(first.changeObserver == nil)
    #expect(second.changeObserver === table)
    try first.change({ $0 = [] }, claiming: TableChangeset(deletedSections: [0]))
    #expect(table.shape == TableShape(rowCounts: [2]))
  }

  @Test func errorMessagesNameTheStepAndTheTable() {
    #expect(
      TableUpdateError.rowOutOfRange(
        .insertRow, position: at(0, 3), shape: TableShape(rowCounts: [2])
      ).description
        == "The inserted row at row 3 in section 0 is out of range: the new table has 1 section with 2 rows."
    )
    #expect(
      TableUpdateError.rowInDeletedSection(.moveRowFrom, position: at(2, 0)).description
        == "The moved row's origin at row 0 in section 2 lies in a deleted section; deleting the section removes its rows."
    )
    #expect(
      TableUpdateError.sectionOutOfRange(.deleteSection, section: 3, numberOfSections: 1)
        .description == "The deleted section 3 is out of range: the old table has 1 section.")
  }
}
