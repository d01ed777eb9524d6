public import TableKit

/// One level a ``NavigationWalker`` reached, handed to its visitor while the level is on top.
public struct NavigationVisit {
  /// The level's controller, the top of the stack during the visit.
  public let controller: TableController
  /// The level's index counted from where the walk started: the starting level is level 0.
  ///
  /// Not a depth: ``NavigationController/depth`` counts levels, the root as 1 (see
  /// <doc:NavigationAndDrillDown#Levels-and-depth>).
  public let level: Int
  /// The rows selected to reach it, one per level from the starting level (`level` of them).
  public let rowPath: [TablePosition]

  /// The titles of the stack's levels, root first, during the visit.
  public var breadcrumbs: [String] { controller.navigationController?.breadcrumbs ?? [] }
}
