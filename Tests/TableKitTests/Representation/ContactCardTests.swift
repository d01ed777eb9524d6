import TableKit
import Testing

@Suite struct ContactCardTests {
  private let ada = Contact.ada

  private func cells(of table: TableView) throws -> [[Cell]] {
    try (0..<table.numberOfSections).map { section in
      try (0..<table.numberOfRows(inSection: section)).map { row in
        try table.cell(at: TablePosition(section: section, row: row))
      }
    }
  }

  @Test func showsThreeTitledSectionsOfMixedTypes() throws {
    let table = TableView(dataSource: ContactCardDataSource(contact: ada))

    #expect(table.numberOfSections == 3)
    #expect(try table.titleForHeader(inSection: 0) == "Phone")
    #expect(try table.titleForHeader(inSection: 1) == "Address")
    #expect(try table.titleForHeader(inSection: 2) == "E-mail")
    let cells = try cells(of: table)
    #expect(
      cells.map { $0.map(\.kind) } == [
        [.phoneNumber, .phoneNumber], [.postalAddress], [.emailAddress],
      ])
    #expect(cells[0][1] == Cell("+44 7700 900123", detail: "mobile", kind: .phoneNumber))
    #expect(cells[1][0].text == "12 St James's Square")
    #expect(cells[1][0].detailText == "SW1Y 4JH London")
    #expect(cells[1][0].accessory == .disclosureIndicator)
    #expect(cells[2][0] == Cell("ada@analytical.example", detail: "work", kind: .emailAddress))
  }

  @Test func representedObjectsAreTheModelValues() throws {
    let table = TableView(dataSource: ContactCardDataSource(contact: ada))

    let phone = try table.representedObject(at: TablePosition(section: 0, row: 1)) as? PhoneNumber
    let address =
      try table.representedObject(at: TablePosition(section: 1, row: 0)) as? PostalAddress
    #expect(phone == ada.phoneNumbers[1])
    #expect(address == ada.addresses[0])
  }

  @Test func anotherDataSourceShowsTheSameTypesTheSameWay() throws {
    let recent: [Any] = [ada.emailAddresses[0], ada.phoneNumbers[0], ada.addresses[0]]
    let card = TableView(dataSource: ContactCardDataSource(contact: ada))
    let activity = TableView(dataSource: RecentActivityDataSource(recent: recent))

    let activityCells = try cells(of: activity)[0]
    #expect(activityCells[0] == (try card.cell(at: TablePosition(section: 2, row: 0))))
    #expect(activityCells[1] == (try card.cell(at: TablePosition(section: 0, row: 0))))
    #expect(activityCells[2] == (try card.cell(at: TablePosition(section: 1, row: 0))))
  }

  @Test func aNewTypeNeedsOnlyItsConformance() throws {
    // Website gained its representation in Website+TableRepresentation.swift; neither data
    // source was edited to show it.
    let site = Website(url: "https://ada.example")
    var contact = ada
    contact.otherDetails = [site]
    let card = TableView(dataSource: ContactCardDataSource(contact: contact))
    let activity = TableView(dataSource: RecentActivityDataSource(recent: [site]))

    let expected = Cell(
      "https://ada.example", detail: "web", accessory: .detailButton, kind: "website")
    #expect(try card.cell(at: TablePosition(section: 3, row: 0)) == expected)
    #expect(try activity.cell(at: TablePosition(section: 0, row: 0)) == expected)
  }

  @Test func oneTableOverridesPhoneNumbersWithoutAffectingTheOther() throws {
    let overriding = ContactCardDataSource(contact: ada)
    overriding.representations.register(PhoneNumber.self) { phone in
      Cell(phone.label.uppercased(), detail: phone.number, kind: "dialable")
    }
    let overridden = TableView(dataSource: overriding)
    let plain = TableView(dataSource: RecentActivityDataSource(recent: [ada.phoneNumbers[0]]))

    let position = TablePosition(section: 0, row: 0)
    #expect(
      try overridden.cell(at: position)
        == Cell("WORK", detail: "+44 20 7946 0018", kind: "dialable"))
    #expect(try plain.cell(at: position) == ada.phoneNumbers[0].tableCell)
    // Other types in the overriding table keep their own representation.
    #expect(
      try overridden.cell(at: TablePosition(section: 2, row: 0)) == ada.emailAddresses[0].tableCell)
  }

  @Test func removingAnOverrideRestoresTheTypesOwnRepresentation() throws {
    var registry = RepresentationRegistry()
    registry.register(PhoneNumber.self) { _ in Cell("hidden") }
    #expect(registry.hasOverride(for: PhoneNumber.self))
    #expect(registry.cell(for: ada.phoneNumbers[0]).text == "hidden")

    registry.removeOverride(for: PhoneNumber.self)
    #expect(!registry.hasOverride(for: PhoneNumber.self))
    #expect(registry.cell(for: ada.phoneNumbers[0]) == ada.phoneNumbers[0].tableCell)
  }
}
