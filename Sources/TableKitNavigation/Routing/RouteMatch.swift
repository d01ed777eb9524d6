public import TableKit

/// What matching a URL found: the destination, the winning pattern and its values.
public struct RouteMatch<Destination: NavigationDestination>: Sendable {
  /// The destination the route made.
  public let destination: Destination
  /// The pattern that won.
  public let pattern: RoutePattern
  /// The values of the pattern's parameters.
  public let parameters: RouteParameters
  /// The URL as read, whose ``RouteURL/description`` is its canonical spelling.
  public let url: RouteURL
}
