import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

@Suite struct RoutingAndRestorationTests {
  @Test func aDeepLinkPushesEveryLevelOfItsChain() throws {
    let router = try GarageRoute.makeRouter()
    let app = NavigationTester(try GarageRoute.makeStack())
    app.open("garage://brands/bmw/x3", with: router)
    app.expectPush("BMW")
    app.expectPush("BMW X3")
    // A second link while deep pops back to the root first.
    app.open("garage://brands/alfa-romeo", with: router)
    app.expectPop("BMW X3")
    app.expectPop("BMW")
    app.expectPush("Alfa Romeo")
    app.expectBreadcrumbs(["Brands", "Alfa Romeo"])
    app.finish()
  }

  @Test func aLinkThatDoesNotRouteFailsNamingIt() throws {
    let router = try GarageRoute.makeRouter()
    let app = NavigationTester(try GarageRoute.makeStack())
    withKnownIssue {
      app.open("garage://garages", with: router)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Open garage://garages failed: ")
    }
    app.finish()
  }

  @Test func aStackRestoresAsItWas() async throws {
    let router = try GarageRoute.makeRouter()
    let stack = try router.makeNavigationController(
      for: "garage://brands/bmw", factory: GarageRoute.makeLevel)
    try stack.top.table.selectRow(at: TablePosition(section: 0, row: 1))
    let restored = await assertRestoration(of: stack, router: router, resolver: GarageResolver())
    #expect(restored?.breadcrumbs == ["Brands", "BMW"])
    #expect(restored?.top.table.selectedPositions == [TablePosition(section: 0, row: 1)])
  }

  @Test func aLevelThatDoesNotComeBackFailsNamingIt() async throws {
    let router = try GarageRoute.makeRouter()
    let stack = try GarageRoute.makeStack()
    // A level pushed by hand has no destination, so it has no URL and is not saved.
    try stack.push(GarageLevelController(title: "Scratch", rows: []))
    let callLine = #line + 2
    await withKnownIssue {
      await assertRestoration(of: stack, router: router, resolver: GarageResolver())
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == callLine
        && message.contains("the stack has 2 levels, the restored one 1")
    }
  }

  @Test func everyLevelsURLAndSavedFormRoundTrip() throws {
    let report = assertEveryLevel(
      of: try GarageRoute.makeStack(), router: try GarageRoute.makeRouter())
    #expect(report.levelsVisited == 7)
  }

  @Test func aLevelWithoutAURLFailsTheWalk() throws {
    let router = try GarageRoute.makeRouter(printsDetail: false)
    let stack = try GarageRoute.makeStack()
    withKnownIssue {
      assertEveryLevel(of: stack, router: router)
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.hasPrefix("4 of 7 levels failed:")
        && message.contains(
          "• Brands › BMW › BMW X3 (rows (0, 1) (0, 1))\n    no route prints a URL")
    }
  }
}
