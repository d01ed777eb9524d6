import TableKit
import TableKitNavigation
import Testing

/// A level whose every row leads back to the same destination.
private final class LoopController: TableController {
  init() {
    super.init(title: "Loop", dataSource: SectionedDataSource(items: ["again", "again"]))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    CarLevel.brands
  }
}

/// Level `index` of a chain: one row leading to the next level (until the last) and one that
/// leads nowhere.
private struct ChainLevel: NavigationDestination {
  let index: Int
}

private final class ChainController: TableController {
  let index: Int
  let count: Int

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
    super.init(
      title: "\(index)", dataSource: SectionedDataSource(items: ["deeper", "nowhere"]))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    position.row == 0 && index + 1 < count ? ChainLevel(index: index + 1) : nil
  }
}

@Suite struct NavigationWalkerTests {
  /// 100,000 levels, one below the other: the walk keeps its path off the call stack (the
  /// recursive walk overflowed it near 8,000 levels and took time and memory quadratic in the
  /// depth before that).
  @Test func walksAHundredThousandLevelsDown() throws {
    let count = 100_000
    let stack = try NavigationController(rootDestination: ChainLevel(index: 0)) {
      destination, _ in
      ChainController(index: (destination as? ChainLevel)?.index ?? -1, count: count)
    }
    var levels: [Int] = []
    levels.reserveCapacity(count)
    var mismatches = 0
    var deepestPath: [TablePosition] = []
    let report = try NavigationWalker(maximumDepth: count, maximumLevels: count).walk(stack) {
      visit in
      levels.append(visit.level)
      let controller = visit.controller as? ChainController
      if controller?.index != visit.level || visit.rowPath.count != visit.level
        || visit.controller.navigationController?.depth != visit.level + 1
        || visit.rowPath.last.map({ $0 != TablePosition(section: 0, row: 0) }) == true
      {
        mismatches += 1
      }
      if visit.level == count - 1 { deepestPath = visit.rowPath }
    }
    #expect(report.levelsVisited == count)
    #expect(!report.reachedDeepestLevel && !report.reachedMaximumLevels)
    #expect(report.cyclesSkipped == 0)
    #expect(levels == Array(0..<count))
    #expect(mismatches == 0)
    #expect(deepestPath == Array(repeating: TablePosition(section: 0, row: 0), count: count - 1))
    #expect(stack.depth == 1)
  }

  @Test func aLevelBoundStopsTheChainAndLeavesTheStackAsItWas() throws {
    let stack = try NavigationController(rootDestination: ChainLevel(index: 0)) {
      destination, _ in
      ChainController(index: (destination as? ChainLevel)?.index ?? -1, count: 1_000)
    }
    let deep = try NavigationWalker(maximumDepth: 500).walk(stack) { _ in }
    #expect(deep.levelsVisited == 501)
    #expect(deep.reachedDeepestLevel && !deep.reachedMaximumLevels)
    let many = try NavigationWalker(maximumDepth: 1_000, maximumLevels: 300).walk(stack) { _ in }
    #expect(many.levelsVisited == 300)
    #expect(many.reachedMaximumLevels)
    #expect(stack.depth == 1)
  }

  @Test func walksEveryLevelOfTheCarCatalogueWithoutAPerson() throws {
    let stack = try CarCatalogue.makeStack()
    var visited: [String] = []
    let report = try NavigationWalker().walk(stack) { visit in
      visited.append("\(visit.level) " + visit.breadcrumbs.joined(separator: " > "))
    }
    // 1 brands level, 3 model levels, 2 + 3 + 1 detail levels.
    #expect(report.levelsVisited == 10)
    #expect(!report.reachedDeepestLevel && !report.reachedMaximumLevels)
    #expect(
      visited == [
        "0 Brands",
        "1 Brands > Alfa Romeo",
        "2 Brands > Alfa Romeo > Giulia",
        "2 Brands > Alfa Romeo > Stelvio",
        "1 Brands > BMW",
        "2 Brands > BMW > 3 Series",
        "2 Brands > BMW > 5 Series",
        "2 Brands > BMW > X3",
        "1 Brands > Citroën",
        "2 Brands > Citroën > C3",
      ])
    #expect(stack.depth == 1)
  }

  @Test func walksTheNestedListAndReportsNoLeaf() throws {
    var selections: [[Int]] = []
    let stack = NavigationController(
      drillingInto: ["a", ["1", ["x"], []], "c"] as NestedValue, title: "List"
    ) {
      selections.append($0.path)
    }
    var paths: [[Int]] = []
    try NavigationWalker().walk(stack) { visit in
      paths.append(visit.rowPath.map(\.row))
    }
    #expect(paths == [[], [1], [1, 1], [1, 2]])
    #expect(selections.isEmpty)
  }

  @Test func boundsTheDepthAndTheNumberOfLevels() throws {
    let shallow = try NavigationWalker(maximumDepth: 1).walk(CarCatalogue.makeStack()) { _ in }
    #expect(shallow.levelsVisited == 4)
    #expect(shallow.reachedDeepestLevel)

    let few = try NavigationWalker(maximumLevels: 3).walk(CarCatalogue.makeStack()) { _ in }
    #expect(few.levelsVisited == 3)
    #expect(few.reachedMaximumLevels)
  }

  @Test func doesNotFollowACycle() throws {
    let stack = try NavigationController(rootDestination: CarLevel.brands) { _, _ in
      LoopController()
    }
    let report = try NavigationWalker().walk(stack) { _ in }
    #expect(report.levelsVisited == 1)
    #expect(report.cyclesSkipped == 2)
  }
}
