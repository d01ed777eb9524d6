import Showroom
import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

@Suite struct CatalogueTests {
  private let skoda = Catalogue.brands[1]

  @Test func drillsFromBrandsToAModelAndBack() throws {
    let app = NavigationTester(try Catalogue.makeStack())
    app.track(SessionKey<Brand>.brand)
    app.track(SessionKey<Model>.model)
    assertRendering(
      of: app.stack.top,
      """
      # Brands
        Alfa Romeo — Italy > {brand}
        Škoda — Czechia > {brand}
      """)

    app.tap("Škoda")
    app.expectSession(.brand, skoda)
    app.expectPush("Škoda", from: skoda)
    assertRendering(
      of: app.stack.top,
      """
      # Škoda ‹ Brands
        Octavia — Estate > {model}
        Enyaq — SUV > {model}
      """)

    app.tap("Enyaq")
    app.expectSession(.model, skoda.models[1])
    app.expectPush("Škoda Enyaq", from: skoda.models[1])
    app.expectBreadcrumbs(["Brands", "Škoda", "Škoda Enyaq"])
    assertRendering(
      of: app.stack.top,
      """
      # Škoda Enyaq ‹ Škoda
        Brand — Škoda (not selectable)
        Model — Enyaq (not selectable)
        Body — SUV (not selectable)
      """)

    app.back()
    app.expectPop("Škoda Enyaq")
    app.finish()
  }

  @Test func everyLevelPasses() throws {
    let report = assertEveryLevel(of: try Catalogue.makeStack())
    #expect(report.levelsVisited == 7)
  }
}
