import TableKit

extension NavigationController {
  /// The canonical URL of every level, root first, as `router` prints them; `nil` for a level
  /// pushed as a controller or one no route prints.
  ///
  /// - Parameter router: The router the levels' destinations belong to.
  /// - Returns: One URL per level.
  public func urls<Destination>(using router: Router<Destination>) -> [String?] {
    controllers.map { controller in
      (controller.navigationDestination as? Destination).flatMap { router.url(for: $0) }
    }
  }
}
