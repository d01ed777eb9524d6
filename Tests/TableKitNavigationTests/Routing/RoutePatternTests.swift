import TableKit
import TableKitNavigation
import Testing

@Suite struct RoutePatternTests {
  @Test func readsLiteralsTypedParametersAndAWildcard() throws {
    let pattern = try RoutePattern("CARS://brands/{brand:id}/year/{year:int}/{name}/{rest*}")
    #expect(pattern.scheme == "cars")
    #expect(
      pattern.segments == [
        .literal("brands"), .parameter(name: "brand", kind: .id), .literal("year"),
        .parameter(name: "year", kind: .integer), .parameter(name: "name", kind: .string),
        .wildcard(name: "rest"),
      ])
    #expect(pattern.description == "cars://brands/{brand:id}/year/{year:int}/{name}/{rest*}")
  }

  @Test(arguments: [
    ("brands/{b}", "no \"://\""),
    ("1x://a", "scheme"),
    ("x://a/{b*}/c", "not the last segment"),
    ("x://a/{b}/{b}", "appears twice"),
    ("x://a/{b:float}", "not a parameter type"),
    ("x://a/{b:string}", "not a parameter type"),
    ("x://a/{1b}", "not a parameter name"),
    ("x://a/{}", "without closing"),
    ("x://a/{b", "without closing"),
    ("x://a//b", "empty"),
    ("x://a/b c", "outside"),
    ("x://a/%2F", "outside"),
    ("x://a/..", "outside"),
  ])
  func refusesBadPatternsSayingWhy(_ text: String, _ reason: String) {
    let error = #expect(throws: RoutingError.self) { try RoutePattern(text) }
    guard case .invalidPattern(let pattern, let problem) = error else {
      Issue.record("expected invalidPattern, got \(String(describing: error))")
      return
    }
    #expect(pattern == text)
    #expect(problem.contains(reason), "\(problem)")
  }

  @Test func precedenceIsLiteralThenIntThenIDThenStringThenWildcardSegmentBySegment() throws {
    let ordered = try [
      "x://a/b", "x://a/{n:int}", "x://a/{i:id}", "x://a/{s}", "x://a/{w*}", "x://{s}/b",
      "x://{s}/{t}",
    ].map(RoutePattern.init)
    for (i, first) in ordered.enumerated() {
      for (j, second) in ordered.enumerated() {
        #expect(first.precedes(second) == (i < j), "\(first) vs \(second)")
      }
    }
  }
}
