/// One level a ``NavigationWalker`` reached, handed to its visitor while the level is on top.
public struct NavigationVisit {
  /// The level's controller, the top of the stack during the visit.
  public let controller: TableController
  /// How many levels above the starting level it is; the starting level is 0.
  public let depth: Int
  /// The rows selected to reach it, one per level from the starting level.
  public let rowPath: [TablePosition]

  /// The titles of the stack's levels, root first, during the visit.
  public var breadcrumbs: [String] { controller.navigationController?.breadcrumbs ?? [] }
}
