import TableKit
import Testing

/// A controller whose workflow is to open whatever is selected.
private final class OpeningController: TableController {
  private(set) var opened: [String] = []

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    opened.append(String(describing: object))
  }
}

@Suite struct TableControllerTests {
  @Test func preparesTheTableBoundToItsDataSource() throws {
    let dataSource = ContactCardDataSource(contact: .ada)
    let controller = TableController(title: "Ada Lovelace", dataSource: dataSource)

    #expect(controller.title == "Ada Lovelace")
    #expect(controller.dataSource === dataSource)
    #expect(controller.table.dataSource === dataSource)
    #expect(controller.table.numberOfSections == 3)
  }

  @Test func selectionRunsTheDataSourceHookThenTheControllerWorkflow() throws {
    let dataSource = RecentActivityDataSource(recent: [
      Contact.ada.phoneNumbers[0], Website(url: "https://a.example"),
    ])
    let controller = OpeningController(title: "Recent", dataSource: dataSource)

    try controller.selectRow(at: TablePosition(section: 0, row: 1))
    // Selecting through the table reaches the controller too.
    try controller.table.selectRow(at: TablePosition(section: 0, row: 0))

    #expect(dataSource.selectedObjects.count == 2)
    #expect(
      controller.opened == [
        "Website(url: \"https://a.example\")",
        "PhoneNumber(label: \"work\", number: \"+44 20 7946 0018\")",
      ])
  }

  @Test func swappingTheDataSourceChangesTheTableNotTheWorkflow() throws {
    let controller = OpeningController(dataSource: ContactCardDataSource(contact: .ada))
    try controller.selectRow(at: TablePosition(section: 2, row: 0))
    #expect(controller.table.selectedPositions.count == 1)

    controller.dataSource = RecentActivityDataSource(recent: [Website(url: "https://b.example")])
    #expect(controller.table.numberOfSections == 1)
    #expect(try controller.table.cell(at: TablePosition(section: 0, row: 0)).kind == "website")
    // The old selection (2, 0) does not exist in the new table and is dropped.
    #expect(controller.table.selectedPositions.isEmpty)

    try controller.selectRow(at: TablePosition(section: 0, row: 0))
    #expect(controller.opened.last == "Website(url: \"https://b.example\")")
  }

  @Test func theControllerIsNotRetainedByItsTable() {
    weak var released: TableController?
    var table: TableView?
    do {
      let controller = TableController(dataSource: RecentActivityDataSource(recent: []))
      released = controller
      table = controller.table
    }
    #expect(released == nil)
    #expect(table?.selectionObserver == nil)
  }
}
