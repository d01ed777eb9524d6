public import TableKit
public import TableKitNavigation

/// Walks every level reachable from a stack's top, renders each and runs checks on it, and
/// collects every level that fails rather than stopping at the first.
///
/// The walk is `NavigationWalker`'s (depth first, row order, cycles skipped, the
/// stack left as it was). For each level it builds an ``AppLevel`` and runs the built-in checks
/// (``AppWalk/standardChecks(_:)``) and then the caller's. It uses no test framework, so a
/// benchmark or a command-line tool can run it too; ``assertEveryLevel(of:walker:fileID:filePath:line:column:checking:)``
/// is the assertion built on it.
public struct AppWalk: Sendable {
  /// A level that failed a check.
  public struct Failure: Hashable, Sendable {
    /// The level's breadcrumbs joined by ` › `.
    public var level: String
    /// The rows selected to reach it.
    public var rowPath: [TablePosition]
    /// What was wrong, one entry per problem.
    public var problems: [String]

    /// Creates the failure of one level.
    ///
    /// A walk makes these itself; make one to build an ``AppWalk/Report`` by hand, in a test of
    /// code that reads reports or to compare with a walk's.
    ///
    /// - Parameters:
    ///   - level: The level's breadcrumbs joined by ` › `.
    ///   - rowPath: The rows selected to reach it.
    ///   - problems: What was wrong, one entry per problem.
    public init(level: String, rowPath: [TablePosition], problems: [String]) {
      self.level = level
      self.rowPath = rowPath
      self.problems = problems
    }
  }

  /// What a walk found.
  public struct Report: Hashable, Sendable {
    /// The levels visited, in the walk's order.
    public var levelsVisited = 0
    /// The levels that failed a check, in the walk's order.
    public var failures: [Failure] = []
    /// Every level's rendering under a `== Breadcrumbs` line, in the walk's order.
    ///
    /// - Complexity: O(n) for n characters, joined at each read (a walk keeps each level's
    ///   title, not its whole heading); keep a copy to read it more than once.
    public var lines: [String] {
      get { text.lines }
      set { text = WalkText(lines: newValue) }
    }
    /// What the walker reported (cycles skipped, limits reached).
    public var walk = NavigationWalkReport()
    /// The levels' titles and renderings, from which ``lines`` are joined.
    var text = WalkText()

    /// Creates a report; with no arguments, the report of a walk that visited nothing.
    ///
    /// A walk makes its report itself; make one by hand to test code that reads reports, or to
    /// compare with what a walk found.
    ///
    /// - Parameters:
    ///   - levelsVisited: The levels visited.
    ///   - failures: The levels that failed a check, in the walk's order.
    ///   - lines: Every level's rendering under a `== Breadcrumbs` line, in the walk's order.
    ///   - walk: What the walker reported.
    public init(
      levelsVisited: Int = 0, failures: [Failure] = [], lines: [String] = [],
      walk: NavigationWalkReport = NavigationWalkReport()
    ) {
      self.levelsVisited = levelsVisited
      self.failures = failures
      self.text = WalkText(lines: lines)
      self.walk = walk
    }

    /// The failures in words, one level per paragraph, or `nil` when every level passed.
    public var failureMessage: String? {
      guard !failures.isEmpty else { return nil }
      let levels = failures.map { failure in
        let path = failure.rowPath.map(\.description).joined(separator: " ")
        return "• \(failure.level)" + (path.isEmpty ? "" : " (rows \(path))") + "\n"
          + failure.problems.map { "    " + $0 }.joined(separator: "\n")
      }
      return "\(failures.count) of \(levelsVisited) levels failed:\n"
        + levels.joined(separator: "\n")
    }
  }

  /// The walker that decides which levels are reached.
  public var walker: NavigationWalker
  /// The version of each level's rendering.
  public var version: TableRendering.Version

  /// A walk with `walker`'s limits.
  public init(walker: NavigationWalker = NavigationWalker(), version: TableRendering.Version = .v1)
  {
    self.walker = walker
    self.version = version
  }

  /// Walks every level reachable from `stack`'s top and checks each.
  ///
  /// - Parameters:
  ///   - stack: The stack; it is as it was when the walk returns, and the rows the walk selected
  ///     on its top level are deselected again.
  ///   - check: The caller's checks for one level; return the problems found.
  /// - Returns: What the walk found.
  /// - Throws: `NavigationError` when a level cannot be made; the stack is popped back
  ///   first.
  public func run(
    _ stack: NavigationController, checking check: (AppLevel) -> [String] = { _ in [] }
  ) throws(NavigationError) -> Report {
    var report = Report()
    // The walker selects rows to go deeper; on the level it starts from those selections stay
    // behind. Like a UIKit table deselecting on return, the walk clears the ones it made, so a
    // second walk of the same stack sees what the first one saw.
    let start = stack.top.table
    let selectedBefore = start.selectedPositions
    defer {
      for position in start.selectedPositions where !selectedBefore.contains(position) {
        try? start.deselectRow(at: position)
      }
    }
    report.text = WalkText(lowerTitles: stack.breadcrumbs.dropLast())
    // The index in the report of the level on the path at each level of the walk.
    var pathIndexes: [Int] = []
    report.walk = try walker.walk(stack) { visit in
      let rendering = TableRendering(visit.controller, version: version)
      let level = AppLevel(
        controller: visit.controller, stack: stack, rowPath: visit.rowPath, rendering: rendering)
      pathIndexes.removeSubrange(visit.level...)
      report.text.append(
        title: visit.controller.title ?? "", parent: pathIndexes.last,
        rendering: rendering.lines)
      pathIndexes.append(report.levelsVisited)
      report.levelsVisited += 1
      let problems = Self.standardChecks(level) + check(level)
      if !problems.isEmpty {
        report.failures.append(
          Failure(level: level.name, rowPath: level.rowPath, problems: problems))
      }
    }
    return report
  }
}
