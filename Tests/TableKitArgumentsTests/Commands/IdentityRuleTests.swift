import TableKit
import TableKitNavigation
import TableRender
import Testing
import tablekit

/// Strings made of pieces that Unicode spells several ways, from a fixed seed.
///
/// Each piece has forms: canonically equivalent ones (NFC and NFD `é`, reordered combining marks,
/// Hangul syllables and jamo, the KELVIN, OHM and ANGSTROM signs, the Greek question mark) and
/// compatibility ones (`ﬁ`, full-width `Ａ`, `²`), which Swift's `String ==` tells apart.
struct UnicodeForms {
  static let pieces: [[String]] = [
    ["a"], ["z"], ["-"], [" "], ["/"], ["%"],
    ["K", "\u{212A}"],
    ["\u{3A9}", "\u{2126}"],
    ["\u{C5}", "A\u{30A}", "\u{212B}"],
    ["\u{E9}", "e\u{301}"],
    ["\u{F6}", "o\u{308}"],
    ["e\u{301}\u{323}", "e\u{323}\u{301}", "\u{1EB9}\u{301}", "\u{E9}\u{323}"],
    ["\u{D55C}", "\u{1112}\u{1161}\u{11AB}"],
    [";", "\u{37E}"],
    ["fi", "\u{FB01}"],
    ["A", "\u{FF21}"],
    ["2", "\u{B2}"],
  ]

  /// The pieces whose first form is ASCII that a route literal may hold.
  static let literalPieces = pieces.indices.filter {
    pieces[$0][0].utf8.allSatisfy { byte in
      byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "/")
        && byte != UInt8(ascii: "%") && byte != UInt8(ascii: ";")
    }
  }

  /// SplitMix64.
  var state: UInt64

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }

  /// Up to six pieces, from `choices`.
  mutating func pieceList(from choices: [Int]) -> [Int] {
    (0...next(6)).map { _ in choices[next(choices.count)] }
  }

  /// `pieces` each in a form chosen at random, or always the first.
  mutating func spell(_ pieces: [Int], firstForms: Bool = false) -> String {
    pieces.map { Self.pieces[$0][firstForms ? 0 : next(Self.pieces[$0].count)] }.joined()
  }

  /// Two strings: often the same pieces in other forms, sometimes the same bytes, sometimes
  /// unrelated.
  mutating func pair() -> (String, String) {
    let pieces = pieceList(from: Array(Self.pieces.indices))
    let first = spell(pieces)
    switch next(4) {
    case 0: return (first, first)
    case 1: return (first, spell(pieceList(from: Array(Self.pieces.indices))))
    default: return (first, spell(pieces))
    }
  }
}

/// TableKit's identity rule (two strings are the same exactly when their UTF-8 bytes are),
/// checked for every identity type over generated Unicode: `a == b ⇔ url(a) == url(b)`.
///
/// Here because this test target is the one that sees all of them: TableKit's IDs, URLs and
/// routes, TableRender's page names and the `tablekit` command's groups.
@Suite struct IdentityRuleTests {
  static let count = 5_000

  /// What a test router routes to.
  enum Hit: NavigationDestination {
    case literal
    case name(String)
  }

  static func pairs() -> [(String, String)] {
    var forms = UnicodeForms(state: 0x7AB1_E417)
    return (0..<count).map { _ in forms.pair() }
  }

  static func same(_ a: String, _ b: String) -> Bool { Array(a.utf8) == Array(b.utf8) }

  @Test func theGeneratorMakesCanonicallyEquivalentPairsThatDifferInBytes() {
    let pairs = Self.pairs()
    // The cases that matter are there: Swift calls them equal, their bytes differ.
    let equivalent = pairs.filter { $0.0 == $0.1 && !Self.same($0.0, $0.1) }.count
    #expect(equivalent > Self.count / 5)
    #expect(pairs.filter { Self.same($0.0, $0.1) }.count > Self.count / 5)
  }

  @Test func objectIDs() throws {
    for (a, b) in Self.pairs() {
      let same = Self.same(a, b)
      let (x, y) = (ObjectID(a), ObjectID(b))
      #expect((x == y) == same, "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
      #expect(Self.same(x.segment, y.segment) == same)
      #expect(Set([x, y]).count == (same ? 1 : 2))
      #expect(try ObjectID(segment: x.segment) == x)
    }
  }

  @Test func routeURLsAndValues() throws {
    for (a, b) in Self.pairs() {
      let same = Self.same(a, b)
      let (x, y) = (RouteURL(scheme: "k", segments: [a]), RouteURL(scheme: "k", segments: [b]))
      #expect((x == y) == same)
      #expect(Self.same(x.description, y.description) == same)
      #expect(Set([x, y]).count == (same ? 1 : 2))
      #expect(try RouteURL(parsing: x.description) == x)
      #expect((RouteValue.string(a) == RouteValue.string(b)) == same)
      #expect((RouteValue.segments([a]) == RouteValue.segments([b])) == same)
      #expect(Set([RouteValue.string(a), .string(b)]).count == (same ? 1 : 2))
    }
  }

  /// A literal matches a segment exactly when the URL printed for the literal's route is the
  /// URL matched.
  @Test func routeLiterals() throws {
    var forms = UnicodeForms(state: 0x11_7E4A)
    var matched = 0
    for _ in 0..<Self.count {
      let pieces = forms.pieceList(from: UnicodeForms.literalPieces)
      let literal = forms.spell(pieces, firstForms: true)
      let segment = forms.spell(pieces)
      var router = Router<Hit>()
      try router.register("k://x/" + literal) { _ in
        .literal
      } parameters: {
        $0 == .literal ? [:] : nil
      }
      try router.register("k://x/{name}") {
        $0.string("name").map(Hit.name)
      } parameters: {
        if case .name(let name) = $0 { ["name": .string(name)] } else { nil }
      }
      let url = RouteURL(scheme: "k", segments: ["x", segment]).description
      let isLiteral = try router.match(url) == .literal
      let printed = try #require(router.url(for: .literal))
      #expect(isLiteral == Self.same(literal, segment), "\(Array(segment.unicodeScalars))")
      #expect(isLiteral == Self.same(printed, url))
      if isLiteral { matched += 1 }
    }
    #expect(matched > 0 && matched < Self.count)
  }

  @Test func theKelvinSignIsNotK() throws {
    var router = Router<Hit>()
    try router.register("k://Kafka") { _ in
      .literal
    } parameters: {
      $0 == .literal ? [:] : nil
    }
    #expect(try router.match("k://Kafka") == .literal)
    #expect(throws: RoutingError.self) { try router.match("k://%E2%84%AAafka") }
    #expect(ObjectID("Zo\u{EB}") != ObjectID("Zoe\u{308}"))
  }

  @Test func pageNames() {
    let naming = SitePageNaming(rootURL: "k://")
    for (a, b) in Self.pairs() {
      let same = Self.same(a, b)
      let (x, y) = (naming.name(forSegment: a), naming.name(forSegment: b))
      #expect(Self.same(x, y) == same, "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
      let rooted = SitePageNaming(rootURL: "k://" + a)
      #expect(rooted.path(for: "k://" + b).segments.isEmpty == same)
      #expect(
        Self.same(
          naming.path(for: "k://x/" + a).file(), naming.path(for: "k://x/" + b).file())
          == same)
    }
  }

  @Test func groupingKeys() throws {
    for (a, b) in Self.pairs() {
      let same = Self.same(a, b)
      let site = GroupedSite(
        title: "t", columns: [ColumnDefinition("v")], groupColumns: [0],
        rows: [[.text(a)], [.text(b)]])
      let index = try #require(site.makeStack().controllers.last)
      #expect(index.table.shape.rowCounts == [same ? 1 : 2])
      let (x, y) = (GroupedSite.Level(values: [a]), GroupedSite.Level(values: [b]))
      #expect((x == y) == same)
      #expect(Set([x, y]).count == (same ? 1 : 2))
    }
  }

  /// The case end to end: `é` composed and decomposed, `Ω` and the OHM SIGN are four
  /// groups with four pages.
  @Test func groupsOfEquivalentValuesAreTheirOwnPages() throws {
    let values = ["caf\u{E9}", "cafe\u{301}", "\u{3A9}", "\u{2126}", "caf\u{E9}"]
    let site = GroupedSite(
      title: "t", columns: [ColumnDefinition("v")], groupColumns: [0],
      rows: values.map { [.text($0)] })
    var pages: [String] = []
    _ = try SiteExporter().export(site.makeStack()) { (path, _) throws(SiteExportError) in
      pages.append(path)
    }
    #expect(pages.filter { $0.hasSuffix(".html") }.count == 1 + 4)
  }
}
