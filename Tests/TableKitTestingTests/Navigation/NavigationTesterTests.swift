import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

private let bmw = Garage.brands[1]

@Suite struct NavigationTesterTests {
  @Test func drivesTheGarageByVisibleTextAndBack() throws {
    let app = NavigationTester(try Garage.makeStack())
    app.track(SessionKey<Brand>.brand)
    app.track(SessionKey<String>.model)

    app.tap("BMW")
    app.expectSession(.brand, bmw)
    app.expectPush("BMW", from: Cell("BMW", accessory: .disclosureIndicator))
    app.expectTitle("BMW", backTitle: "Brands")

    app.tap(row: 1)
    app.expectSession(.model, "X3")
    app.expectPush("BMW X3")
    app.expectBreadcrumbs(["Brands", "BMW", "BMW X3"])
    app.expectSelectedObject(Cell("BMW", accessory: .disclosureIndicator), atLevel: 0)

    app.back()
    app.expectPop("BMW X3")
    app.back()
    app.expectPop("BMW")
    // The models level wrote the model; popping it took the value with it.
    app.expectSession(.model, nil)
    app.finish()
  }

  @Test func anUnassertedPushFailsAtFinishNamingIt() throws {
    let app = NavigationTester(try Garage.makeStack())
    app.tap("BMW")
    let finishLine = #line + 2
    withKnownIssue {
      app.finish()
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == finishLine
        && message.hasPrefix("1 navigation event was not asserted at finish():\n")
        && message.contains("push \"BMW\" (during tap \"BMW\" at line \(finishLine - 3))")
    }
  }

  @Test func anUnassertedPushFailsAtTheNextAction() throws {
    let app = NavigationTester(try Garage.makeStack())
    app.tap("Alfa Romeo")
    let tapLine = #line + 2
    withKnownIssue {
      app.tap("Giulia")
    } matching: { issue in
      issue.sourceLocation?.line == tapLine
        && issue.comments.map(\.rawValue).joined().contains(
          "not asserted before tap \"Giulia\":\n  push \"Alfa Romeo\"")
    }
    app.expectPush("Alfa Romeo Giulia")
    app.finish()
  }

  @Test func withoutFinishTheDeinitReportsAtTheLineThatMadeTheTester() throws {
    let stack = try Garage.makeStack()
    let initLine = #line + 2
    withKnownIssue {
      let app = NavigationTester(stack)
      app.tap("BMW")
    } matching: { issue in
      issue.sourceLocation?.line == initLine
        && issue.comments.map(\.rawValue).joined().contains(
          "not asserted when the tester was deinitialized")
    }
  }

  @Test func anUnassertedSessionChangeFails() throws {
    let app = NavigationTester(try Garage.makeStack())
    app.track(SessionKey<Brand>.brand)
    app.tap("BMW")
    app.expectPush("BMW")
    withKnownIssue {
      app.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("session \"brand\" = ")
    }
  }

  @Test func aWrongExpectationNamesTheActualEvent() throws {
    let app = NavigationTester(try Garage.makeStack())
    app.tap("BMW")
    withKnownIssue {
      app.expectPush("Audi")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Expected push \"Audi\", but the next event is push \"BMW\"."
    }
    withKnownIssue {
      app.expectPop("BMW")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Expected pop \"BMW\", but the stack neither pushed nor popped.")
    }
    app.finish()
  }

  @Test func tappingTextNoRowShowsListsWhatTheLevelShows() throws {
    let app = NavigationTester(try Garage.makeStack())
    withKnownIssue {
      app.tap("Audi")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "No row of \"Brands\" shows \"Audi\". The level shows:\n"
        + "# Brands\n  Alfa Romeo >\n  BMW >"
    }
    app.finish()
  }

  @Test func pushesByAppCodeAreEventsToo() throws {
    let app = NavigationTester(try Garage.makeStack())
    try app.perform("open the first brand") { stack in
      try stack.selectRow(at: TablePosition(section: 0, row: 0))
    }
    app.expectPush("Alfa Romeo")
    try app.stack.pop()
    app.expectPop("Alfa Romeo")
    app.finish()
  }

  @Test func withExhaustivityOffUnassertedEventsPass() throws {
    let app = NavigationTester(try Garage.makeStack(), exhaustivity: .off)
    app.tap("BMW")
    app.tap("X3")
    app.expectBreadcrumbs(["Brands", "BMW", "BMW X3"])
    app.finish()
  }
}
