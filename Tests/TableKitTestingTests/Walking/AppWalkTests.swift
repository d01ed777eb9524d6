import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

/// A catalogue with two broken levels: one without a title, one showing a type that has no
/// table representation.
private enum Broken: NavigationDestination {
  case root, untitled, raw

  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination as? Broken {
    case .root: return Menu(title: "Root", links: [("Untitled", .untitled), ("Raw", .raw)])
    case .untitled: return TableController(dataSource: SectionedDataSource(items: [Cell("x")]))
    case .raw: return TableController(title: "Raw", dataSource: SectionedDataSource(items: [3.5]))
    case nil: throw .unknownDestination(String(describing: destination))
    }
  }
}

private final class Menu: TableController {
  let links: [Broken]
  init(title: String, links: [(String, Broken)]) {
    self.links = links.map(\.1)
    super.init(
      title: title,
      dataSource: SectionedDataSource(
        items: links.map { Cell($0.0, accessory: .disclosureIndicator) }))
  }
  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    links[position.row]
  }
}

@Suite struct AppWalkTests {
  @Test func everyLevelOfTheGaragePasses() throws {
    let stack = try Garage.makeStack()
    let report = assertEveryLevel(of: stack)
    // Brands, 2 model lists, 4 details.
    #expect(report.levelsVisited == 7)
    #expect(stack.depth == 1)
    // The rows it selected to go deeper are deselected again: a second walk sees the same.
    #expect(stack.top.table.selectedPositions.isEmpty)
    #expect(try AppWalk().run(stack) == report)
  }

  @Test func theWholeGarageInOneSnapshot() throws {
    assertWalk(
      of: try Garage.makeStack(),
      """
      == Brands
      # Brands
        Alfa Romeo >
        BMW >
      == Brands › Alfa Romeo
      # Alfa Romeo ‹ Brands
        Giulia >
        Stelvio >
      == Brands › Alfa Romeo › Alfa Romeo Giulia
      # Alfa Romeo Giulia ‹ Alfa Romeo
        Brand — Alfa Romeo (not selectable)
        Model — Giulia (not selectable)
      == Brands › Alfa Romeo › Alfa Romeo Stelvio
      # Alfa Romeo Stelvio ‹ Alfa Romeo
        Brand — Alfa Romeo (not selectable)
        Model — Stelvio (not selectable)
      == Brands › BMW
      # BMW ‹ Brands
        3 Series >
        X3 >
      == Brands › BMW › BMW 3 Series
      # BMW 3 Series ‹ BMW
        Brand — BMW (not selectable)
        Model — 3 Series (not selectable)
      == Brands › BMW › BMW X3
      # BMW X3 ‹ BMW
        Brand — BMW (not selectable)
        Model — X3 (not selectable)
      """)
  }

  @Test func everyFailingLevelIsReportedInOneFailure() throws {
    let stack = try NavigationController(rootDestination: Broken.root, factory: Broken.makeLevel)
    let callLine = #line + 2
    withKnownIssue {
      assertEveryLevel(of: stack) { level in
        level.rendering.lines.count > 1 ? [] : ["shows a single line"]
      }
    } matching: { issue in
      issue.sourceLocation?.line == callLine
        && issue.comments.map(\.rawValue).joined()
          == """
          2 of 3 levels failed:
          • Root › (untitled) (rows (0, 0))
              the level has no title
              shows a single line
          • Root › Raw (rows (0, 1))
              row 0 of section 0 shows its description (3.5 {description}): its type has no table representation
          """
    }
  }

  @Test func aReportMadeByHandIsTheWalksReport() throws {
    let stack = try NavigationController(rootDestination: Broken.root, factory: Broken.makeLevel)
    let walked = try AppWalk().run(stack)
    var walk = NavigationWalkReport()
    walk.levelsVisited = 3
    let made = AppWalk.Report(
      levelsVisited: 3,
      failures: [
        AppWalk.Failure(
          level: "Root › (untitled)", rowPath: [TablePosition(section: 0, row: 0)],
          problems: ["the level has no title"]),
        AppWalk.Failure(
          level: "Root › Raw", rowPath: [TablePosition(section: 0, row: 1)],
          problems: [
            "row 0 of section 0 shows its description (3.5 {description}): its type has no "
              + "table representation"
          ]),
      ],
      lines: walked.lines, walk: walk)
    #expect(made == walked)
    #expect(AppWalk.Report() == AppWalk.Report(levelsVisited: 0, failures: [], lines: []))
    #expect(AppWalk.Report().failureMessage == nil)
  }

  @Test func aChangedLevelFailsNamingIt() throws {
    let stack = try Garage.makeStack()
    withKnownIssue {
      assertWalk(
        of: stack,
        """
        == Brands
        # Brands
          Alfa Romeo >
          Audi >
        """)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "line 4, column 3, in level Brands, differs")
    }
  }
}
