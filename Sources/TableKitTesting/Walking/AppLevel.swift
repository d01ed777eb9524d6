public import TableKit
public import TableKitNavigation

/// One level reached by an ``AppWalk``, while it is on top of the stack.
///
/// A check reads it and returns the problems it finds, in words; an empty list means the level
/// passes.
public struct AppLevel {
  /// The level's controller, on top of the stack.
  public let controller: TableController
  /// The stack the walk drives.
  public let stack: NavigationController
  /// The rows selected from the level the walk started at down to this one.
  public let rowPath: [TablePosition]
  /// The titles from the root to this level, read from the stack when asked for.
  ///
  /// - Complexity: O(d) for a level d deep; the walk itself does not read them, so a level's
  ///   visit costs the same at any depth.
  public var breadcrumbs: [String] { controller.navigationController?.breadcrumbs ?? [] }
  /// What the level shows.
  public let rendering: TableRendering

  /// The level's name in reports: its breadcrumbs joined by ` › `, `(untitled)` for a level
  /// without a title.
  public var name: String {
    breadcrumbs.map(WalkText.heading).joined(separator: " › ")
  }
}
