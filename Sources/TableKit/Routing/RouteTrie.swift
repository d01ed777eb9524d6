/// The registered patterns as a tree of segments, one tree per scheme, searched in precedence
/// order.
///
/// A node's children are its literals (looked up by text, so their number does not matter) and
/// one child per parameter kind; a wildcard ends at the node it follows. The search tries, at
/// each segment, the literal, then `int`, `id` and string parameters, then a wildcard, and
/// backtracks when a branch fails further on, so the first route found is the winner by
/// ``RoutePattern/precedes(_:)`` and adding a route never makes another stop matching. The tree's
/// shape depends only on the set of patterns, never on the order they were added in. The cost of
/// a search grows with the URL's segments (each tried at most once per kind along a branch), not
/// with the number of routes.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    var literals: [ExactText: Int] = [:]
    /// The children for `int`, `id` and string parameters, in that order.
    var parameters: [Int?] = [nil, nil, nil]
    /// The route whose pattern ends here.
    var route: Int?
    /// The route whose pattern ends here with a wildcard.
    var wildcardRoute: Int?
    /// The smallest pattern text through this node, to name in an error.
    var example: String = ""
  }

  /// A parameter a segment failed, deepest first: for the message when nothing matches.
  struct Rejection: Sendable {
    var segment: Int
    var kind: RouteParameterKind
    var problem: String
    var example: String
  }

  private var roots: [String: Int] = [:]
  private var nodes: [Node] = []

  /// The parameter kinds in search order.
  private static let kinds: [RouteParameterKind] = [.integer, .id, .string]

  /// Adds `pattern` for the route at `index`.
  ///
  /// - Returns: The index of a route already registered with the same shape, which is then left
  ///   in place, or `nil` when the pattern was added.
  mutating func insert(_ pattern: RoutePattern, route index: Int) -> Int? {
    let text = pattern.description
    var node = child(ofRoot: pattern.scheme, example: text)
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal):
        if let next = nodes[node].literals[ExactText(literal)] {
          node = next
        } else {
          let next = newNode()
          nodes[node].literals[ExactText(literal)] = next
          node = next
        }
      case .parameter(_, let kind):
        let slot = Self.kinds.firstIndex(of: kind) ?? 2
        if let next = nodes[node].parameters[slot] {
          node = next
        } else {
          let next = newNode()
          nodes[node].parameters[slot] = next
          node = next
        }
      case .wildcard:
        if let existing = nodes[node].wildcardRoute { return existing }
        nodes[node].wildcardRoute = index
        return nil
      }
      noteExample(text, at: node)
    }
    if let existing = nodes[node].route { return existing }
    nodes[node].route = index
    return nil
  }

  private mutating func child(ofRoot scheme: String, example: String) -> Int {
    let node = roots[scheme] ?? newNode()
    roots[scheme] = node
    noteExample(example, at: node)
    return node
  }

  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }

  private mutating func noteExample(_ text: String, at node: Int) {
    if nodes[node].example.isEmpty || text.utf8.lexicographicallyPrecedes(nodes[node].example.utf8)
    {
      nodes[node].example = text
    }
  }

  /// The winning route for `url`, or the deepest parameter rejection when none matches.
  func search(_ url: RouteURL) -> (route: Int?, rejection: Rejection?) {
    guard let root = roots[url.scheme] else { return (nil, nil) }
    var rejection: Rejection?
    let route = search(node: root, depth: 0, in: url.segments, rejection: &rejection)
    return (route, rejection)
  }

  private func search(
    node index: Int, depth: Int, in segments: [String], rejection: inout Rejection?
  ) -> Int? {
    let node = nodes[index]
    guard depth < segments.count else { return node.route }
    let segment = segments[depth]
    if let next = node.literals[ExactText(segment)],
      let found = search(node: next, depth: depth + 1, in: segments, rejection: &rejection)
    {
      return found
    }
    for (slot, kind) in Self.kinds.enumerated() {
      guard let next = node.parameters[slot] else { continue }
      if let problem = Self.problem(of: segment, as: kind) {
        if rejection.map({ depth >= $0.segment }) ?? true {
          rejection = Rejection(
            segment: depth, kind: kind, problem: problem, example: nodes[next].example)
        }
        continue
      }
      if let found = search(node: next, depth: depth + 1, in: segments, rejection: &rejection) {
        return found
      }
    }
    return node.wildcardRoute
  }

  /// Why `segment` is not a value of `kind`, or `nil` when it is.
  static func problem(of segment: String, as kind: RouteParameterKind) -> String? {
    switch kind {
    case .string:
      return nil
    case .integer:
      guard let value = Int(segment), String(value) == segment else {
        return "not a canonical decimal integer."
      }
      return nil
    case .id:
      do {
        _ = try ObjectID(segment: segment)
        return nil
      } catch {
        return error.description
      }
    }
  }
}
