/// A description of one navigation level: what it shows, as data, before any controller exists.
///
/// Selecting a row that leads deeper answers a destination
/// (``TableController/destination(forRowAt:representing:)``); the stack's factory makes the
/// controller from it. Because a destination is a `Sendable`, `Hashable` value, the hierarchy can
/// be described without building it: a router can map a URL to a list of destinations and a
/// walker (both in TableKitNavigation) can walk every level with no person at the keyboard.
///
/// ```swift
/// enum CatalogueLevel: NavigationDestination {
///   case brands
///   case models
///   case detail
/// }
/// ```
public protocol NavigationDestination: Hashable, Sendable {}
