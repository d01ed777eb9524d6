import TableKit
import TableKitTesting
import Testing

/// A contact list that records what it hears, as an app's subclass would react to it.
private final class ContactList: DiffableDataSource<String, Person> {
  private(set) var deselected: [TablePosition] = []
  private(set) var selected: [String] = []

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    selected.append((object as? Person)?.name ?? "?")
  }

  override func didDeselectRow(at position: TablePosition) {
    deselected.append(position)
  }
}

private func at(_ section: Int, _ row: Int) -> TablePosition {
  TablePosition(section: section, row: row)
}

@Suite struct DiffableDataSourceTests {
  private let ada = Person(id: "ada", name: "Ada Lovelace")
  private let alan = Person(id: "alan", name: "Alan Turing")
  private let grace = Person(id: "grace", name: "Grace Hopper")
  private let edsger = Person(id: "edsger", name: "Edsger Dijkstra")

  /// Friends: Ada, Alan; Work: Grace, Edsger — shown in a table; the first snapshot inserts
  /// both sections, each changeset is replayed by UIKit's rules.
  private func makeContacts() throws -> (ContactList, TableView) {
    let contacts = ContactList(headerTitles: ["friends": "Friends", "work": "Work"])
    let table = TableView(dataSource: contacts)
    var snapshot = TableSnapshot<String, Person.ID>()
    try snapshot.appendSections(["friends", "work"])
    try snapshot.appendItems([ada.id, alan.id], toSection: "friends")
    try snapshot.appendItems([grace.id, edsger.id], toSection: "work")
    try assertChanges(in: table, "inserted sections [0, 1]") {
      try contacts.apply(snapshot, items: [ada, alan, grace, edsger])
    }
    return (contacts, table)
  }

  @Test func theFirstSnapshotInsertsItsSections() throws {
    let (_, table) = try makeContacts()  // asserts "inserted sections [0, 1]"
    #expect(try table.titleForHeader(inSection: 1) == "Work")
    #expect(try table.cell(at: at(1, 0)) == Cell("Grace Hopper", kind: "person"))
  }

  @Test func renamingAnEntryReloadsItsRow() throws {
    let (contacts, table) = try makeContacts()
    var renamed = alan
    renamed.name = "Alan M. Turing"
    try assertChanges(in: table, "reloaded rows [(0, 1)]") {
      try contacts.apply(contacts.snapshot, items: [renamed])
    }
    #expect(try table.cell(at: at(0, 1)).text == "Alan M. Turing")
  }

  @Test func movingAnEntryBetweenSectionsIsOneMoveAndKeepsItSelected() throws {
    let (contacts, table) = try makeContacts()
    try table.selectRow(at: at(0, 0))  // Ada
    var snapshot = contacts.snapshot
    try snapshot.moveItem(ada.id, afterItem: edsger.id)
    try assertChanges(in: table, "moved rows [(0, 0)→(1, 2)]") { try contacts.apply(snapshot) }
    #expect(table.selectedPositions == [at(1, 2)])
    #expect(try table.representedObject(at: at(1, 2)) as? Person == ada)
    #expect(contacts.deselected.isEmpty)
  }

  @Test func deletingTheSelectedEntryDeselectsItAndTellsTheDataSource() throws {
    let (contacts, table) = try makeContacts()
    try table.selectRow(at: at(1, 0))  // Grace
    #expect(contacts.selected == ["Grace Hopper"])
    var snapshot = contacts.snapshot
    try snapshot.deleteItems([grace.id])
    try assertChanges(in: table, "deleted rows [(1, 0)]") { try contacts.apply(snapshot) }
    #expect(table.selectedPositions.isEmpty)
    #expect(contacts.deselected == [at(1, 0)], "at the row's old position")
    #expect(table.shape == TableShape(rowCounts: [2, 1]))
  }

  @Test func aDuplicateIdentifierIsAnErrorNamingBothPositions() throws {
    let (contacts, _) = try makeContacts()
    var snapshot = contacts.snapshot
    #expect(
      throws: TableSnapshotError<String, String>.duplicateItem(
        "ada", existing: at(0, 0), duplicate: at(1, 2))
    ) {
      try snapshot.appendItems([ada.id], toSection: "work")
    }
    #expect(snapshot == contacts.snapshot)
  }

  @Test func anItemWithNoValueIsRefusedAndNothingChanges() throws {
    let (contacts, table) = try makeContacts()
    var snapshot = contacts.snapshot
    try snapshot.appendItems(["barbara"], toSection: "work")
    assertChanges(in: table, "no changes") {
      #expect(throws: TableUpdateError.missingItem(identifier: #""barbara""#)) {
        try contacts.apply(snapshot)
      }
    }
    #expect(contacts.snapshot.numberOfItems == 4)
  }

  @Test func sectionsMoveAndRowsMoveInOneChangeset() throws {
    let (contacts, table) = try makeContacts()
    var snapshot = contacts.snapshot
    try snapshot.moveSection("work", beforeSection: "friends")
    try snapshot.moveItem(edsger.id, beforeItem: grace.id)
    try snapshot.insertSections(["family"], afterSection: "friends")
    let barbara = Person(id: "barbara", name: "Barbara Liskov")
    try snapshot.appendItems([barbara.id], toSection: "family")
    try assertChanges(
      in: table, "inserted sections [2], moved sections [1→0], moved rows [(1, 1)→(0, 0)]"
    ) { try contacts.apply(snapshot, items: [barbara]) }
    assertRendering(
      of: table,
      """
      § Work
        Edsger Dijkstra {person}
        Grace Hopper {person}
      § Friends
        Ada Lovelace {person}
        Alan Turing {person}
      §
        Barbara Liskov {person}
      """)
  }

  @Test func withoutATableItOnlyKeepsTheSnapshot() throws {
    let contacts = DiffableDataSource<String, Person>()
    let snapshot = try TableSnapshot<String, String>(sections: [(section: "all", items: ["ada"])])
    let changes = try contacts.apply(snapshot, items: [ada])
    #expect(changes.insertedSections == [0])
    #expect(contacts.item(at: at(0, 0)) == ada)
    #expect(contacts.representedObject(at: at(5, 5)) is Person == false)
    #expect(contacts.cell(at: at(5, 5)).isSelectable == false)
    #expect(try contacts.snapshot() == snapshot)
  }
}
