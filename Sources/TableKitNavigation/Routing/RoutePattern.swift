import TableKit

/// A URL pattern with named, typed parameters, such as `cars://brands/{brand:id}/models/{model:id}`.
///
/// A pattern is a scheme and segments; each segment is a literal, a parameter (`{name}`,
/// `{name:int}`, `{name:id}`, see ``RouteParameterKind``) or, last only, a wildcard (`{name*}`)
/// for one or more remaining segments. Literals are made of `A–Z a–z 0–9 - . _ ~` and are not `.`
/// or `..`; parameter names are letters, digits and `_`, not starting with a digit, and unique in
/// the pattern. The scheme is lower-cased.
///
/// Patterns are ordered by ``precedes(_:)``, the published precedence the router applies.
public struct RoutePattern: Hashable, Sendable {
  /// The scheme, in lower case.
  public let scheme: String

  /// The segments, in order.
  public let segments: [RouteSegmentPattern]

  /// Reads a pattern.
  ///
  /// - Parameter pattern: The pattern's text.
  /// - Throws: ``RoutingError/invalidPattern(pattern:problem:)`` saying what is wrong.
  public init(_ pattern: String) throws(RoutingError) {
    func fail(_ problem: String) -> RoutingError {
      .invalidPattern(pattern: pattern, problem: problem)
    }
    guard let colon = pattern.firstIndex(of: ":"),
      pattern[pattern.index(after: colon)...].hasPrefix("//")
    else { throw fail("it has no \"://\" after a scheme") }
    let scheme = String(pattern[..<colon])
    guard let first = scheme.utf8.first,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
      scheme.utf8.allSatisfy({ RouteURL.isUnreserved($0) || $0 == UInt8(ascii: "+") }),
      !scheme.contains("_"), !scheme.contains("~")
    else { throw fail("the scheme is not a letter followed by letters, digits, +, - or .") }
    let path = pattern[pattern.index(colon, offsetBy: 3)...]
    var pieces = path.split(separator: "/", omittingEmptySubsequences: false)
    if pieces.count == 1, pieces[0].isEmpty { pieces = [] }
    var segments: [RouteSegmentPattern] = []
    var names: Set<String> = []
    for (index, piece) in pieces.enumerated() {
      let segment: RouteSegmentPattern
      if piece.hasPrefix("{") {
        guard piece.hasSuffix("}"), piece.count > 2 else {
          throw fail("segment \(index) \"\(piece)\" opens \"{\" without closing it")
        }
        var inside = piece.dropFirst().dropLast()
        if inside.hasSuffix("*") {
          inside = inside.dropLast()
          guard index == pieces.count - 1 else {
            throw fail("the wildcard \"\(piece)\" is not the last segment")
          }
          segment = .wildcard(name: String(inside))
        } else if let colon = inside.firstIndex(of: ":") {
          let kindName = String(inside[inside.index(after: colon)...])
          guard let kind = RouteParameterKind(rawValue: kindName), kind != .string else {
            throw fail("\"\(kindName)\" in \"\(piece)\" is not a parameter type (int or id)")
          }
          inside = inside[..<colon]
          segment = .parameter(name: String(inside), kind: kind)
        } else {
          segment = .parameter(name: String(inside), kind: .string)
        }
        let name = String(inside)
        guard Self.isName(name) else {
          throw fail("\"\(name)\" is not a parameter name (letters, digits and _)")
        }
        guard names.insert(name).inserted else {
          throw fail("the parameter \"\(name)\" appears twice")
        }
      } else {
        guard !piece.isEmpty else { throw fail("segment \(index) is empty") }
        guard piece.utf8.allSatisfy(RouteURL.isUnreserved), piece != ".", piece != ".." else {
          throw fail("the literal \"\(piece)\" holds a character outside A-Z a-z 0-9 - . _ ~")
        }
        segment = .literal(String(piece))
      }
      segments.append(segment)
    }
    guard segments.count <= RouteURL.maximumSegmentCount else {
      throw fail("it has more than \(RouteURL.maximumSegmentCount) segments")
    }
    self.scheme = scheme.lowercased()
    self.segments = segments
  }

  /// Whether `name` is letters, digits and `_`, not starting with a digit.
  private static func isName(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return name.utf8.allSatisfy {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
    }
  }

  /// Whether this pattern wins over `other` when both match a URL.
  ///
  /// The precedence, segment by segment from the first: a literal beats a parameter, an `int`
  /// parameter beats an `id` one, an `id` one beats a string one, and any of them beats a
  /// wildcard (see ``RouteSegmentPattern/rank``). Where the kinds are equal the next segment
  /// decides. Registration order never does; two patterns with the same kinds and literals at
  /// every place are refused when registered.
  ///
  /// - Parameter other: Another pattern of the same scheme.
  /// - Returns: `true` when this pattern wins.
  public func precedes(_ other: RoutePattern) -> Bool {
    for (mine, theirs) in zip(segments, other.segments) {
      if mine.rank != theirs.rank { return mine.rank < theirs.rank }
      if case .literal(let a) = mine, case .literal(let b) = theirs, a != b {
        return a.utf8.lexicographicallyPrecedes(b.utf8)
      }
    }
    if segments.count != other.segments.count { return segments.count < other.segments.count }
    return scheme.utf8.lexicographicallyPrecedes(other.scheme.utf8)
  }

  /// The pattern's shape with parameter names left out: equal for two patterns that match
  /// exactly the same URLs.
  var shape: [String] {
    [scheme]
      + segments.map {
        switch $0 {
        case .literal(let text): return "=" + text
        case .parameter(_, let kind): return "{:" + kind.rawValue + "}"
        case .wildcard: return "{*}"
        }
      }
  }
}

extension RoutePattern: CustomStringConvertible {
  /// The pattern's canonical text: `cars://brands/{brand:id}`.
  public var description: String {
    scheme + "://" + segments.map(\.description).joined(separator: "/")
  }
}
