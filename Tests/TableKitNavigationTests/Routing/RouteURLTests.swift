import TableKit
import TableKitNavigation
import Testing

@Suite struct RouteURLTests {
  @Test func splitsWhileEncodedAndDecodesEachSegmentOnce() throws {
    let url = try RouteURL(parsing: "cars://brands/a%2Fb/models/%2541")
    #expect(url.segments == ["brands", "a/b", "models", "%41"])
    #expect(url.description == "cars://brands/a%2Fb/models/%2541")
  }

  @Test func normalisesSchemeCaseAndOneTrailingSlash() throws {
    let url = try RouteURL(parsing: "CaRs://brands/bmw/")
    #expect(url.scheme == "cars")
    #expect(url.segments == ["brands", "bmw"])
    #expect(url.description == "cars://brands/bmw")
  }

  @Test func printsEveryByteOutsideTheUnreservedSetEncoded() throws {
    let url = RouteURL(scheme: "x", segments: ["a b/c?d#e%f+g", "Škoda", "~-._"])
    #expect(url.description == "x://a%20b%2Fc%3Fd%23e%25f%2Bg/%C5%A0koda/~-._")
    #expect(try RouteURL(parsing: url.description) == url)
  }

  @Test func readsRawSubDelimitersAsThemselvesAndPrintsThemEncoded() throws {
    let url = try RouteURL(parsing: "x://a/b+c:d@e!$&'()*,;=")
    #expect(url.segments == ["a", "b+c:d@e!$&'()*,;="])
    #expect(url.description == "x://a/b%2Bc%3Ad%40e%21%24%26%27%28%29%2A%2C%3B%3D")
  }

  @Test func emptyPathHasNoSegments() throws {
    #expect(try RouteURL(parsing: "cars://").segments == [])
  }

  /// One hostile URL and the part and problem the error must name.
  struct Hostile: Sendable, CustomTestStringConvertible {
    let url: String
    let part: RoutingError.URLPart
    let problem: RoutingError.URLProblem
    var testDescription: String { url.debugDescription }
  }

  static let hostile: [Hostile] = [
    Hostile(
      url: "cars://brands//models", part: .segment(index: 1, text: ""), problem: .emptySegment),
    Hostile(url: "cars:///brands", part: .segment(index: 0, text: ""), problem: .emptySegment),
    Hostile(url: "cars://brands//", part: .segment(index: 1, text: ""), problem: .emptySegment),
    Hostile(url: "cars://brands/./x", part: .segment(index: 1, text: "."), problem: .dotSegment),
    Hostile(url: "cars://brands/../x", part: .segment(index: 1, text: ".."), problem: .dotSegment),
    Hostile(url: "cars://brands/%2E", part: .segment(index: 1, text: "%2E"), problem: .dotSegment),
    Hostile(
      url: "cars://brands/%2e%2E", part: .segment(index: 1, text: "%2e%2E"), problem: .dotSegment),
    Hostile(
      url: "cars://brands/.%2e", part: .segment(index: 1, text: ".%2e"), problem: .dotSegment),
    Hostile(url: "cars://brands?x=1", part: .query("?x=1"), problem: .query),
    Hostile(url: "cars://brands?", part: .query("?"), problem: .query),
    Hostile(url: "cars://brands#top", part: .fragment("#top"), problem: .fragment),
    Hostile(url: "cars://brands?a#b", part: .fragment("#b"), problem: .fragment),
    Hostile(
      url: "cars://user@brands/bmw", part: .segment(index: 0, text: "user@brands"),
      problem: .userInfo),
    Hostile(
      url: "cars://brands:8080/bmw", part: .segment(index: 0, text: "brands:8080"), problem: .port),
    Hostile(
      url: "cars://brands/%zz", part: .segment(index: 1, text: "%zz"),
      problem: .invalidPercentEscape(offset: 14)),
    Hostile(
      url: "cars://brands/ab%4", part: .segment(index: 1, text: "ab%4"),
      problem: .invalidPercentEscape(offset: 16)),
    Hostile(
      url: "cars://brands/%", part: .segment(index: 1, text: "%"),
      problem: .invalidPercentEscape(offset: 14)),
    Hostile(
      url: "cars://brands/%C3%28", part: .segment(index: 1, text: "%C3%28"), problem: .invalidUTF8),
    Hostile(
      url: "cars://brands/%ED%A0%80", part: .segment(index: 1, text: "%ED%A0%80"),
      problem: .invalidUTF8),
    Hostile(
      url: "cars://brands/%C0%AF", part: .segment(index: 1, text: "%C0%AF"), problem: .invalidUTF8),
    Hostile(
      url: "cars://brands/a%00b", part: .segment(index: 1, text: "a%00b"),
      problem: .controlCharacter(scalar: 0)),
    Hostile(
      url: "cars://brands/%1B%5B2J", part: .segment(index: 1, text: "%1B%5B2J"),
      problem: .controlCharacter(scalar: 0x1B)),
    Hostile(
      url: "cars://brands/%7F", part: .segment(index: 1, text: "%7F"),
      problem: .controlCharacter(scalar: 0x7F)),
    Hostile(
      url: "cars://brands/%C2%85", part: .segment(index: 1, text: "%C2%85"),
      problem: .controlCharacter(scalar: 0x85)),
    Hostile(
      url: "cars://brands/a\u{0}b", part: .whole, problem: .invalidCharacter(byte: 0, offset: 15)),
    Hostile(
      url: "cars://brands/a\nb", part: .whole, problem: .invalidCharacter(byte: 10, offset: 15)),
    Hostile(
      url: "cars://brands/a b", part: .whole, problem: .invalidCharacter(byte: 0x20, offset: 15)),
    Hostile(
      url: "cars://brands/Škoda", part: .whole, problem: .invalidCharacter(byte: 0xC5, offset: 14)),
    Hostile(
      url: "cars://brands/a\\b", part: .whole, problem: .invalidCharacter(byte: 0x5C, offset: 15)),
    Hostile(url: " cars://brands", part: .whole, problem: .invalidCharacter(byte: 0x20, offset: 0)),
    Hostile(url: "cars:brands", part: .authority, problem: .missingSlashes),
    Hostile(url: "cars:/brands", part: .authority, problem: .missingSlashes),
    Hostile(url: "://brands", part: .scheme, problem: .invalidScheme),
    Hostile(url: "1cars://brands", part: .scheme, problem: .invalidScheme),
    Hostile(url: "ca_rs://brands", part: .scheme, problem: .invalidScheme),
    Hostile(url: "brands", part: .scheme, problem: .invalidScheme),
    Hostile(url: "", part: .scheme, problem: .invalidScheme),
  ]

  @Test(arguments: hostile) func refusesHostileURLNamingThePart(_ hostile: Hostile) {
    #expect(
      throws: RoutingError.invalidURL(
        url: hostile.url, part: hostile.part, problem: hostile.problem)
    ) {
      try RouteURL(parsing: hostile.url)
    }
  }

  @Test func refusesA100KBURLBeforeReadingIt() {
    let url = "cars://brands/" + String(repeating: "a", count: 100_000)
    let error = #expect(throws: RoutingError.self) { try RouteURL(parsing: url) }
    #expect(
      error
        == .invalidURL(url: url, part: .whole, problem: .tooLong(length: 100_014, limit: 32_768)))
    // The message names the URL but cuts it, so it stays readable.
    #expect((error?.description.utf8.count ?? .max) < 400)
    #expect(error?.description.contains("100014 bytes") == true)
  }

  @Test func refusesMoreSegmentsThanTheLimit() {
    let url = "x://" + Array(repeating: "a", count: 257).joined(separator: "/")
    #expect(
      throws: RoutingError.invalidURL(url: url, part: .whole, problem: .tooManySegments(limit: 256))
    ) {
      try RouteURL(parsing: url)
    }
    #expect(throws: Never.self) {
      try RouteURL(parsing: "x://" + Array(repeating: "a", count: 256).joined(separator: "/"))
    }
  }

  @Test func errorMessagesEscapeControlsInTheURL() {
    let error = RoutingError.noRoute(url: "x://\u{1B}[2J\u{202E}", canonical: "x://")
    #expect(error.description.contains("\\u{1B}[2J\\u{202E}"))
    #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }
}
