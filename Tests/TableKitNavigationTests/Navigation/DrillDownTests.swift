import TableKit
import TableKitNavigation
import Testing

/// A folder tree, a tree type of the app's own.
private struct Folder: DrillDownNode, Equatable {
  var title: String
  var children: [Folder]?
}

private func row(_ row: Int) -> TablePosition {
  TablePosition(section: 0, row: row)
}

@Suite struct DrillDownTests {
  @Test func theNestedListShowsSummariesAndReportsThePathOfALeaf() throws {
    var selections: [DrillDownSelection<NestedValue>] = []
    let stack = NavigationController(
      drillingInto: ["a", "b", ["1", "2"], "c"] as NestedValue, title: "List"
    ) {
      selections.append($0)
    }
    let root = stack.root
    let rows = try (0..<4).map { try root.table.cell(at: row($0)) }
    #expect(rows.map(\.text) == ["a", "b", "2 items", "c"])
    #expect(rows.map(\.accessory) == [.none, .none, .disclosureIndicator, .none])

    let child = try #require(try stack.selectRow(at: row(2)))
    #expect(child.title == "2 items")
    #expect(child.backTitle == "List")
    #expect(stack.breadcrumbs == ["List", "2 items"])
    #expect((child.navigationDestination as? DrillDownDestination)?.path == [2])
    #expect(selections.isEmpty)

    // A leaf is reported with its path and pushes nothing.
    #expect(try stack.selectRow(at: row(1)) == nil)
    #expect(selections == [DrillDownSelection(leaf: "2", path: [2, 1])])
    #expect(stack.depth == 2)

    try stack.pop()
    try stack.selectRow(at: row(3))
    #expect(selections.map(\.path) == [[2, 1], [3]])
    #expect(selections.last?.leaf == "c")
  }

  @Test func anEmptyChildShowsAnEmptyStateRow() throws {
    let stack = NavigationController(drillingInto: ["a", [], ["x"]] as NestedValue, title: "List")
    #expect(try stack.root.table.cell(at: row(1)).detailText == nil)
    #expect(try stack.root.table.cell(at: row(1)).text == "No items")
    #expect(try stack.root.table.cell(at: row(2)).text == "1 item")

    let empty = try #require(try stack.selectRow(at: row(1)))
    #expect(empty.table.shape.rowCounts == [1])
    let cell = try empty.table.cell(at: row(0))
    #expect(cell.kind == .empty)
    #expect(cell.kind.isStatus)
    #expect(cell.text == "No items")
    #expect(!cell.isSelectable)
    #expect(try stack.selectRow(at: row(0)) == nil)
  }

  @Test func titledListsAndAnyTreeDrillDownTheSameWay() throws {
    let tree = Folder(
      title: "Home",
      children: [
        Folder(title: "Documents", children: [Folder(title: "cv.pdf", children: nil)]),
        Folder(title: "notes.txt", children: nil),
      ])
    var opened: [String] = []
    let stack = NavigationController(drillingInto: tree, title: tree.title) {
      opened.append($0.leaf.title)
    }
    let documents = try stack.root.table.cell(at: row(0))
    #expect(documents.text == "Documents")
    #expect(documents.detailText == "1 item")

    try stack.selectRow(at: row(0))
    try stack.selectRow(at: row(0))
    #expect(stack.breadcrumbs == ["Home", "Documents"])
    #expect(opened == ["cv.pdf"])

    let titled: NestedValue = .list([.list(["x", "y"], title: "Letters")], title: "Root")
    let letters = try NavigationController(drillingInto: titled, title: titled.title)
      .selectRow(at: row(0))
    #expect(letters?.title == "Letters")
  }

  @Test func aLevelCanBePushedByItsPathAndABadPathIsATypedError() throws {
    let stack = NavigationController(
      drillingInto: ["a", ["b", ["c"]]] as NestedValue, title: "List")
    let deep = try stack.push(DrillDownDestination(path: [1, 1]))
    #expect(deep.title == "1 item")
    #expect(try deep.table.cell(at: row(0)).text == "c")

    for path in [[5], [0], [1, 1, 0], [-1]] {
      #expect(throws: NavigationError.unknownDestination("DrillDownDestination(path: \(path))")) {
        try stack.push(DrillDownDestination(path: path))
      }
    }
    #expect(stack.depth == 2)
  }
}
