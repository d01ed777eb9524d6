import Foundation
import TableKit
import Testing

@Suite struct CarCatalogueTests {
  @Test func observersSeeTheWalkPushByPush() throws {
    let stack = try CarCatalogue.makeStack()
    let transcript = NavigationEventLog()
    stack.addObserver(transcript)
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    try stack.selectRow(at: TablePosition(section: 0, row: 0))
    try stack.pop()
    try stack.selectRow(at: TablePosition(section: 0, row: 2))
    stack.popToRoot()
    try stack.selectRow(at: TablePosition(section: 0, row: 2))

    #expect(
      transcript.lines == [
        "push BMW", "push 3 Series", "pop 3 Series", "push X3", "pop X3", "pop BMW",
        "push Citroën",
      ])
    #expect(stack.breadcrumbs == ["Brands", "Citroën"])
  }

  @Test func drillsFromBrandsToModelsToTheDetail() throws {
    let stack = try CarCatalogue.makeStack()
    #expect(stack.breadcrumbs == ["Brands"])
    #expect(stack.top.table.shape.rowCounts == [3])

    // Selecting BMW pushes its models, titled with the brand, back to "Brands".
    let models = try #require(try stack.selectRow(at: TablePosition(section: 0, row: 1)))
    #expect(stack.top === models)
    #expect(models.title == "BMW")
    #expect(models.backTitle == "Brands")
    #expect(stack.breadcrumbs == ["Brands", "BMW"])
    #expect(try models.table.cell(at: TablePosition(section: 0, row: 2)).text == "X3")

    // Selecting X3 pushes the detail, made from the session alone.
    let detail = try #require(try stack.selectRow(at: TablePosition(section: 0, row: 2)))
    #expect(detail.title == "X3")
    #expect(detail.backTitle == "BMW")
    #expect(stack.breadcrumbs == ["Brands", "BMW", "X3"])
    let rows = try (0..<2).map { row in
      let cell = try detail.table.cell(at: TablePosition(section: 0, row: row))
      return "\(cell.text): \(cell.detailText ?? "")"
    }
    #expect(rows == ["Brand: BMW", "Model: X3"])
    #expect(stack.destinations.map { $0 as? CarLevel } == [.brands, .models, .detail])

    // The detail's rows lead nowhere and cannot be selected.
    #expect(try stack.selectRow(at: TablePosition(section: 0, row: 0)) == nil)
    #expect(stack.depth == 3)
  }

  @Test func sessionValuesGoWithTheLevelThatWroteThem() throws {
    let stack = try CarCatalogue.makeStack()
    try stack.selectRow(at: TablePosition(section: 0, row: 0))
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    #expect(stack.session.value(for: .brand)?.name == "Alfa Romeo")
    #expect(stack.session.value(for: .model) == "Stelvio")

    // The detail wrote nothing; popping it keeps the model, written by the models level.
    try stack.pop()
    #expect(stack.session.value(for: .model) == "Stelvio")
    // Popping the models level takes its model with it; the brand belongs to the root level.
    try stack.pop()
    #expect(stack.session.value(for: .model) == nil)
    #expect(stack.session.value(for: .brand)?.name == "Alfa Romeo")

    // Choosing another brand overwrites the root level's value.
    let models = try #require(try stack.selectRow(at: TablePosition(section: 0, row: 2)))
    #expect(models.title == "Citroën")
    #expect(stack.session.value(for: .brand)?.name == "Citroën")
  }

  @Test func aLevelWhoseSessionValueIsMissingIsATypedError() throws {
    let stack = try CarCatalogue.makeStack()
    let error = #expect(throws: NavigationError.self) { try stack.push(CarLevel.models) }
    #expect(error == .missingSessionValue(key: "brand"))
    #expect(
      error?.localizedDescription
        == "The session has no value for the key \"brand\": no level on the stack wrote one, "
        + "or the level that wrote it was popped.")
    #expect(stack.depth == 1)
  }

  @Test func twoCataloguesDoNotShareASession() throws {
    let first = try CarCatalogue.makeStack()
    let second = try CarCatalogue.makeStack()
    try first.selectRow(at: TablePosition(section: 0, row: 1))
    try second.selectRow(at: TablePosition(section: 0, row: 0))
    #expect(first.top.title == "BMW")
    #expect(second.top.title == "Alfa Romeo")
    #expect(first.session.value(for: .brand)?.name == "BMW")
  }
}
