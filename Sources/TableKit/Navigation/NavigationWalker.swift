/// Walks every level reachable from a stack's top level, depth first, with no person selecting.
///
/// The walker does what a person would: in each level it asks every row for its
/// ``TableController/destination(forRowAt:representing:)``; for a row that leads deeper it
/// selects the row through the stack (so the level writes its session values, as it does for a
/// person), visits the level pushed, walks it, and pops back. Rows that lead nowhere are not
/// selected. When the walk ends the stack is as it was.
///
/// ```swift
/// var titles: [[String]] = []
/// let report = try NavigationWalker().walk(stack) { visit in titles.append(visit.breadcrumbs) }
/// ```
///
/// A hierarchy can be deep or cyclic (a level leading back to one of its ancestors), so the walk
/// is bounded: it does not descend past ``maximumDepth`` levels, it does not push a destination
/// equal to one already on the path from the start, and it stops after ``maximumLevels``
/// levels. The ``NavigationWalkReport`` says whether any bound was reached.
public struct NavigationWalker: Sendable {
  /// How many levels above the starting level the walk may go; the starting level is depth 0.
  public var maximumDepth: Int
  /// How many levels the walk visits at most, the starting level included.
  public var maximumLevels: Int

  /// Creates a walker.
  ///
  /// - Parameters:
  ///   - maximumDepth: How many levels above the starting level the walk may go.
  ///   - maximumLevels: How many levels the walk visits at most.
  public init(maximumDepth: Int = 32, maximumLevels: Int = 100_000) {
    self.maximumDepth = maximumDepth
    self.maximumLevels = maximumLevels
  }

  /// Visits the top level of `stack` and every level reachable from it, depth first, rows in
  /// order.
  ///
  /// - Parameters:
  ///   - stack: The stack to walk from its top level; left as it was.
  ///   - visit: Called once per level while it is the top of the stack.
  /// - Returns: How many levels were visited and which bounds were reached.
  /// - Throws: ``NavigationError`` from the factory or a table; the stack is popped back to
  ///   where the walk started first.
  @discardableResult
  public func walk(
    _ stack: NavigationController, visiting visit: (NavigationVisit) -> Void
  ) throws(NavigationError) -> NavigationWalkReport {
    let start = stack.top
    var walk = Walk(stack: stack, limits: self)
    do throws(NavigationError) {
      try walk.explore(
        path: [], destinations: [start.navigationDestination.map(AnyDestination.init)], visit: visit
      )
    } catch {
      _ = try? stack.pop(to: start)
      throw error
    }
    return walk.report
  }
}

/// One walk in progress: the stack, the limits, and what has been counted so far.
private struct Walk {
  let stack: NavigationController
  let limits: NavigationWalker
  var report = NavigationWalkReport()

  /// Visits the top level, then each row that leads deeper, then pops back to it.
  mutating func explore(
    path: [TablePosition], destinations: [AnyDestination?], visit: (NavigationVisit) -> Void
  ) throws(NavigationError) {
    let level = stack.top
    report.levelsVisited += 1
    visit(NavigationVisit(controller: level, depth: path.count, rowPath: path))
    let table = level.table
    for section in 0..<table.numberOfSections {
      for row in 0..<table.shape.rowCounts[section] {
        let position = TablePosition(section: section, row: row)
        guard let object = try? table.representedObject(at: position),
          let destination = level.destination(forRowAt: position, representing: object)
        else { continue }
        guard path.count < limits.maximumDepth else {
          report.reachedMaximumDepth = true
          continue
        }
        let key = AnyDestination(destination)
        guard !destinations.contains(key) else {
          report.cyclesSkipped += 1
          continue
        }
        guard report.levelsVisited < limits.maximumLevels else {
          report.reachedMaximumLevels = true
          return
        }
        guard try stack.selectRow(at: position, in: level) != nil else { continue }
        try explore(path: path + [position], destinations: destinations + [key], visit: visit)
        try stack.pop(to: level)
      }
    }
  }
}

/// A destination compared by value whatever its type, for the walk's cycle check.
private struct AnyDestination: Equatable {
  let base: any NavigationDestination

  init(_ base: any NavigationDestination) {
    self.base = base
  }

  static func == (lhs: AnyDestination, rhs: AnyDestination) -> Bool {
    func equals<D: NavigationDestination>(_ lhs: D) -> Bool {
      (rhs.base as? D) == lhs
    }
    return equals(lhs.base)
  }
}
