public import TableKit

/// Looks up the objects a routed level names and makes its controller: the step between a URL
/// and a level that an app supplies.
///
/// Opening a URL and restoring a stack ask ``resolve(_:)`` for every level, root first,
/// asynchronously (a database, the network), and then ``makeController(for:objects:session:)``
/// with what was found. The objects are fresh on every call, so a restored level shows the
/// objects as they are now, not as they were saved.
///
/// ```swift
/// struct CatalogueResolver: LevelResolver {
///   let store: CarStore
///
///   func resolve(_ destination: CarRoute) async -> ObjectResolution<CarLevel> {
///     switch destination {
///     case .brands: return .found(.brands(await store.brands()))
///     case .models(let id):
///       guard let brand = await store.brand(id) else { return .missing }
///       return .found(.models(brand))
///     }
///   }
///
///   func makeController(
///     for destination: CarRoute, objects: CarLevel, session: NavigationSession
///   ) throws(NavigationError) -> TableController {
///     objects.makeController()
///   }
/// }
/// ```
public protocol LevelResolver<Destination>: Sendable {
  /// The routed levels' descriptions.
  associatedtype Destination: NavigationDestination
  /// What a level needs to be built, found through its IDs.
  associatedtype Objects: Sendable

  /// Looks up the objects `destination` names.
  ///
  /// - Parameter destination: A level's description, from a URL.
  /// - Returns: The objects, or why there are none.
  func resolve(_ destination: Destination) async -> ObjectResolution<Objects>

  /// Makes the controller of `destination` from its objects.
  ///
  /// - Parameters:
  ///   - destination: The level's description.
  ///   - objects: What ``resolve(_:)`` found.
  ///   - session: The session of the stack the level goes on.
  /// - Returns: A controller on no stack.
  /// - Throws: ``NavigationError`` when the level cannot be made.
  func makeController(
    for destination: Destination, objects: Objects, session: NavigationSession
  ) throws(NavigationError) -> TableController
}
