import TableKit
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

@Suite struct NavigationWalkerTests {
  @Test func walksEveryLevelOfTheCarCatalogueWithoutAPerson() throws {
    let stack = try CarCatalogue.makeStack()
    var visited: [String] = []
    let report = try NavigationWalker().walk(stack) { visit in
      visited.append("\(visit.depth) " + visit.breadcrumbs.joined(separator: " > "))
    }
    // 1 brands level, 3 model levels, 2 + 3 + 1 detail levels.
    #expect(report.levelsVisited == 10)
    #expect(!report.reachedMaximumDepth && !report.reachedMaximumLevels)
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
    #expect(shallow.reachedMaximumDepth)

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
