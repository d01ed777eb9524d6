import Foundation
import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

@Suite struct CarCatalogueTests {
  @Test func observersSeeTheWalkPushByPush() throws {
    let app = NavigationTester(try CarCatalogue.makeStack())
    app.tap("BMW")
    app.expectPush("BMW")
    app.tap("3 Series")
    app.expectPush("3 Series")
    app.back()
    app.expectPop("3 Series")
    app.tap("X3")
    app.expectPush("X3")
    app.perform("pop to root") { $0.popToRoot() }
    app.expectPop("X3")
    app.expectPop("BMW")
    app.tap("Citroën")
    app.expectPush("Citroën")
    app.expectBreadcrumbs(["Brands", "Citroën"])
  }

  @Test func drillsFromBrandsToModelsToTheDetail() throws {
    let app = NavigationTester(try CarCatalogue.makeStack())
    // Selecting BMW pushes its models, titled with the brand, back to "Brands".
    app.tap("BMW")
    app.expectPush("BMW")
    assertRendering(of: app.stack.top, "# BMW ‹ Brands\n  3 Series >\n  5 Series >\n  X3 >")
    // Selecting X3 pushes the detail, made from the session alone.
    app.tap("X3")
    app.expectPush("X3")
    assertRendering(
      of: app.stack.top,
      """
      # X3 ‹ BMW
        Brand — BMW (not selectable)
        Model — X3 (not selectable)
      """)
    #expect(app.stack.destinations.map { $0 as? CarLevel } == [.brands, .models, .detail])
    // The detail's rows lead nowhere and cannot be selected.
    app.tap("Brand")
    app.expectBreadcrumbs(["Brands", "BMW", "X3"])
  }

  @Test func sessionValuesGoWithTheLevelThatWroteThem() throws {
    let app = NavigationTester(try CarCatalogue.makeStack(), exhaustivity: .off)
    app.track(SessionKey<CarBrand>.brand)
    app.track(SessionKey<String>.model)
    app.tap("Alfa Romeo")
    app.expectSession(.brand, CarCatalogue.brands[0])
    app.tap("Stelvio")
    app.expectSession(.model, "Stelvio")
    // The detail wrote nothing; popping it keeps the model, written by the models level.
    app.back()
    // Popping the models level takes its model with it; the brand belongs to the root level.
    app.back()
    app.expectSession(.model, nil)
    // Choosing another brand overwrites the root level's value.
    app.tap("Citroën")
    app.expectSession(.brand, CarCatalogue.brands[2])
    app.expectTitle("Citroën")
    app.finish()
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
