import TableKit

extension Router {
  /// Builds the stack `url` opens with a synchronous factory: every parent level from its own
  /// route, root first, each made by `factory` as a selection would make it.
  ///
  /// For apps whose levels need no lookup that can wait or fail; otherwise use
  /// ``open(_:resolver:factory:)``, which resolves each level's objects and reports what it
  /// could not build.
  ///
  /// ```swift
  /// let stack = try router.makeNavigationController(
  ///   for: "cars://brands/bmw/models/i4", factory: CarCatalogue.makeLevel)
  /// stack.breadcrumbs   // ["Brands", "BMW", "BMW i4"]
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL, untrusted.
  ///   - factory: Makes every level from its destination.
  /// - Returns: The stack, its top level `url`'s.
  /// - Throws: ``RoutingError`` for the URL, or ``RoutingError/navigation(url:_:)`` when the
  ///   factory cannot make a level.
  public func makeNavigationController(
    for url: String, factory: @escaping NavigationController.Factory
  ) throws(RoutingError) -> NavigationController {
    let chain = try destinations(for: url)
    do {
      let stack = try NavigationController(rootDestination: chain[0], factory: factory)
      for destination in chain.dropFirst() { try stack.push(destination) }
      return stack
    } catch {
      throw .navigation(url: url, error)
    }
  }
}
