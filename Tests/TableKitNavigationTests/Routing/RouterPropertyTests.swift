import TableKit
import TableKitNavigation
import TableKitTestSupport
import Testing

/// Random IDs built from the characters URLs mangle most.
struct HostileIDGenerator {
  var random: SeededGenerator

  static let pieces: [String] = [
    "/", "?", "#", "%", "+", " ", "~", ".", "..", "=", "&", "%2F", "%25", "é", "Ж", "🚗", "e\u{301}",
    "中文", "a", "Z", "0", "-", "_", "bmw", "\u{FEFF}", "\u{202E}", "'", "\"", "<", ">", "\\",
  ]

  mutating func id() -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0:
      // About 1 KB.
      var text = ""
      while text.utf8.count < 1_024 { text += Self.pieces.randomElement(using: &random) ?? "" }
      return text
    case 1:
      return ""
    default:
      let count = Int.random(in: 1...12, using: &random)
      return (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
    }
  }
}

@Suite struct RouterPropertyTests {
  @Test func matchOfURLForIsTheLevelForIDsHoldingWhatURLsMangle() throws {
    let router = try CarRoute.makeRouter()
    var generator = HostileIDGenerator(random: SeededGenerator(state: 22))
    var checked = 0
    var longest = 0
    for _ in 0..<600 {
      let brand = ObjectID(generator.id())
      let model = ObjectID(generator.id())
      for level in [CarRoute.models(brand: brand), .detail(brand: brand, model: model)] {
        let url = try #require(router.url(for: level), "no URL for \(level)")
        #expect(try router.match(url) == level)
        // Canonical: reading the URL and printing it again gives the same string.
        #expect(try RouteURL(parsing: url).description == url)
        longest = max(longest, url.utf8.count)
        checked += 1
      }
    }
    #expect(checked == 1_200)
    #expect(longest > 1_300)  // the 1 KB IDs were among them
  }

  @Test func stringParametersRoundTripOrHaveNoURLNeverAWrongOne() throws {
    var router = Router<Tag>()
    try router.register("x://s/{name}") {
      Tag($0.string("name") ?? "")
    } parameters: {
      ["name": .string($0.name)]
    }
    var generator = HostileIDGenerator(random: SeededGenerator(state: 7))
    var printed = 0
    for _ in 0..<2_000 {
      var name = generator.id()
      if name.utf8.count % 7 == 0 { name += "\u{0}" }
      let level = Tag(name)
      guard let url = router.url(for: level) else {
        // Only values no URL can carry: empty, dot segments and controls.
        #expect(
          name.isEmpty || name == "." || name == ".."
            || name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
          "no URL for \(name.debugDescription)")
        continue
      }
      #expect(try router.match(url) == level)
      printed += 1
    }
    #expect(printed > 1_500)
  }

  /// Six overlapping patterns, and the pattern each URL of the corpus must go to (worked out by
  /// hand from the published precedence).
  static let overlapping = [
    "x://a/b", "x://a/{n:int}", "x://a/{i:id}", "x://a/{s}", "x://a/{w*}", "x://{s}/b",
  ]
  static let corpus: [(url: String, winner: String?)] = [
    ("x://a/b", "x://a/b"),
    ("x://a/12", "x://a/{n:int}"),
    ("x://a/-5", "x://a/{n:int}"),
    ("x://a/007", "x://a/{i:id}"),
    ("x://a/bmw", "x://a/{i:id}"),
    ("x://a/~xaBrb2Rh", "x://a/{i:id}"),
    ("x://a/~QR", "x://a/{s}"),
    ("x://a/a%20b", "x://a/{s}"),
    ("x://a/%2Fb", "x://a/{s}"),
    ("x://a/b/c", "x://a/{w*}"),
    ("x://a/x/y/z", "x://a/{w*}"),
    ("x://q/b", "x://{s}/b"),
    ("x://a%20/b", "x://{s}/b"),
    ("X://A/b", "x://{s}/b"),
    ("x://q/c", nil),
    ("x://a", nil),
    ("x://", nil),
  ]

  @Test func theWinnerIsTheSameForEveryOrderOfRegistration() throws {
    var orders = 0
    for order in Self.permutations(of: Array(Self.overlapping.indices)) {
      var router = Router<Tag>()
      for index in order {
        let pattern = Self.overlapping[index]
        try router.register(pattern) { _ in
          Tag(pattern)
        } parameters: { _ in
          nil
        }
      }
      for (url, winner) in Self.corpus {
        let found = try? router.match(url)
        #expect(found?.name == winner, "\(url) with order \(order)")
      }
      orders += 1
    }
    #expect(orders == 720)
  }

  static func permutations(of items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index -> [[Int]] in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(of: rest).map { [first] + $0 }
    }
  }
}
