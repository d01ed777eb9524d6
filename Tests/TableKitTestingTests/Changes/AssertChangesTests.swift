import TableKit
import TableKitTesting
import Testing

@Suite struct AssertChangesTests {
  @Test func aTrueChangesetPassesInOneLine() throws {
    let letters = Letters([["a", "b", "c"], ["x"]])
    let table = TableView(dataSource: letters)
    try assertChanges(in: table, "deleted rows [(0, 0)], moved rows [(0, 2)→(1, 0)]") {
      try letters.change(
        to: [["b"], ["c", "x"]],
        claiming: TableChangeset(
          deletedRows: [at(0, 0)], movedRows: [.init(from: at(0, 2), to: at(1, 0))]))
    }
  }

  @Test func aMissingMoveFailsTheReplayNamingTheRow() throws {
    let letters = Letters([["a", "b", "c"]])
    let table = TableView(dataSource: letters)
    let callLine = #line + 2
    try withKnownIssue {
      try assertChanges(in: table, "reloaded rows [(0, 2)]") {
        // a and b swapped, but only a reload of the last row is claimed: the counts add up,
        // so the table accepts it; the replay does not.
        try letters.change(
          to: [["b", "a", "d"]], claiming: TableChangeset(reloadedRows: [at(0, 2)]))
      }
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == callLine
        && message.contains("does not give the new one")
        && message.contains(
          "row 0 of section 0 would show \"a {description}\" (carried from row 0 of section 0), "
            + "but the table shows \"b {description}\"")
        && message.contains("row 1 of section 0 would show \"b {description}\"")
    }
  }

  @Test func theSameSwapWithAMovePasses() throws {
    let letters = Letters([["a", "b", "c"]])
    let table = TableView(dataSource: letters)
    try assertChanges(in: table, "moved rows [(0, 0)→(0, 1)]") {
      try letters.change(
        to: [["b", "a", "c"]],
        claiming: TableChangeset(movedRows: [.init(from: at(0, 0), to: at(0, 1))]))
    }
  }

  @Test func otherChangesThanExpectedFailWithBothLines() throws {
    let letters = Letters([["a", "b"]])
    let table = TableView(dataSource: letters)
    try withKnownIssue {
      try assertChanges(in: table, "deleted rows [(0, 0)]") {
        try letters.change(to: [["a"]], claiming: TableChangeset(deletedRows: [at(0, 1)]))
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "The table received other changes than expected.\n"
        + "  expected: deleted rows [(0, 0)]\n  actual:   deleted rows [(0, 1)]"
    }
  }

  @Test func rowsChangedWithoutAChangesetFail() throws {
    let letters = Letters([["a", "b"]])
    let table = TableView(dataSource: letters)
    withKnownIssue {
      assertChanges(in: table, "no changes") { letters.sections = [["a", "z"]] }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("received no changeset")
    }
  }

  @Test func theTablesObserverStillHearsEveryChangeset() throws {
    final class Log: TableUpdateObserver {
      var changesets: [TableChangeset] = []
      func table(_ table: TableView, didPerformBatchUpdates changeset: TableChangeset) {
        changesets.append(changeset)
      }
    }
    let letters = Letters([["a"]])
    let table = TableView(dataSource: letters)
    let log = Log()
    table.updateObserver = log
    try assertChanges(in: table, "inserted rows [(0, 1)]") {
      try letters.change(to: [["a", "b"]], claiming: TableChangeset(insertedRows: [at(0, 1)]))
    }
    #expect(log.changesets == [TableChangeset(insertedRows: [at(0, 1)])])
    #expect(table.updateObserver === log)
  }
}
