import TableKit
public import TableKitNavigation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AppWalk {
  /// Walks every level like ``run(_:checking:)`` and also checks that each level's URL and
  /// saved form round trip through `router`.
  ///
  /// For each level: it has a URL (`Router.url(for:)`); that URL opens exactly the levels on the
  /// stack, root to this one (`Router.destinations(for:)`); and the stack's saved form
  /// (`Router.save(_:)`) reads back as the same levels, URLs and selections.
  ///
  /// - Parameters:
  ///   - stack: The stack; it is as it was when the walk returns.
  ///   - router: The routes of every level.
  ///   - check: More checks for each level.
  /// - Returns: What the walk found.
  /// - Throws: `NavigationError` when a level cannot be made.
  public func run<Destination>(
    _ stack: NavigationController, router: Router<Destination>,
    checking check: (AppLevel) -> [String] = { _ in [] }
  ) throws(NavigationError) -> Report {
    try run(stack) { level in Self.routingChecks(level, router: router) + check(level) }
  }

  /// The URL and saved-form round trips of one level (see ``run(_:router:checking:)``).
  ///
  /// - Parameters:
  ///   - level: The level, on top of its stack.
  ///   - router: The routes.
  /// - Returns: The problems found.
  public static func routingChecks<Destination>(
    _ level: AppLevel, router: Router<Destination>
  ) -> [String] {
    let stack = level.stack
    guard let destination = level.controller.navigationDestination as? Destination else {
      return ["the level has no routed destination, so no URL can open it"]
    }
    guard let url = router.url(for: destination) else {
      return ["no route prints a URL for \(destination)"]
    }
    var problems: [String] = []
    let onStack = stack.destinations.map { $0 as? Destination }
    do {
      let opened = try router.destinations(for: url)
      if opened.map(Optional.some) != onStack {
        problems.append(
          "its URL \(url) opens \(opened.count) levels (\(opened.map { "\($0)" }.joined(separator: " › "))), "
            + "not the \(onStack.count) on the stack")
      }
    } catch {
      problems.append("its URL \(url) does not open: \(error)")
    }
    let saved = router.savedStack(of: stack)
    let text = router.save(stack)
    if let read = try? JSONDecoder().decode(SavedStack.self, from: Data(text.utf8)) {
      if read != saved {
        problems.append("its saved form does not read back as itself: \(text)")
      } else if read.levels.map(\.url) != stack.urls(using: router).compactMap({ $0 })
        || read.levels.count != stack.depth
      {
        problems.append(
          "its saved form keeps \(read.levels.count) of \(stack.depth) levels: \(text)")
      }
    } else {
      problems.append("its saved form is not readable: \(text)")
    }
    return problems
  }
}
