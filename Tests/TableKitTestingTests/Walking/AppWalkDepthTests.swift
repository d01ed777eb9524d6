import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

/// Counts how often the levels' titles are read.
private final class Reads {
  var count = 0
}

/// A level of a chain: level `n` has one row, leading to level `n + 1` up to the last.
private struct Step: NavigationDestination {
  let level: Int
}

private final class StepController: TableController {
  let level: Int
  let depth: Int
  let reads: Reads

  init(level: Int, depth: Int, reads: Reads) {
    self.level = level
    self.depth = depth
    self.reads = reads
    super.init(
      title: nil,
      dataSource: SectionedDataSource(items: [
        Cell("Next", accessory: level < depth ? .disclosureIndicator : .none)
      ]))
  }

  override var title: String? {
    get {
      reads.count += 1
      return "Level \(level)"
    }
    set {}
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    level < depth ? Step(level: level + 1) : nil
  }
}

/// A stack on level 0 of a chain `depth` levels deep, and the counter of its title reads.
private func makeChain(depth: Int) throws -> (NavigationController, Reads) {
  let reads = Reads()
  let stack = try NavigationController(rootDestination: Step(level: 0)) {
    destination, _ throws(NavigationError) in
    guard let step = destination as? Step else {
      throw .unknownDestination(String(describing: destination))
    }
    return StepController(level: step.level, depth: depth, reads: reads)
  }
  return (stack, reads)
}

/// The title reads of a walk of every level of a chain `depth` levels deep.
private func titleReads(depth: Int) throws -> Int {
  let (stack, reads) = try makeChain(depth: depth)
  reads.count = 0
  let report = try AppWalk(walker: NavigationWalker(maximumDepth: depth)).run(stack)
  #expect(report.levelsVisited == depth + 1)
  #expect(report.failures.isEmpty)
  return reads.count
}

@Suite struct AppWalkDepthTests {
  /// A level's visit reads a bounded number of titles at any depth: its heading is joined only
  /// when the report's lines are read (the old walk read every title on the stack at each
  /// level, `d²/2` reads).
  @Test func aDeeperLevelCostsNoMoreToVisit() throws {
    let shallow = try titleReads(depth: 500)
    let deep = try titleReads(depth: 1_000)
    #expect(deep <= 2 * shallow + 16, "\(shallow) title reads at depth 500, \(deep) at 1,000")
    #expect(deep <= 10 * 1_000, "\(deep) title reads at depth 1,000")
  }

  /// A walk started above the root names each level from the root, as the breadcrumbs do.
  @Test func headingsNameTheLevelsBelowTheStart() throws {
    let (stack, _) = try makeChain(depth: 3)
    try stack.selectRow(at: TablePosition(section: 0, row: 0))
    try stack.selectRow(at: TablePosition(section: 0, row: 0))
    let report = try AppWalk().run(stack)
    #expect(
      report.lines.filter { $0.hasPrefix("== ") } == [
        "== Level 0 › Level 1 › Level 2", "== Level 0 › Level 1 › Level 2 › Level 3",
      ])
    #expect(report == AppWalk.Report(levelsVisited: 2, lines: report.lines, walk: report.walk))
  }
}
