import TableKit

/// One segment of a ``RoutePattern``.
public enum RouteSegmentPattern: Hashable, Sendable {
  /// Exactly this text (case-sensitive).
  case literal(String)
  /// One segment, bound to `name` when it is a valid value of `kind`.
  case parameter(name: String, kind: RouteParameterKind)
  /// One or more remaining segments, bound to `name`; only last in a pattern (`{name*}`).
  case wildcard(name: String)

  /// The place of this kind of segment in the precedence order: literal 0, `int` 1, `id` 2,
  /// string 3, wildcard 4 (lower wins).
  public var rank: Int {
    switch self {
    case .literal: return 0
    case .parameter(_, .integer): return 1
    case .parameter(_, .id): return 2
    case .parameter(_, .string): return 3
    case .wildcard: return 4
    }
  }
}

extension RouteSegmentPattern: CustomStringConvertible {
  /// The segment as a pattern writes it: `brands`, `{brand:id}`, `{rest*}`.
  public var description: String {
    switch self {
    case .literal(let text): return text
    case .parameter(let name, .string): return "{\(name)}"
    case .parameter(let name, let kind): return "{\(name):\(kind.rawValue)}"
    case .wildcard(let name): return "{\(name)*}"
    }
  }
}
