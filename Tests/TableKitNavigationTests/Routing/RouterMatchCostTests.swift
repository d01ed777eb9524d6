import Foundation
import TableKit
import TableKitNavigation
import TableKitTestSupport
import Testing

/// The bound on a match's backtracking: ``Router/maximumMatchCost``.
@Suite struct RouterMatchCostTests {
  /// A level named by its pattern.
  struct Level: NavigationDestination {
    var pattern: String
  }

  static func route(_ pattern: String) throws -> Route<Level> {
    try Route(pattern) { _ in
      Level(pattern: pattern)
    } parameters: {
      $0.pattern == pattern ? [:] : nil
    }
  }

  /// `adv://{p0:K}/…/{p7:K}/end` for the `code`th choice of `K` among `int`, `id` and string.
  static func adversarialPattern(_ code: Int, places: Int) -> String {
    let kinds = [":int", ":id", ""]
    var rest = code
    var segments: [String] = []
    for place in 0..<places {
      segments.append("{p\(place)\(kinds[rest % 3])}")
      rest /= 3
    }
    return "adv://" + segments.joined(separator: "/") + "/end"
  }

  /// The issue's set of 3⁸ = 6,561 routes is refused before it is whole.
  ///
  /// A URL that fails at its last segment tried every route (4.5 ms against 4 µs with one
  /// route). The router refuses the route that would take a
  /// match past the bound, and stays as it was.
  @Test func refusesTheRouteThatMakesMatchingBacktrackPastTheBound() throws {
    var router = Router<Level>()
    var registered: [String] = []
    var refused: (pattern: String, error: RoutingError)?
    for code in 0..<6_561 {
      let pattern = Self.adversarialPattern(code, places: 8)
      do {
        try router.register(Self.route(pattern))
        registered.append(pattern)
      } catch let error as RoutingError {
        refused = (pattern, error)
        break
      }
    }
    let (pattern, error) = try #require(refused)
    guard case .invalidPattern(pattern, let problem) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(problem.contains("more than the 4096 a router allows"), "\(problem)")
    #expect(registered.count < 6_561)
    // Unchanged: the refused pattern's URLs are not its, the others still route, a failing URL
    // stays within the bound.
    let url = "adv://" + (1...8).map(String.init).joined(separator: "/")
    #expect(try router.match(url + "/end") == Level(pattern: registered[0]))
    #expect(try router.matchSteps(url + "/nope") <= Router<Level>.maximumMatchCost)
    #expect(try router.matchSteps(url + "/nope") > 1_000)
    let ownSegments = try RoutePattern(pattern).segments.dropLast().map { segment in
      switch segment {
      case .parameter(_, .integer): "7"
      case .parameter(_, .id): "bmw"
      default: "x.y"
      }
    }
    let ownURL = "adv://" + ownSegments.joined(separator: "/") + "/end"
    #expect((try? router.match(ownURL)) != Level(pattern: pattern))
    try router.register(Self.route("adv://other"))
    #expect(try router.match("adv://other") == Level(pattern: "adv://other"))
  }

  /// Fewer places are accepted whole, and a failing URL tries each branch once.
  @Test func aSetWithinTheBoundIsAcceptedAndAFailureVisitsEachBranchOnce() throws {
    var router = Router<Level>()
    for code in 0..<729 {
      try router.register(Self.route(Self.adversarialPattern(code, places: 6)))
    }
    let url = "adv://" + (1...6).map(String.init).joined(separator: "/")
    // 1 + 3 + … + 3⁶ nodes, none of them `end`.
    #expect(try router.matchSteps(url + "/nope") == 1_093)
    #expect(try router.match(url + "/end") == Level(pattern: Self.adversarialPattern(0, places: 6)))
  }

  /// Random route sets of literals, parameters and wildcards: the router's winner is the first
  /// matching pattern by `precedes(_:)` (checked against every pattern), and no match takes more
  /// steps than the bound.
  @Test func theWinnerIsThePublishedPrecedenceAndStepsStayBounded() throws {
    let choices = ["7", "a", "end", "{x:int}", "{x:id}", "{x}"]
    let values = ["7", "a", "end", "-3", "x.y", "~w6k", "bmw", "007"]
    var random = SeededGenerator(state: 34)
    var matches = 0
    for _ in 0..<60 {
      var router = Router<Level>()
      var patterns: [RoutePattern] = []
      for _ in 0..<Int.random(in: 1...120, using: &random) {
        let count = Int.random(in: 1...5, using: &random)
        var segments = (0..<count).map { place in
          choices.randomElement(using: &random)?.replacingOccurrences(of: "x", with: "x\(place)")
            ?? ""
        }
        if Bool.random(using: &random), Bool.random(using: &random) { segments.append("{rest*}") }
        let text = "r://" + segments.joined(separator: "/")
        do {
          try router.register(Self.route(text))
          patterns.append(try RoutePattern(text))
        } catch {
          continue
        }
      }
      for _ in 0..<40 {
        let count = Int.random(in: 1...6, using: &random)
        let segments = (0..<count).map { _ in values.randomElement(using: &random) ?? "" }
        let url = "r://" + segments.joined(separator: "/")
        let winner = patterns.filter { Self.matches($0, segments) }
          .min { $0.precedes($1) }
        let found = try? router.matchRoute(url).pattern
        #expect(found == winner, "\(url)")
        #expect(try router.matchSteps(url) <= Router<Level>.maximumMatchCost)
        if found != nil { matches += 1 }
      }
    }
    #expect(matches > 200)
  }

  /// Whether `pattern` matches `segments`, segment by segment, from the published rules.
  static func matches(_ pattern: RoutePattern, _ segments: [String]) -> Bool {
    for (place, part) in pattern.segments.enumerated() {
      if case .wildcard = part { return segments.count > place }
      guard place < segments.count else { return false }
      let value = segments[place]
      switch part {
      case .literal(let text): if Array(text.utf8) != Array(value.utf8) { return false }
      case .parameter(_, .integer): if Int(value).map(String.init) != value { return false }
      case .parameter(_, .id): if (try? ObjectID(segment: value)) == nil { return false }
      case .parameter(_, .string), .wildcard: break
      }
    }
    return pattern.segments.count == segments.count
  }
}
