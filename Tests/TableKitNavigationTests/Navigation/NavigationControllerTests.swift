import Foundation
import TableKit
import TableKitNavigation
import Testing

private func level(_ title: String) -> TableController {
  TableController(title: title, dataSource: SectionedDataSource(items: ["row"]))
}

@Suite struct NavigationStackTests {
  @Test func pushesAndPopsReturningWhatTheyRemoved() throws {
    let root = level("Root")
    let stack = try NavigationController(root: root)
    let (a, b, c) = (level("A"), level("B"), level("C"))
    try stack.push(a)
    try stack.push(b)
    try stack.push(c)

    #expect(stack.depth == 4)
    #expect(stack.root === root)
    #expect(stack.top === c)
    #expect(stack.breadcrumbs == ["Root", "A", "B", "C"])

    #expect(try stack.pop() === c)
    #expect(c.navigationController == nil)
    let toA = try stack.pop(to: a)
    #expect(toA.map(\.title) == ["B"])
    #expect(try stack.pop(to: a).isEmpty)
    try stack.push(b)
    try stack.push(c)
    let toRoot = stack.popToRoot()
    #expect(toRoot.map(\.title) == ["A", "B", "C"])
    #expect(stack.popToRoot().isEmpty)
    #expect(stack.breadcrumbs == ["Root"])
    #expect([a, b, c].allSatisfy { $0.navigationController == nil })
    #expect(root.navigationController === stack)
  }

  @Test func observersSeeEveryPushAndPopInOrder() throws {
    let stack = try NavigationController(root: level("Root"))
    let log = NavigationEventLog()
    stack.addObserver(log)
    let a = level("A")
    try stack.push(a)
    try stack.push(level("B"))
    try stack.push(level("C"))
    try stack.pop()
    try stack.push(level("D"))
    try stack.pop(to: a)
    stack.popToRoot()

    #expect(
      log.lines == [
        "push A", "push B", "push C", "pop C", "push D", "pop D", "pop B", "pop A",
      ])

    stack.removeObserver(log)
    try stack.push(level("E"))
    #expect(log.lines.count == 8)
  }

  @Test func observersAreHeldWeakly() throws {
    let stack = try NavigationController(root: level("Root"))
    weak var weakLog: NavigationEventLog?
    do {
      let log = NavigationEventLog()
      weakLog = log
      stack.addObserver(log)
    }
    #expect(weakLog == nil)
    try stack.push(level("A"))
  }

  @Test func backTitleIsTheLevelBelowUnlessSet() throws {
    let root = level("Brands")
    let stack = try NavigationController(root: root)
    let models = level("BMW")
    let detail = level("X3")
    try stack.push(models)
    try stack.push(detail)

    #expect(root.backTitle == nil)
    #expect(models.backTitle == "Brands")
    #expect(detail.backTitle == "BMW")

    detail.backTitle = "Models"
    #expect(detail.backTitle == "Models")
    detail.backTitle = nil
    #expect(detail.backTitle == "BMW")

    try stack.pop()
    #expect(detail.backTitle == nil)
  }

  @Test func poppingTheRootIsATypedError() throws {
    let stack = try NavigationController(root: level("Brands"))
    #expect(throws: NavigationError.cannotPopRoot(root: "Brands")) { try stack.pop() }
    try stack.push(level("BMW"))
    try stack.pop()
    // Past the root: one pop more than was pushed.
    let error = #expect(throws: NavigationError.self) { try stack.pop() }
    #expect(
      error?.localizedDescription
        == "Cannot pop \"Brands\": it is the root level, and a stack always keeps its root. "
        + "Push a level first, or use popToRoot().")
    #expect(stack.depth == 1)
  }

  @Test func pushingAControllerAlreadyOnAStackIsATypedError() throws {
    let stack = try NavigationController(root: level("Root"))
    let other = try NavigationController(root: level("Other root"))
    let shared = level("Shared")
    try stack.push(shared)

    #expect(throws: NavigationError.alreadyOnStack(title: "Shared", onThisStack: true)) {
      try stack.push(shared)
    }
    #expect(throws: NavigationError.alreadyOnStack(title: "Shared", onThisStack: false)) {
      try other.push(shared)
    }
    #expect(throws: NavigationError.alreadyOnStack(title: "Root", onThisStack: false)) {
      try NavigationController(root: stack.root)
    }
    #expect(stack.depth == 2)
    #expect(other.depth == 1)

    // Once popped it is free again.
    try stack.pop()
    try other.push(shared)
    #expect(shared.navigationController === other)
  }

  @Test func selectingInAControllerNoLongerOnTheStackIsATypedError() throws {
    let stack = try CarCatalogue.makeStack()
    let models = try #require(try stack.selectRow(at: TablePosition(section: 0, row: 1)))
    try stack.pop()

    let error = #expect(throws: NavigationError.self) {
      try stack.selectRow(at: TablePosition(section: 0, row: 0), in: models)
    }
    #expect(error == .notOnStack(title: "BMW", operation: .selectRow))
    #expect(
      error?.description
        == "Cannot select a row in \"BMW\": it is not on this navigation stack (it was popped, "
        + "or never pushed).")
    #expect(stack.depth == 1)
  }

  @Test func selectingBelowTheTopOrOutsideTheTableIsATypedError() throws {
    let stack = try CarCatalogue.makeStack()
    try stack.selectRow(at: TablePosition(section: 0, row: 0))
    #expect(throws: NavigationError.notTopLevel(title: "Brands", top: "Alfa Romeo")) {
      try stack.selectRow(at: TablePosition(section: 0, row: 0), in: stack.root)
    }
    let error = #expect(throws: NavigationError.self) {
      try stack.selectRow(at: TablePosition(section: 0, row: 9))
    }
    #expect(
      error?.description == "Row 9 in section 0 is past the end: section 0 has 2 rows (0...1).")
    #expect(stack.breadcrumbs == ["Brands", "Alfa Romeo"])
  }

  @Test func poppingToAControllerNotOnTheStackIsATypedError() throws {
    let stack = try NavigationController(root: level("Root"))
    try stack.push(level("A"))
    let stranger = level("Stranger")
    #expect(throws: NavigationError.notOnStack(title: "Stranger", operation: .popTo)) {
      try stack.pop(to: stranger)
    }
    #expect(stack.depth == 2)
  }

  @Test func aStackWithoutAFactoryPushesControllersOnly() throws {
    let stack = try NavigationController(root: level("Root"))
    #expect(throws: NavigationError.unknownDestination("brands")) {
      try stack.push(CarLevel.brands)
    }
    #expect(stack.depth == 1)
  }
}
