import TableKit
import TableKitNavigation
import Testing

/// The snippets of the DocC article "Routing and restoration", run as written.
///
/// The article's `CarRoute` and router are `CarRoute.swift`; its `CatalogueResolver` is
/// `RoutedCatalogue.swift`. What the article's comments say is checked.
@Suite struct RoutingArticleTests {
  let router: Router<CarRoute>
  init() throws { router = try CarRoute.makeRouter() }

  @Test func theDeepLink() async throws {
    let report = await router.open("cars://brands/bmw/models/i4", resolver: CatalogueResolver())
    let stack = try #require(report.navigationController)
    #expect(stack.breadcrumbs == ["Brands", "BMW", "BMW i4"])
    #expect(stack.top.backTitle == "BMW")
    #expect(
      stack.urls(using: router) == [
        "cars://brands", "cars://brands/bmw/models", "cars://brands/bmw/models/i4",
      ])

    let gone = await router.open("cars://brands/bmw/models/m1", resolver: CatalogueResolver())
    #expect(gone.navigationController?.breadcrumbs == ["Brands", "BMW"])
    #expect(gone.dropped.map(\.reason) == [.missingObject(url: "cars://brands/bmw/models/m1")])
  }

  @Test func relaunch() async throws {
    let stack = try #require(
      await router.open("cars://brands/bmw/models/i4", resolver: CatalogueResolver())
        .navigationController)
    try stack.root.table.selectRow(at: TablePosition(section: 0, row: 1))
    let text = router.save(stack)
    #expect(text.hasPrefix(#"{"levels":[{"selection":[[0,1]],"url":"cars:\/\/brands"},"#))
    #expect(text.hasSuffix(#""version":2}"#))
    let restored = await router.restore(text, resolver: CatalogueResolver())
    #expect(restored.isComplete)
    #expect(restored.navigationController?.breadcrumbs == ["Brands", "BMW", "BMW i4"])
  }

  @Test func objectIDs() throws {
    #expect(ObjectID("bmw").segment == "bmw")
    #expect(ObjectID("Citroën").segment == "~Q2l0cm_Dq24")
    #expect(throws: ObjectIDError.plainIDEncoded("bmw")) { try ObjectID(segment: "~Ym13") }
  }

  @Test func theRules() throws {
    #expect(try RouteURL(parsing: "CARS://brands/").description == "cars://brands")
    #expect(try RouteURL(parsing: "x://a%2Fb").segments == ["a/b"])
    #expect(try RouteURL(parsing: "x://a%252F").segments == ["a%2F"])
    #expect(
      try router.match("cars://brands/bmw/models/i4")
        == .detail(brand: ObjectID("bmw"), model: ObjectID("i4")))
  }
}
