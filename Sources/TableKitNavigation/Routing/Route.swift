public import TableKit

/// A pattern and the two directions between its URLs and a destination.
///
/// `destination` makes the level from a matched URL's values; `parameters` gives a destination's
/// values back to print its URL, or `nil` when the destination is not this route's. The router
/// checks the two agree every time it prints (``Router/url(for:)``), so a printed URL always
/// routes back to the destination it was printed from.
///
/// ```swift
/// let models = try Route<CarRoute>("cars://brands/{brand:id}/models") { values in
///   values.id("brand").map(CarRoute.models)
/// } parameters: { destination in
///   guard case .models(let brand) = destination else { return nil }
///   return ["brand": .id(brand)]
/// }
/// ```
public struct Route<Destination: NavigationDestination>: Sendable {
  /// The pattern.
  public let pattern: RoutePattern

  /// Makes the destination from the values of a matched URL.
  let makeDestination: @Sendable (RouteParameters) -> Destination?

  /// The values of a destination, or `nil` when it is not this route's.
  let parametersOf: @Sendable (Destination) -> RouteParameters?

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - pattern: The pattern's text (see ``RoutePattern``).
  ///   - destination: Makes the destination from the values, or answers `nil` to refuse them.
  ///   - parameters: A destination's values, or `nil` when it is not this route's.
  /// - Throws: ``RoutingError/invalidPattern(pattern:problem:)``.
  public init(
    _ pattern: String,
    destination: @escaping @Sendable (RouteParameters) -> Destination?,
    parameters: @escaping @Sendable (Destination) -> RouteParameters?
  ) throws(RoutingError) {
    self.pattern = try RoutePattern(pattern)
    self.makeDestination = destination
    self.parametersOf = parameters
  }

  /// The URL of `destination` by this route, or `nil` when the route does not print it or a
  /// value is missing or of the wrong type.
  func print(_ destination: Destination) -> RouteURL? {
    guard let parameters = parametersOf(destination) else { return nil }
    var segments: [String] = []
    segments.reserveCapacity(pattern.segments.count)
    for segment in pattern.segments {
      switch (segment, segment.parameterName.flatMap { parameters[$0] }) {
      case (.literal(let text), _): segments.append(text)
      case (.parameter(_, .string), .string(let value)?): segments.append(value)
      case (.parameter(_, .integer), .integer(let value)?): segments.append(String(value))
      case (.parameter(_, .id), .id(let value)?): segments.append(value.segment)
      case (.wildcard, .segments(let values)?) where !values.isEmpty:
        segments.append(contentsOf: values)
      default: return nil
      }
    }
    return RouteURL(scheme: pattern.scheme, segments: segments)
  }
}

extension RouteSegmentPattern {
  /// The name of the parameter or wildcard, or `nil` for a literal.
  var parameterName: String? {
    switch self {
    case .literal: return nil
    case .parameter(let name, _), .wildcard(let name): return name
    }
  }
}
