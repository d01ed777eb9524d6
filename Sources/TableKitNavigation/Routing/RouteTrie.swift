import TableKit

/// The registered patterns as a tree of segments, one tree per scheme, searched in precedence
/// order.
///
/// A node's children are its literals (looked up by their bytes, so their number does not
/// matter) and one child per parameter kind; a wildcard ends at the node it follows. The search
/// tries, at each segment, the literal, then `int`, `id` and string parameters, then a wildcard,
/// and backtracks when a branch fails further on, so the first route found is the winner by
/// ``RoutePattern/precedes(_:)`` and adding a route never makes another stop matching. The tree's
/// shape depends only on the set of patterns, never on the order they were added in.
///
/// Backtracking can visit many nodes when parameters of several kinds meet at several places
/// (3 kinds at 8 places is 6,561 branches, every one tried by a URL that fails at its last
/// segment). So each node keeps ``Node/cost``, the most nodes a search from it can visit for
/// any URL, kept up to date as routes are added, and ``insert(_:route:)`` refuses a pattern that
/// would make the root's cost exceed ``maximumCost``: every search visits at most that many
/// nodes, and checks each segment against each parameter kind once.
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
    /// The most nodes a search from here visits, this one included, for any URL.
    var cost = 1
    /// The largest cost of a literal child, by the parameter kinds its text is a value of
    /// (``literalClass(_:)``): a segment equal to that literal also goes to those kinds.
    var literalCosts = [0, 0, 0, 0]
  }

  /// A parameter a segment failed, deepest first: for the message when nothing matches.
  struct Rejection: Sendable {
    var segment: Int
    var kind: RouteParameterKind
    var problem: String
    var example: String
  }

  /// What ``insert(_:route:)`` did.
  enum Insertion: Equatable {
    /// The pattern was added.
    case added
    /// A route with the same shape, at this index, is already registered; nothing changed.
    case duplicate(Int)
    /// With the pattern, a search could visit `cost` nodes, more than ``maximumCost``; nothing
    /// changed.
    case tooCostly(cost: Int)
  }

  /// The most nodes one search may visit: 4,096.
  static let maximumCost = 4_096

  private var roots: [String: Int] = [:]
  private var nodes: [Node] = []

  /// The parameter kinds in search order.
  private static let kinds: [RouteParameterKind] = [.integer, .id, .string]

  /// Adds `pattern` for the route at `index`, unless a route has its shape or the search would
  /// cost more than ``maximumCost``; then the tree is left as it was.
  ///
  /// - Complexity: Grows with the pattern's segments.
  mutating func insert(_ pattern: RoutePattern, route index: Int) -> Insertion {
    let text = pattern.description
    var undo = Undo(firstNewNode: nodes.count)
    if roots[pattern.scheme] == nil {
      roots[pattern.scheme] = newNode()
      undo.newScheme = pattern.scheme
    }
    var node = roots[pattern.scheme] ?? 0
    undo.save(nodes[node], at: node)
    noteExample(text, at: node)
    var path = [node]
    var isWildcard = false
    for segment in pattern.segments {
      let next: Int
      switch segment {
      case .literal(let literal):
        let key = ExactText(literal)
        if let existing = nodes[node].literals[key] {
          next = existing
        } else {
          next = newNode()
          nodes[node].literals[key] = next
          undo.link = undo.link ?? .literal(node, key)
        }
      case .parameter(_, let kind):
        // Every kind is in `kinds`; the fallback keeps a release build from trapping.
        let found = Self.kinds.firstIndex(of: kind)
        assert(found != nil, "RouteTrie.kinds is missing \(kind)")
        let slot = found ?? Self.kinds.count - 1
        if let existing = nodes[node].parameters[slot] {
          next = existing
        } else {
          next = newNode()
          nodes[node].parameters[slot] = next
          undo.link = undo.link ?? .parameter(node, slot)
        }
      case .wildcard:
        isWildcard = true
        continue
      }
      node = next
      undo.save(nodes[node], at: node)
      noteExample(text, at: node)
      path.append(node)
    }
    if let existing = isWildcard ? nodes[node].wildcardRoute : nodes[node].route {
      rollBack(undo)
      return .duplicate(existing)
    }
    if isWildcard { nodes[node].wildcardRoute = index } else { nodes[node].route = index }
    // The costs change along the path only, from the end up.
    for (place, member) in path.enumerated().reversed() {
      nodes[member].cost = cost(of: nodes[member])
      guard place > 0, case .literal(let literal) = pattern.segments[place - 1] else { continue }
      let parent = path[place - 1]
      let kind = Self.literalClass(literal)
      nodes[parent].literalCosts[kind] = max(nodes[parent].literalCosts[kind], nodes[member].cost)
    }
    let rootCost = nodes[path[0]].cost
    guard rootCost <= Self.maximumCost else {
      rollBack(undo)
      return .tooCostly(cost: rootCost)
    }
    return .added
  }

  /// The cost of a search from `node`: itself, then the most any one segment can lead to: a
  /// literal and the kinds its text is a value of, or every kind (a segment such as `7` is a
  /// value of all three).
  private func cost(of node: Node) -> Int {
    let kindCosts = node.parameters.map { $0.map { nodes[$0].cost } ?? 0 }
    var most = kindCosts.reduce(0, +)
    for (kind, literalCost) in node.literalCosts.enumerated() where literalCost > 0 {
      // Bit 0: the literal is an `int` value; bit 1: an `id` value; every text is a string.
      let also =
        (kind & 1 != 0 ? kindCosts[0] : 0) + (kind & 2 != 0 ? kindCosts[1] : 0) + kindCosts[2]
      most = max(most, literalCost + also)
    }
    return 1 + most
  }

  /// Which parameter kinds a literal's text is also a value of: bit 0 `int`, bit 1 `id`.
  private static func literalClass(_ literal: String) -> Int {
    (problem(of: literal, as: .integer) == nil ? 1 : 0)
      + (problem(of: literal, as: .id) == nil ? 2 : 0)
  }

  /// What an insertion changed, to put back when it is refused.
  private struct Undo {
    enum Link {
      case literal(Int, ExactText)
      case parameter(Int, Int)
    }
    /// Nodes from this index on are new.
    var firstNewNode: Int
    /// A scheme the insertion added.
    var newScheme: String?
    /// Where the first new node hangs from an old one.
    var link: Link?
    /// The costs and examples of old nodes, as they were.
    var saved: [(node: Int, cost: Int, literalCosts: [Int], example: String)] = []

    mutating func save(_ node: Node, at index: Int) {
      guard index < firstNewNode else { return }
      saved.append((index, node.cost, node.literalCosts, node.example))
    }
  }

  private mutating func rollBack(_ undo: Undo) {
    nodes.removeLast(nodes.count - undo.firstNewNode)
    if let scheme = undo.newScheme { roots[scheme] = nil }
    switch undo.link {
    case .literal(let node, let key): nodes[node].literals[key] = nil
    case .parameter(let node, let slot): nodes[node].parameters[slot] = nil
    case nil: break
    }
    for entry in undo.saved.reversed() {
      nodes[entry.node].cost = entry.cost
      nodes[entry.node].literalCosts = entry.literalCosts
      nodes[entry.node].example = entry.example
    }
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

  /// The winning route for `url`, or the deepest parameter rejection when none matches, and
  /// how many nodes the search visited.
  func search(_ url: RouteURL) -> (route: Int?, rejection: Rejection?, steps: Int) {
    guard let root = roots[url.scheme] else { return (nil, nil, 0) }
    var rejection: Rejection?
    var checks = KindChecks(segments: url.segments)
    let route = search(node: root, depth: 0, checks: &checks, rejection: &rejection)
    return (route, rejection, checks.steps)
  }

  /// Each segment's answer for each parameter kind, worked out once per search.
  private struct KindChecks {
    let segments: [String]
    /// The nodes visited so far.
    var steps = 0
    /// `nil` until asked; then `.some(nil)` for a value of the kind, or the problem.
    private var answers: [String??]

    init(segments: [String]) {
      self.segments = segments
      answers = Array(repeating: nil, count: segments.count * RouteTrie.kinds.count)
    }

    mutating func problem(at depth: Int, slot: Int) -> String? {
      let place = depth * RouteTrie.kinds.count + slot
      if let answer = answers[place] { return answer }
      let answer = RouteTrie.problem(of: segments[depth], as: RouteTrie.kinds[slot])
      answers[place] = .some(answer)
      return answer
    }
  }

  private func search(
    node index: Int, depth: Int, checks: inout KindChecks, rejection: inout Rejection?
  ) -> Int? {
    // Fields are read in place: copying the node would retain and release each of its parts.
    checks.steps += 1
    guard depth < checks.segments.count else { return nodes[index].route }
    if !nodes[index].literals.isEmpty,
      let next = nodes[index].literals[ExactText(checks.segments[depth])],
      let found = search(node: next, depth: depth + 1, checks: &checks, rejection: &rejection)
    {
      return found
    }
    for (slot, kind) in Self.kinds.enumerated() {
      guard let next = nodes[index].parameters[slot] else { continue }
      if let problem = checks.problem(at: depth, slot: slot) {
        if rejection.map({ depth >= $0.segment }) ?? true {
          rejection = Rejection(
            segment: depth, kind: kind, problem: problem, example: nodes[next].example)
        }
        continue
      }
      if let found = search(node: next, depth: depth + 1, checks: &checks, rejection: &rejection) {
        return found
      }
    }
    return nodes[index].wildcardRoute
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
