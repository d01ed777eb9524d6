import TableKit
import TableKitTesting
import Testing

@Suite struct ContactCardTests {
  private let ada = Contact.ada

  private func at(_ section: Int, _ row: Int) -> TablePosition {
    TablePosition(section: section, row: row)
  }

  @Test func showsThreeTitledSectionsOfMixedTypes() throws {
    assertRendering(
      of: TableView(dataSource: ContactCardDataSource(contact: ada)),
      """
      § Phone
        +44 20 7946 0018 — work {phone-number}
        +44 7700 900123 — mobile {phone-number}
      § Address
        12 St James's Square — SW1Y 4JH London > {postal-address}
      § E-mail
        ada@analytical.example — work {email-address}
      """)
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

    let cardRows = TableRendering(card)
    let activityRows = TableRendering(activity)
    #expect(activityRows.line(of: at(0, 0)) == cardRows.line(of: at(2, 0)))
    #expect(activityRows.line(of: at(0, 1)) == cardRows.line(of: at(0, 0)))
    #expect(activityRows.line(of: at(0, 2)) == cardRows.line(of: at(1, 0)))
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
