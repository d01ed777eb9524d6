import TableKit
import TableKitTestSupport
import Testing

/// A leaf that changes without help and reports whatever changeset it is told to.
private final class Inbox: ChangingTableDataSource {
  weak var changeObserver: (any TableChangeObserver)?
  var messages: [String]

  init(_ messages: [String]) { self.messages = messages }

  var numberOfSections: Int { 1 }
  func numberOfRows(inSection section: Int) -> Int { messages.count }
  func representedObject(at position: TablePosition) -> Any {
    messages.indices.contains(position.row) ? messages[position.row] : ""
  }

  func receive(_ message: String, reporting changeset: TableChangeset) throws(TableUpdateError) {
    messages.append(message)
    try reportChange(changeset)
  }
}

@Suite struct ChangePropagationTests {
  @Test func theTablesVerdictComesBackDownToTheLeaf() throws {
    let inbox = Inbox(["hello"])
    let inner = ComposedDataSource([SectionedDataSource(items: ["pinned"]), inbox])
    let outer = ComposedDataSource([SectionedDataSource<String>(sections: []), inner])
    let table = TableView(dataSource: outer.filtered { _ in true })
    // Right: the new row is inserted at the end of the inbox, section 1 of the table.
    try inbox.receive("again", reporting: TableChangeset(insertedRows: [pos(0, 1)]))
    #expect(table.shape == TableShape(rowCounts: [1, 2]))
    // Wrong: the leaf forgets to report its insert; the table names the counts.
    #expect(throws: TableUpdateError.self) {
      try inbox.receive("lost", reporting: TableChangeset())
    }
    #expect(table.shape == TableShape(rowCounts: [1, 2]))
  }

  @Test func aRedirectErrorNamesBothPlaces() {
    let error = CompositionError.redirectOutsideChild(
      from: pos(4, 1), child: ChildPosition(child: 2, position: pos(0, 1)), to: pos(0, 9))
    #expect(
      error.description
        == "Selecting row 1 in section 4 (child 2 at its row 1 in section 0) was redirected by the "
        + "child's will-select to row 9 in section 0, which is not a row the child shows in this table; the selection was vetoed."
    )
  }
}
