import TableKit
import TableKitNavigation
import Testing

/// Counts how often a tree's nodes are asked for their children.
private final class Visits {
  var count = 0
}

/// A chain `depth` levels deep whose every read of `children` is counted.
///
/// Each branch holds a branch one level deeper and a leaf, so every level has a row leading
/// deeper and one leading nowhere.
private struct Chain: DrillDownNode {
  let level: Int
  let depth: Int
  let visits: Visits

  var title: String { "Level \(level)" }

  var children: [Chain]? {
    visits.count += 1
    guard level < depth else { return level == depth + 1 ? nil : [] }
    return [
      Chain(level: level + 1, depth: depth, visits: visits),
      Chain(level: depth + 1, depth: depth, visits: visits),
    ]
  }
}

/// The reads of `children` it takes to drill `depth` levels down, a row at a time, or to walk
/// them with a `NavigationWalker`.
private func visits(depth: Int, walking: Bool) throws -> Int {
  let visits = Visits()
  let stack = NavigationController(
    drillingInto: Chain(level: 0, depth: depth, visits: visits), title: "Root")
  let start = visits.count
  if walking {
    let report = try NavigationWalker(maximumDepth: depth + 1).walk(stack) { _ in }
    #expect(report.levelsVisited == depth + 1)
  } else {
    for _ in 0..<depth {
      _ = try stack.top.table.cell(at: TablePosition(section: 0, row: 0))
      #expect(try stack.selectRow(at: TablePosition(section: 0, row: 0)) != nil)
    }
    #expect(stack.depth == depth + 1)
  }
  return visits.count - start
}

@Suite struct DrillDownDepthTests {
  /// Each level is made from its parent's node, not by following its path from the root again:
  /// twice the depth, twice the reads of the tree (the old factory read `d²/2` nodes).
  @Test(arguments: [false, true])
  func drillingDeeperCostsTheSameALevel(walking: Bool) throws {
    let shallow = try visits(depth: 500, walking: walking)
    let deep = try visits(depth: 1_000, walking: walking)
    #expect(deep <= 2 * shallow + 16, "\(shallow) reads at depth 500, \(deep) at 1,000")
    #expect(deep <= 10 * 1_000, "\(deep) reads at depth 1,000")
  }

  /// A level's destination is linked to its parent's: equal paths are equal and hash the same
  /// however they were made, and read back as the indexes.
  @Test func destinationsMadeEitherWayAreEqual() throws {
    let stack = NavigationController(
      drillingInto: ["a", ["b", ["c", ["d"]]]] as NestedValue, title: "List")
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    let selected = try #require(stack.top.navigationDestination as? DrillDownDestination)
    let made = DrillDownDestination(path: [1, 1, 1])
    #expect(selected == made)
    #expect(selected.hashValue == made.hashValue)
    #expect(selected.path == [1, 1, 1])
    #expect(selected != DrillDownDestination(path: [1, 1, 0]))
    #expect(selected != DrillDownDestination(path: [1, 1]))
    #expect(Set([selected, made, DrillDownDestination(path: [])]).count == 2)
    #expect(String(describing: made) == "DrillDownDestination(path: [1, 1, 1])")
    // A level pushed by its path after that is found from the root, and drilling on from it
    // works as from a selected one.
    let pushed = try stack.push(DrillDownDestination(path: [1]))
    #expect(pushed.title == "2 items")
    let deeper = try #require(try stack.selectRow(at: TablePosition(section: 0, row: 1)))
    #expect((deeper.navigationDestination as? DrillDownDestination)?.path == [1, 1])
  }
}
