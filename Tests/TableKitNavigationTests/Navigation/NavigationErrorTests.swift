import Foundation
import TableKit
import TableKitNavigation
import Testing

@Suite struct NavigationErrorTests {
  @Test(arguments: [
    (
      NavigationError.cannotPopRoot(root: nil),
      "Cannot pop an untitled level: it is the root level, and a stack always keeps its root. "
        + "Push a level first, or use popToRoot()."
    ),
    (
      .alreadyOnStack(title: "BMW", onThisStack: true),
      "Cannot push \"BMW\": it is already on this stack. Pop it first, or push a new controller."
    ),
    (
      .alreadyOnStack(title: "BMW", onThisStack: false),
      "Cannot push \"BMW\": it is already on another stack. Pop it first, or push a new "
        + "controller."
    ),
    (
      .notOnStack(title: "X3", operation: .popTo),
      "Cannot pop to \"X3\": it is not on this navigation stack (it was popped, or never pushed)."
    ),
    (
      .notOnStack(title: nil, operation: .writeSession),
      "Cannot write a session value for an untitled level: it is not on this navigation stack "
        + "(it was popped, or never pushed)."
    ),
    (
      .notTopLevel(title: "Brands", top: "BMW"),
      "Cannot select a row in \"Brands\": it is below the top level \"BMW\". Pop to it first."
    ),
    (
      .unknownDestination("models"),
      "The navigation factory cannot make a level for models."
    ),
  ])
  func readsAsASentenceEverywhere(error: NavigationError, message: String) {
    #expect(error.description == message)
    #expect(error.localizedDescription == message)
    #expect("\(error)" == message)
  }

  @Test func aTableErrorReadsAsTheTableSaysIt() throws {
    let table = TableView(dataSource: SectionedDataSource(items: ["only"]))
    let tableError = #expect(throws: TableError.self) {
      try table.selectRow(at: TablePosition(section: 0, row: 3))
    }
    let error = NavigationError.table(try #require(tableError))
    #expect(
      error.localizedDescription == "Row 3 in section 0 is past the end: section 0 has 1 row (0).")
  }
}
