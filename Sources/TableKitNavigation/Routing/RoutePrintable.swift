public import TableKit

/// A destination that names the pattern of its route, so printing its URL asks that route alone.
///
/// Without this, ``Router/url(for:)`` asks every route whether it prints the destination, which
/// costs a closure call per route: nothing for a hierarchy's handful of routes, a millisecond for
/// ten thousand. A destination that conforms is printed by the route registered with the pattern
/// it names, and by no other; the URL is still read back and matched before it is returned.
///
/// ```swift
/// extension CarRoute: RoutePrintable {
///   var routePattern: String {
///     switch self {
///     case .brands: return "cars://brands"
///     case .models: return "cars://brands/{brand:id}/models"
///     case .detail: return "cars://brands/{brand:id}/models/{model:id}"
///     }
///   }
/// }
/// ```
public protocol RoutePrintable: NavigationDestination {
  /// The text of the pattern of the route that prints this destination, as registered (or any
  /// spelling of the same pattern, such as an upper-case scheme).
  var routePattern: String { get }
}
