import TableKit
import TableKitNavigation
import Testing

/// The snippets of the DocC article "Navigation and drill-down", run as written.
///
/// What the article's comments say is checked. The article's car catalogue is
/// `CarCatalogue.swift`.
@Suite struct NavigationArticleTests {
  private func level(_ title: String) -> TableController {
    TableController(title: title, dataSource: SectionedDataSource(items: ["row"]))
  }

  @Test func aStackOfLevels() throws {
    let (brands, models, detail) = (level("Brands"), level("BMW"), level("X3"))

    let stack = try NavigationController(root: brands)
    try stack.push(models)  // models.backTitle == "Brands"
    try stack.push(detail)
    #expect(models.backTitle == "Brands")
    #expect(stack.breadcrumbs == ["Brands", "BMW", "X3"])
    #expect(try stack.pop() === detail)
    #expect(try stack.pop(to: brands).map(\.title) == ["BMW"])
    #expect(stack.popToRoot().isEmpty)
  }

  @Test func theCarCatalogue() throws {
    let stack = try NavigationController(
      rootDestination: CarLevel.brands, factory: CarCatalogue.makeLevel)
    let models = try stack.selectRow(at: TablePosition(section: 0, row: 1))
    #expect(models?.title == "BMW")
    #expect(models?.backTitle == "Brands")
    let detail = try stack.selectRow(at: TablePosition(section: 0, row: 2))
    #expect(detail?.title == "X3")
    #expect(try detail?.table.cell(at: TablePosition(section: 0, row: 0)).detailText == "BMW")
    #expect(try detail?.table.cell(at: TablePosition(section: 0, row: 1)).detailText == "X3")
  }

  @Test func drillDownIntoNestedData() throws {
    var selections: [DrillDownSelection<NestedValue>] = []
    let list = NavigationController(
      drillingInto: ["a", "b", ["1", "2"], "c"] as NestedValue, title: "List"
    ) {
      selections.append($0)
    }
    try list.selectRow(at: TablePosition(section: 0, row: 2))  // pushes "2 items"
    #expect(list.top.title == "2 items")
    try list.selectRow(at: TablePosition(section: 0, row: 1))  // selections: "2" at [2, 1]
    #expect(selections == [DrillDownSelection(leaf: "2", path: [2, 1])])
  }

  @Test func walkingEveryLevel() throws {
    let stack = try CarCatalogue.makeStack()
    var pages: [[String]] = []
    let report = try NavigationWalker().walk(stack) { visit in pages.append(visit.breadcrumbs) }
    // report.levelsVisited == 10 for the catalogue above
    #expect(report.levelsVisited == 10)
    #expect(pages.count == 10)
    #expect(pages.last == ["Brands", "Citroën", "C3"])
  }

  @Test func theMessageOfPoppingTheRoot() throws {
    let stack = try NavigationController(root: level("Brands"))
    #expect(throws: NavigationError.self) { try stack.pop() }
    #expect(
      NavigationError.cannotPopRoot(root: "Brands").description
        == "Cannot pop \"Brands\": it is the root level, and a stack always keeps its root. "
        + "Push a level first, or use popToRoot().")
  }
}
