import TableKit
import TableKitNavigation
import Testing

@Suite struct RouterTests {
  @Test func aDeepLinkGivesEveryLevelRootFirst() throws {
    let router = try CarRoute.makeRouter()
    let levels = try router.destinations(for: "cars://brands/bmw/models/i4")
    #expect(
      levels == [
        .brands, .models(brand: ObjectID("bmw")),
        .detail(brand: ObjectID("bmw"), model: ObjectID("i4")),
      ])
    #expect(
      levels.map { router.url(for: $0) } == [
        "cars://brands", "cars://brands/bmw/models", "cars://brands/bmw/models/i4",
      ])
  }

  @Test func printsIDsThatAreNotURLSafeAsBase64() throws {
    let router = try CarRoute.makeRouter()
    let skoda = CarRoute.models(brand: ObjectID("Škoda"))
    #expect(router.url(for: skoda) == "cars://brands/~xaBrb2Rh/models")
    #expect(try router.match("cars://brands/~xaBrb2Rh/models") == skoda)
  }

  @Test func matchNamesTheSegmentOfANonCanonicalID() throws {
    let router = try CarRoute.makeRouter()
    // "QR" sets pad bits ("QQ" is the one spelling of the byte 0x41).
    let error = #expect(throws: RoutingError.self) {
      try router.match("cars://brands/~QR/models")
    }
    guard case .invalidParameter(let url, let segment, let name, let pattern, let problem) = error
    else {
      Issue.record("expected invalidParameter, got \(String(describing: error))")
      return
    }
    #expect(url == "cars://brands/~QR/models")
    #expect(segment == 1)
    #expect(name == "brand")
    #expect(pattern == "cars://brands/{brand:id}/models")
    #expect(problem.contains("not canonical"))
    // A plain ID spelled as Base64 is a second spelling too.
    #expect(throws: RoutingError.self) { try router.match("cars://brands/~Ym13/models") }
  }

  @Test func aURLNoPatternMatchesIsNoRouteWithItsCanonicalForm() throws {
    let router = try CarRoute.makeRouter()
    #expect(throws: RoutingError.noRoute(url: "CARS://brands/bmw/", canonical: "cars://brands/bmw"))
    {
      try router.match("CARS://brands/bmw/")
    }
    #expect(throws: RoutingError.noRoute(url: "dogs://brands", canonical: "dogs://brands")) {
      try router.match("dogs://brands")
    }
  }

  @Test func refusesTwoPatternsThatCannotBeToldApartNamingBoth() throws {
    var router = try CarRoute.makeRouter()
    let error = #expect(throws: RoutingError.self) {
      try router.register("CARS://brands/{name:id}/models") { _ in
        nil
      } parameters: { _ in
        nil
      }
    }
    #expect(
      error
        == .ambiguousPatterns(
          pattern: "cars://brands/{name:id}/models", existing: "cars://brands/{brand:id}/models"))
    #expect(router.routes.count == 3)
    // Different kinds at the same place are told apart by precedence, so they are allowed.
    try router.register("cars://brands/{name}/models") { _ in
      nil
    } parameters: { _ in
      nil
    }
  }

  @Test func aRouteThatRefusesItsValuesIsAnErrorNotANil() throws {
    var router = Router<CarRoute>()
    try router.register("cars://x/{n:int}") { _ in
      nil
    } parameters: { _ in
      nil
    }
    #expect(throws: RoutingError.rejectedByRoute(url: "cars://x/1", pattern: "cars://x/{n:int}")) {
      try router.match("cars://x/1")
    }
  }

  @Test func backtracksWhenALiteralBranchFailsFurtherOn() throws {
    var router = Router<Tag>()
    try router.register("x://a/b/c") { _ in
      Tag("abc")
    } parameters: { _ in
      nil
    }
    try router.register("x://a/{s}/d") { _ in
      Tag("asd")
    } parameters: { _ in
      nil
    }
    // "b" goes down the literal branch first, which has no "d"; the parameter branch wins.
    #expect(try router.match("x://a/b/d") == Tag("asd"))
    #expect(try router.match("x://a/b/c") == Tag("abc"))
  }

  @Test func aPrintedURLAlwaysRoutesBack() throws {
    var router = Router<Tag>()
    // This route prints URLs that the literal route wins: it never answers them.
    try router.register("x://{s}") {
      Tag($0.string("s") ?? "")
    } parameters: {
      ["s": .string($0.name)]
    }
    try router.register("x://special") { _ in
      Tag("other")
    } parameters: { _ in
      nil
    }
    #expect(router.url(for: Tag("plain")) == "x://plain")
    #expect(router.url(for: Tag("special")) == nil)
    #expect(router.url(for: Tag("other")) == "x://other")
  }

  @Test func parentsWithoutARouteAndCyclesAreErrors() throws {
    var router = Router<Tag>(parent: { $0.name == "child" ? Tag("orphan") : Tag("child") })
    try router.register("x://{s}") {
      Tag($0.string("s") ?? "")
    } parameters: {
      $0.name == "orphan" ? nil : ["s": .string($0.name)]
    }
    #expect(throws: RoutingError.noURL(destination: String(describing: Tag("orphan")))) {
      try router.destinations(for: "x://child")
    }
    let looping = try {
      var router = Router<Tag>(parent: { $0 })
      try router.register("x://{s}") {
        Tag($0.string("s") ?? "")
      } parameters: {
        ["s": .string($0.name)]
      }
      return router
    }()
    #expect(
      throws: RoutingError.parentChainTooLong(destination: String(describing: Tag("a")), limit: 64)
    ) {
      try looping.destinations(for: "x://a")
    }
  }
}

/// A destination that names its route's pattern.
struct KeyedTag: RoutePrintable {
  let name: String
  let routePattern: String
}

@Suite struct RoutePrintableTests {
  @Test func aDestinationThatNamesItsRouteIsPrintedByThatRouteAlone() throws {
    var router = Router<KeyedTag>()
    try router.register("x://a/{s}") {
      KeyedTag(name: $0.string("s") ?? "", routePattern: "x://a/{s}")
    } parameters: {
      ["s": .string($0.name)]
    }
    try router.register("x://b/{s}") {
      KeyedTag(name: $0.string("s") ?? "", routePattern: "x://b/{s}")
    } parameters: {
      ["s": .string($0.name)]
    }
    #expect(router.url(for: KeyedTag(name: "q r", routePattern: "x://b/{s}")) == "x://b/q%20r")
    #expect(router.url(for: KeyedTag(name: "q", routePattern: "x://a/{s}")) == "x://a/q")
    // A pattern not registered prints nothing, even where another route would print it.
    #expect(router.url(for: KeyedTag(name: "q", routePattern: "x://c/{s}")) == nil)
    // Still checked: a value no URL carries prints nothing.
    #expect(router.url(for: KeyedTag(name: "..", routePattern: "x://a/{s}")) == nil)
  }
}

/// A destination named by a string, for routers in tests.
struct Tag: NavigationDestination, CustomStringConvertible {
  let name: String
  init(_ name: String) { self.name = name }
  var description: String { "Tag(\(name))" }
}
