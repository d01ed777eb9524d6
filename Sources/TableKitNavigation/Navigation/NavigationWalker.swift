import TableKit

/// Walks every level reachable from a stack's top level, depth first, with no person selecting.
///
/// The walker does what a person would: in each level it asks every row for its
/// `TableController.destination(forRowAt:representing:)`; for a row that leads deeper it
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
/// is bounded: it does not descend past level ``maximumDepth``, it does not push a destination
/// equal to one already on the path from the start, and it stops after ``maximumLevels``
/// levels. The ``NavigationWalkReport`` says whether any bound was reached.
///
/// ## Levels and depth
///
/// A *level* is counted from where the walk starts: the starting level is level 0, the levels
/// pushed from it level 1, and so on (``NavigationVisit/level``). A *depth* is a count of
/// levels, as ``NavigationController/depth`` counts the stack's controllers with the root as 1:
/// during the visit of level `n` of a walk that started at the root, the stack's depth is
/// `n + 1`.
///
/// Every setting is safe: the walk keeps its path in arrays rather than on the call stack, so
/// any ``maximumDepth`` works, and time and memory grow linearly with the levels visited.
public struct NavigationWalker: Sendable {
  /// The deepest level the walk goes to; the starting level is level 0.
  public var maximumDepth: Int
  /// How many levels the walk visits at most, the starting level included.
  public var maximumLevels: Int

  /// Creates a walker.
  ///
  /// - Parameters:
  ///   - maximumDepth: The deepest level the walk goes to; the starting level is level 0.
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
  ///   - visit: Called once per level while it is the top of the stack. The visit's
  ///     ``NavigationVisit/rowPath`` shares its storage with the walk: a visitor that keeps it
  ///     pays for a copy of the path.
  /// - Returns: How many levels were visited and which bounds were reached.
  /// - Throws: ``NavigationError`` from the factory or a table; the stack is popped back to
  ///   where the walk started first.
  /// - Complexity: O(r + l) for r rows read in the l levels visited, besides the levels' own
  ///   work; memory O(d) for the deepest path d.
  @discardableResult
  public func walk(
    _ stack: NavigationController, visiting visit: (NavigationVisit) -> Void
  ) throws(NavigationError) -> NavigationWalkReport {
    let start = stack.top
    var walk = Walk(stack: stack, limits: self, start: start)
    do throws(NavigationError) {
      try walk.run(visiting: visit)
    } catch {
      _ = try? stack.pop(to: start)
      throw error
    }
    return walk.report
  }
}

/// One walk in progress: the levels on the path from the start, each with the next row to look
/// at, and what has been counted so far.
private struct Walk {
  /// A level on the path and where its scan of rows has got to.
  struct Frame {
    let controller: TableController
    var section = 0
    var row = 0
  }

  let stack: NavigationController
  let limits: NavigationWalker
  let start: TableController
  var report = NavigationWalkReport()
  /// The levels from the start to the top of the stack.
  private var frames: [Frame] = []
  /// The rows selected to reach the top, one for each frame after the first.
  private var path: [TablePosition] = []
  /// The destinations of the levels on the path, for the cycle check in O(1).
  private var destinationsOnPath: [AnyDestination: Int] = [:]
  /// The destination of each level on the path (`nil` for one that has none).
  private var destinationOfFrame: [AnyDestination?] = []

  init(stack: NavigationController, limits: NavigationWalker, start: TableController) {
    self.stack = stack
    self.limits = limits
    self.start = start
  }

  /// Visits the start, then walks down and back up until every level is visited or a bound
  /// stops the walk; the stack ends as it began.
  mutating func run(visiting visit: (NavigationVisit) -> Void) throws(NavigationError) {
    enter(start, destination: start.navigationDestination.map(AnyDestination.init), visit)
    while !frames.isEmpty {
      guard let (position, destination) = nextRowLeadingDeeper() else {
        leave()
        if let parent = frames.last { try stack.pop(to: parent.controller) }
        continue
      }
      guard path.count < limits.maximumDepth else {
        report.reachedDeepestLevel = true
        continue
      }
      let key = AnyDestination(destination)
      guard destinationsOnPath[key] == nil else {
        report.cyclesSkipped += 1
        continue
      }
      guard report.levelsVisited < limits.maximumLevels else {
        report.reachedMaximumLevels = true
        try stack.pop(to: start)
        return
      }
      let level = frames[frames.count - 1].controller
      guard try stack.selectRow(at: position, in: level) != nil else { continue }
      path.append(position)
      enter(stack.top, destination: key, visit)
    }
  }

  /// Puts `controller`, now the top of the stack, on the path and visits it.
  private mutating func enter(
    _ controller: TableController, destination: AnyDestination?,
    _ visit: (NavigationVisit) -> Void
  ) {
    frames.append(Frame(controller: controller))
    destinationOfFrame.append(destination)
    if let destination { destinationsOnPath[destination, default: 0] += 1 }
    report.levelsVisited += 1
    visit(NavigationVisit(controller: controller, level: path.count, rowPath: path))
  }

  /// Takes the top level off the path.
  private mutating func leave() {
    frames.removeLast()
    if let destination = destinationOfFrame.removeLast() {
      if destinationsOnPath[destination] == 1 {
        destinationsOnPath[destination] = nil
      } else {
        destinationsOnPath[destination, default: 1] -= 1
      }
    }
    if !path.isEmpty { path.removeLast() }
  }

  /// The next row of the top level that leads somewhere, and where, or `nil` when it has none.
  ///
  /// The level's scan moves past the row.
  private mutating func nextRowLeadingDeeper() -> (TablePosition, any NavigationDestination)? {
    let index = frames.count - 1
    var frame = frames[index]
    defer { frames[index] = frame }
    let table = frame.controller.table
    let rowCounts = table.shape.rowCounts
    while frame.section < rowCounts.count {
      while frame.row < rowCounts[frame.section] {
        let position = TablePosition(section: frame.section, row: frame.row)
        frame.row += 1
        if let object = try? table.representedObject(at: position),
          let destination = frame.controller.destination(forRowAt: position, representing: object)
        {
          return (position, destination)
        }
      }
      frame.section += 1
      frame.row = 0
    }
    return nil
  }
}

/// A destination compared and hashed by value whatever its type, for the walk's cycle check.
private struct AnyDestination: Hashable {
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

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    hasher.combine(base)
  }
}
