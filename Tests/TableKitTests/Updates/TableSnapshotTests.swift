import TableKit
import Testing

@Suite struct TableSnapshotTests {
  private typealias Snapshot = TableSnapshot<String, String>

  private func makeSnapshot() throws -> Snapshot {
    try Snapshot(sections: [
      (section: "A", items: ["a1", "a2", "a3"]),
      (section: "B", items: ["b1"]),
      (section: "C", items: []),
    ])
  }

  @Test func answersWhereEverythingIs() throws {
    let snapshot = try makeSnapshot()
    #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
    #expect(snapshot.itemIdentifiers == ["a1", "a2", "a3", "b1"])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.numberOfItems == 4)
    #expect(try snapshot.numberOfItems(inSection: "A") == 3)
    #expect(snapshot.position(ofItem: "a3") == TablePosition(section: 0, row: 2))
    #expect(snapshot.position(ofItem: "zz") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "b1") == "B")
    #expect(snapshot.index(ofSection: "C") == 2)
    #expect(snapshot.itemIdentifier(at: TablePosition(section: 1, row: 0)) == "b1")
    #expect(snapshot.itemIdentifier(at: TablePosition(section: 1, row: 1)) == nil)
    #expect(snapshot.itemIdentifier(at: TablePosition(section: -1, row: 0)) == nil)
    #expect(snapshot.shape == TableShape(rowCounts: [3, 1, 0]))
    #expect(snapshot.description == #"["A": ["a1", "a2", "a3"], "B": ["b1"], "C": []]"#)
  }

  @Test func editsSectionsAndItems() throws {
    var snapshot = try makeSnapshot()
    try snapshot.insertSections(["Z"], beforeSection: "A")
    try snapshot.insertSections(["Y"], afterSection: "B")
    #expect(snapshot.sectionIdentifiers == ["Z", "A", "B", "Y", "C"])
    try snapshot.moveSection("Z", afterSection: "C")
    try snapshot.moveSection("C", beforeSection: "A")
    #expect(snapshot.sectionIdentifiers == ["C", "A", "B", "Y", "Z"])
    try snapshot.deleteSections(["Y", "Z"])
    #expect(snapshot.sectionIdentifiers == ["C", "A", "B"])

    try snapshot.appendItems(["c1"], toSection: "C")
    try snapshot.appendItems(["b2"])  // the last section
    try snapshot.insertItems(["a0"], beforeItem: "a1")
    try snapshot.insertItems(["a4", "a5"], afterItem: "a3")
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["a0", "a1", "a2", "a3", "a4", "a5"])
    try snapshot.moveItem("a5", beforeItem: "a0")
    try snapshot.moveItem("a0", afterItem: "b2")
    try snapshot.moveItem("a1", afterItem: "a2")
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["a5", "a2", "a1", "a3", "a4"])
    #expect(try snapshot.itemIdentifiers(inSection: "B") == ["b1", "b2", "a0"])
    try snapshot.deleteItems(["a5", "b1", "c1"])
    #expect(snapshot.itemIdentifiers == ["a2", "a1", "a3", "a4", "b2", "a0"])
    #expect(snapshot.position(ofItem: "a0") == TablePosition(section: 2, row: 1))
    try snapshot.moveItem("a2", beforeItem: "a2")  // nothing
    #expect(snapshot.position(ofItem: "a2") == TablePosition(section: 1, row: 0))

    snapshot.deleteAllItems()
    #expect(snapshot == Snapshot())
  }

  @Test func duplicateItemNamesBothPositions() throws {
    var snapshot = try makeSnapshot()
    let before = snapshot
    #expect(
      throws: Snapshot.EditingError.duplicateItem(
        "a2", existing: TablePosition(section: 0, row: 1),
        duplicate: TablePosition(section: 1, row: 2)
      )
    ) {
      try snapshot.appendItems(["b2", "a2"], toSection: "B")
    }
    #expect(snapshot == before, "a refused edit changes nothing")
    #expect(snapshot.position(ofItem: "b2") == nil)

    #expect(
      throws: Snapshot.EditingError.duplicateItem(
        "x", existing: TablePosition(section: 2, row: 0),
        duplicate: TablePosition(section: 2, row: 2)
      )
    ) {
      try snapshot.appendItems(["x", "y", "x"], toSection: "C")
    }
    #expect(snapshot == before)

    do {
      try snapshot.insertItems(["n", "b1"], beforeItem: "a1")
      Issue.record("inserted a duplicate")
    } catch {
      // b1 is at (1, 0) now; the new b1 would have been at (0, 1).
      #expect(
        error
          == .duplicateItem(
            "b1", existing: TablePosition(section: 1, row: 0),
            duplicate: TablePosition(section: 0, row: 1)))
      #expect(
        error.description
          == #"Item "b1" appears twice: at row 0 in section 1 and again at row 1 in section 0. "#
          + "Item identifiers must be unique across all sections.")
    }
    #expect(snapshot == before)
  }

  @Test func duplicateSectionNamesBothIndices() throws {
    var snapshot = try makeSnapshot()
    #expect(throws: Snapshot.EditingError.duplicateSection("B", existing: 1, duplicate: 4)) {
      try snapshot.appendSections(["D", "B"])
    }
    #expect(throws: Snapshot.EditingError.duplicateSection("E", existing: 3, duplicate: 4)) {
      try snapshot.appendSections(["E", "E"])
    }
    #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
    #expect(throws: Snapshot.EditingError.self) {
      _ = try Snapshot(sections: [(section: "A", items: ["x"]), (section: "B", items: ["x"])])
    }
  }

  @Test func unknownIdentifiersAreErrors() throws {
    var snapshot = try makeSnapshot()
    let before = snapshot
    #expect(throws: Snapshot.EditingError.sectionNotFound("Q")) {
      try snapshot.appendItems(["q"], toSection: "Q")
    }
    #expect(throws: Snapshot.EditingError.itemNotFound("q")) {
      try snapshot.deleteItems(["a1", "q"])
    }
    #expect(throws: Snapshot.EditingError.itemNotFound("q")) {
      try snapshot.moveItem("a1", beforeItem: "q")
    }
    #expect(throws: Snapshot.EditingError.sectionNotFound("Q")) {
      try snapshot.deleteSections(["A", "Q"])
    }
    #expect(throws: Snapshot.EditingError.itemNotFound("q")) {
      try snapshot.reloadItems(["q"])
    }
    #expect(snapshot == before)
    var empty = Snapshot()
    #expect(throws: Snapshot.EditingError.noSections) { try empty.appendItems(["x"]) }
    #expect(
      Snapshot.EditingError.noSections.description
        == "Items were appended, but the snapshot has no section to hold them; "
        + "append a section first.")
  }

  @Test func marksBecomeReloadsAndReconfigures() throws {
    let old = try makeSnapshot()
    var new = old
    try new.reloadItems(["a2"])
    try new.reconfigureItems(["b1", "a2"])
    #expect(new.reloadedItemIdentifiers == ["a2"])
    let changes = new.difference(from: old)
    #expect(changes.reloadedRows == [TablePosition(section: 0, row: 1)])
    #expect(changes.reconfiguredRows == [TablePosition(section: 1, row: 0)])
    #expect(!changes.changesStructure)
    try new.deleteItems(["a2"])
    #expect(new.reloadedItemIdentifiers.isEmpty)
    new.removeUpdateMarks()
    #expect(new.reconfiguredItemIdentifiers.isEmpty)
  }

  @Test func diffOfAHandMadeChange() throws {
    let old = try makeSnapshot()
    var new = old
    try new.deleteSections(["C"])
    try new.appendSections(["D"])
    try new.appendItems(["d1"], toSection: "D")
    try new.moveItem("a1", afterItem: "a3")  // a2 a3 a1: one move, not two
    try new.moveItem("a2", afterItem: "b1")  // across sections
    try new.deleteItems(["a3"])
    try new.insertItems(["a9"], beforeItem: "a1")
    let changes = new.difference(from: old)
    #expect(changes.deletedSections == [2])
    #expect(changes.insertedSections == [2])
    #expect(changes.deletedRows == [TablePosition(section: 0, row: 2)])
    #expect(changes.insertedRows == [TablePosition(section: 0, row: 0)])
    #expect(
      changes.movedRows == [
        TableChangeset.RowMove(
          from: TablePosition(section: 0, row: 1), to: TablePosition(section: 1, row: 1))
      ])
    #expect(
      changes.description
        == "deleted sections [2], inserted sections [2], deleted rows [(0, 2)], "
        + "inserted rows [(0, 0)], moved rows [(0, 1)→(1, 1)]")
    #expect(new.difference(from: new).isEmpty)
  }
}
