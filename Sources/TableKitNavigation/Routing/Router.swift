public import TableKit

/// Routes URLs to navigation destinations and prints the URL of every destination.
///
/// Register one ``Route`` per pattern; each both matches URLs and prints them, so the URL of a
/// level always routes back to it. The winner among overlapping patterns is decided by the
/// patterns alone (``RoutePattern/precedes(_:)``): literal before parameter before wildcard,
/// segment by segment, never by the order of registration. Two patterns that match exactly the
/// same URLs are refused when the second is registered, naming both.
///
/// ```swift
/// var router = Router<CarRoute>(parent: \.parent)
/// try router.register("cars://brands") { _ in .brands } parameters: { destination in
///   destination == .brands ? [:] : nil
/// }
/// try router.register("cars://brands/{brand:id}/models") { values in
///   values.id("brand").map(CarRoute.models)
/// } parameters: { destination in
///   guard case .models(let brand) = destination else { return nil }
///   return ["brand": .id(brand)]
/// }
/// try router.match("cars://brands/bmw/models")            // .models(ObjectID("bmw"))
/// router.url(for: .models(ObjectID("Škoda")))             // "cars://brands/~xaBrb2Rh/models"
/// try router.destinations(for: "cars://brands/bmw/models") // [.brands, .models("bmw")]
/// ```
///
/// A router is a `Sendable` value: build it once and share it.
public struct Router<Destination: NavigationDestination>: Sendable {
  /// The deepest chain of parents ``destinations(for:)`` follows before it gives up.
  public static var maximumDepth: Int { 64 }

  /// The routes, in the order they were registered (which decides nothing).
  public private(set) var routes: [Route<Destination>] = []

  /// The patterns as a tree.
  private var trie = RouteTrie()

  /// The index of each route by its pattern's canonical text, for ``RoutePrintable``.
  private var routeIndex: [ExactText: Int] = [:]

  /// The level below a destination, or `nil` for a root.
  private let parentOf: @Sendable (Destination) -> Destination?

  /// The most branches (trie nodes) one match may try: 4,096.
  ///
  /// Matching backtracks, so a URL can make it try every combination of the parameter types
  /// registered at the same places: `int`, `id` and string parameters at each of 8 places are
  /// 3⁸ branches. The router keeps, as routes are registered, the most branches any URL can
  /// make a match try, and refuses a route that would take it past this bound; so a match costs
  /// at most this many steps plus one check of each segment against each parameter type,
  /// however many routes there are.
  public static var maximumMatchCost: Int { RouteTrie.maximumCost }

  /// Creates a router with no routes.
  ///
  /// - Parameter parent: The level below a destination, or `nil` for a root level. Opening a
  ///   URL builds every parent level from its own route. The default makes every level a root.
  public init(parent: @escaping @Sendable (Destination) -> Destination? = { _ in nil }) {
    self.parentOf = parent
  }

  /// Registers `route`.
  ///
  /// - Parameter route: The route.
  /// - Throws: ``RoutingError/ambiguousPatterns(pattern:existing:)`` when a registered pattern
  ///   matches exactly the same URLs, ``RoutingError/invalidPattern(pattern:problem:)`` when
  ///   with this route a match could try more than ``maximumMatchCost`` branches; the router
  ///   is then unchanged.
  public mutating func register(_ route: Route<Destination>) throws(RoutingError) {
    switch trie.insert(route.pattern, route: routes.count) {
    case .added:
      break
    case .duplicate(let existing):
      throw .ambiguousPatterns(
        pattern: route.pattern.description, existing: routes[existing].pattern.description)
    case .tooCostly(let cost):
      throw .invalidPattern(
        pattern: route.pattern.description,
        problem:
          "with it, a URL could make a match try \(cost) branches, more than the "
          + "\(Self.maximumMatchCost) a router allows; parameters of several types at the same "
          + "places multiply the branches, so use a literal or one type at some of them")
    }
    routeIndex[ExactText(route.pattern.description)] = routes.count
    routes.append(route)
  }

  /// Registers a route made of `pattern` and its two directions (see ``Route``).
  ///
  /// - Parameters:
  ///   - pattern: The pattern's text.
  ///   - destination: Makes the destination from the values, or answers `nil` to refuse them.
  ///   - parameters: A destination's values, or `nil` when it is not this route's.
  /// - Throws: ``RoutingError/invalidPattern(pattern:problem:)`` or
  ///   ``RoutingError/ambiguousPatterns(pattern:existing:)``.
  public mutating func register(
    _ pattern: String,
    destination: @escaping @Sendable (RouteParameters) -> Destination?,
    parameters: @escaping @Sendable (Destination) -> RouteParameters?
  ) throws(RoutingError) {
    try register(Route(pattern, destination: destination, parameters: parameters))
  }

  /// The destination `url` routes to.
  ///
  /// - Parameter url: The URL, untrusted.
  /// - Returns: The destination the winning route made.
  /// - Throws: ``RoutingError`` naming the URL and the part.
  /// - Complexity: Grows with the URL's segments, not with the number of routes: at most
  ///   ``maximumMatchCost`` trie steps and one check of each segment against each parameter
  ///   type.
  public func match(_ url: String) throws(RoutingError) -> Destination {
    try matchRoute(url).destination
  }

  /// What `url` routes to: the destination, the winning pattern and the values.
  ///
  /// - Parameter url: The URL, untrusted.
  /// - Returns: The match.
  /// - Throws: ``RoutingError`` naming the URL and the part.
  public func matchRoute(_ url: String) throws(RoutingError) -> RouteMatch<Destination> {
    try matchRoute(RouteURL(parsing: url), as: url)
  }

  /// Matches a parsed URL; `text` is what errors show.
  func matchRoute(_ url: RouteURL, as text: String) throws(RoutingError) -> RouteMatch<
    Destination
  > {
    let (found, rejection, _) = trie.search(url)
    guard let index = found else {
      if let rejection {
        throw .invalidParameter(
          url: text, segment: rejection.segment,
          name: Self.name(at: rejection.segment, in: rejection.example), pattern: rejection.example,
          problem: rejection.problem)
      }
      throw .noRoute(url: text, canonical: url.description)
    }
    let route = routes[index]
    let parameters = Self.bind(route.pattern, to: url.segments)
    guard let destination = route.makeDestination(parameters) else {
      throw .rejectedByRoute(url: text, pattern: route.pattern.description)
    }
    return RouteMatch(
      destination: destination, pattern: route.pattern, parameters: parameters, url: url)
  }

  /// The values of a pattern's parameters in `segments`, which it is known to match.
  private static func bind(_ pattern: RoutePattern, to segments: [String]) -> RouteParameters {
    var parameters = RouteParameters()
    for (index, segment) in pattern.segments.enumerated() {
      switch segment {
      case .literal: break
      case .parameter(let name, .string): parameters[name] = .string(segments[index])
      case .parameter(let name, .integer):
        parameters[name] = Int(segments[index]).map(RouteValue.integer)
      case .parameter(let name, .id):
        parameters[name] = (try? ObjectID(segment: segments[index])).map(RouteValue.id)
      case .wildcard(let name): parameters[name] = .segments(Array(segments[index...]))
      }
    }
    return parameters
  }

  /// How many trie nodes matching `url` visits, for tests.
  ///
  /// It is at most ``maximumMatchCost``.
  ///
  /// - Parameter url: The URL.
  /// - Returns: The nodes visited.
  /// - Throws: ``RoutingError`` when the URL does not parse.
  package func matchSteps(_ url: String) throws(RoutingError) -> Int {
    trie.search(try RouteURL(parsing: url)).steps
  }

  /// The parameter name at `segment` in a pattern's text, for an error message.
  private static func name(at segment: Int, in pattern: String) -> String {
    guard let pattern = try? RoutePattern(pattern), segment < pattern.segments.count else {
      return ""
    }
    return pattern.segments[segment].parameterName ?? ""
  }

  /// The level below `destination`, or `nil` for a root level.
  ///
  /// - Parameter destination: A level's description.
  /// - Returns: Its parent, by the router's `parent` function.
  public func parent(of destination: Destination) -> Destination? {
    parentOf(destination)
  }

  /// The canonical URL of `destination`, or `nil` when no route prints one that routes back
  /// to it.
  ///
  /// Among routes that print the destination, the one whose pattern comes first by
  /// ``RoutePattern/precedes(_:)`` gives the URL, so the answer never depends on registration
  /// order. A printed URL is matched before it is returned; `match(url(for: x)) == x` holds for
  /// every answer.
  ///
  /// - Parameter destination: A level's description.
  /// - Returns: The canonical URL string.
  /// - Complexity: One call of each route's `parameters` closure and one match per route that
  ///   prints the destination; one of each when the destination is ``RoutePrintable``.
  public func url(for destination: Destination) -> String? {
    routeURL(for: destination)?.description
  }

  /// The canonical URL of `destination` as a ``RouteURL``; see ``url(for:)``.
  ///
  /// - Parameter destination: A level's description.
  /// - Returns: The URL, or `nil`.
  public func routeURL(for destination: Destination) -> RouteURL? {
    if let printable = destination as? any RoutePrintable {
      let text = printable.routePattern
      guard
        let index = routeIndex[ExactText(text)]
          ?? (try? RoutePattern(text)).flatMap({ routeIndex[ExactText($0.description)] })
      else { return nil }
      return checkedURL(of: destination, by: routes[index])
    }
    var best: (url: RouteURL, pattern: RoutePattern)?
    for route in routes {
      if let best, !route.pattern.precedes(best.pattern) { continue }
      guard let url = checkedURL(of: destination, by: route) else { continue }
      best = (url, route.pattern)
    }
    return best?.url
  }

  /// The URL `route` prints for `destination`, when it routes back to it.
  private func checkedURL(of destination: Destination, by route: Route<Destination>) -> RouteURL? {
    guard let url = route.print(destination) else { return nil }
    // Read back from its text, so a value no URL can carry (a control, "..") prints nothing.
    guard let match = try? matchRoute(url.description), match.url == url,
      match.destination == destination
    else { return nil }
    return url
  }

  /// The destinations of every level `url` opens, root first, the last being `url`'s own.
  ///
  /// Each parent comes from the router's `parent` function and must have a URL of its own.
  ///
  /// - Parameter url: The URL, untrusted.
  /// - Returns: One destination per level.
  /// - Throws: ``RoutingError`` for the URL, ``RoutingError/noURL(destination:)`` for a parent
  ///   no route prints, ``RoutingError/parentChainTooLong(destination:limit:)``.
  public func destinations(for url: String) throws(RoutingError) -> [Destination] {
    try destinations(endingWith: match(url))
  }

  /// The destinations of `destination` and every level below it, root first.
  ///
  /// - Parameter destination: The top level.
  /// - Returns: One destination per level.
  /// - Throws: ``RoutingError/noURL(destination:)`` for a parent no route prints,
  ///   ``RoutingError/parentChainTooLong(destination:limit:)``.
  public func destinations(endingWith destination: Destination) throws(RoutingError)
    -> [Destination]
  {
    var chain = [destination]
    while let parent = parentOf(chain[chain.count - 1]) {
      guard chain.count < Self.maximumDepth else {
        throw .parentChainTooLong(
          destination: String(describing: destination), limit: Self.maximumDepth)
      }
      guard routeURL(for: parent) != nil else {
        throw .noURL(destination: String(describing: parent))
      }
      chain.append(parent)
    }
    return chain.reversed()
  }
}
