import Foundation
import Synchronization
import TableKit
import TableKitModels
import TableKitNavigation
import TableRender
import Testing

@Suite struct SiteExporterTests {
  /// brands → models of a brand → detail, as a drill-down.
  static func catalogue() -> NavigationController {
    let tree: NestedValue = .list(
      [
        .list(
          [.list(["Saloon", "2016"], title: "Giulia"), .list(["SUV"], title: "Stelvio")],
          title: "Alfa Romeo"),
        .list([.list(["SUV"], title: "X3")], title: "BMW"),
      ], title: "Brands")
    return NavigationController(drillingInto: tree, title: "Brands")
  }

  @Test func writesOneLinkedPagePerLevelWithBreadcrumbs() throws {
    let site = try ExportedSite.export(Self.catalogue(), with: SiteExporter(siteTitle: "Cars"))
    #expect(
      site.pages == [
        "1-alfa-romeo.html", "1-alfa-romeo/1-giulia.html", "1-alfa-romeo/2-stelvio.html",
        "2-bmw.html", "2-bmw/1-x3.html", "index.html",
      ])
    #expect(site.report.levelsWritten == 6 && site.report.pagesWritten == 6)
    let index = try #require(site.files["index.html"])
    #expect(index.contains("<a href=\"1-alfa-romeo.html\">Alfa Romeo</a>"))
    #expect(index.contains("<caption>Brands</caption>"))
    #expect(index.contains("<main data-pagefind-body>"))
    #expect(index.contains("<title>Brands – Cars</title>"))
    let deep = try #require(site.files["1-alfa-romeo/1-giulia.html"])
    #expect(deep.contains("<nav aria-label=\"Breadcrumb\">"))
    #expect(deep.contains("<li><a href=\"../index.html\">Brands</a></li>"))
    #expect(deep.contains("<li><a href=\"../1-alfa-romeo.html\">Alfa Romeo</a></li>"))
    #expect(deep.contains("<li><a href=\"1-giulia.html\" aria-current=\"page\">Giulia</a></li>"))
    #expect(deep.contains("<th scope=\"col\">Name</th>"))
    #expect(deep.contains("<td>Saloon</td>"))
  }

  /// The hook the command line's progress line counts with is called once a page written.
  @Test func tellsEachPageWritten() throws {
    let pages = Mutex(0)
    var exporter = SiteExporter()
    exporter.rowsPerPage = 1
    exporter.pageWritten = { pages.withLock { $0 += 1 } }
    let site = try ExportedSite.export(Self.catalogue(), with: exporter)
    #expect(site.report.pagesWritten > site.report.levelsWritten)
    #expect(pages.withLock { $0 } == site.report.pagesWritten)
  }

  @Test func everyLinkLeadsToAWrittenPageAndEveryPageIsReachable() throws {
    let site = try ExportedSite.export(Self.catalogue())
    var reached: Set<String> = ["index.html"]
    var queue = ["index.html"]
    while let page = queue.popLast() {
      for href in site.hrefs(in: page) {
        let target = try #require(ExportedSite.resolve(href, from: page), "\(href) in \(page)")
        #expect(site.files[target] != nil, "\(page) links to \(href), not written")
        if reached.insert(target).inserted { queue.append(target) }
      }
    }
    #expect(reached == Set(site.pages))
  }

  @Test func sitemapListsExactlyThePagesWritten() throws {
    let site = try ExportedSite.export(
      Self.catalogue(), with: SiteExporter(baseURL: "https://example.com/cars"))
    let sitemap = try #require(site.files["sitemap.xml"])
    let locations = sitemap.components(separatedBy: "<loc>").dropFirst()
      .map { $0.components(separatedBy: "</loc>")[0] }
    #expect(locations == site.pages.map { "https://example.com/cars/" + $0 })
    #expect(
      site.files["index.html"]?.contains(
        "<link rel=\"canonical\" href=\"https://example.com/cars/index.html\">") == true)
  }

  @Test func twoExportsAreByteIdentical() throws {
    let first = try ExportedSite.export(Self.catalogue())
    let second = try ExportedSite.export(Self.catalogue())
    #expect(first.files == second.files)
    #expect(first.order == second.order)
  }

  @Test func paginatesALevelWithManyRows() throws {
    let rows: [Any] = (1...250).map { Cell("Row \($0)") }
    let stack = try NavigationController(
      root: BranchController(title: "Many", rows: rows) { $0 == 120 ? Branch(path: ["x"]) : nil },
      factory: { _, _ throws(NavigationError) in
        BranchController(title: "Deep", rows: [Cell("leaf")]) { _ in nil }
      })
    var exporter = SiteExporter()
    exporter.rowsPerPage = 100
    let site = try ExportedSite.export(stack, with: exporter)
    #expect(
      site.pages == ["121-deep.html", "index.html", "index~page-2.html", "index~page-3.html"])
    let second = try #require(site.files["index~page-2.html"])
    #expect(second.contains("<a href=\"index.html\" rel=\"prev\">Previous page</a>"))
    #expect(second.contains("<a href=\"index~page-3.html\" rel=\"next\">Next page</a>"))
    #expect(second.contains("<caption>Many, page 2 of 3</caption>"))
    #expect(second.contains("<a href=\"121-deep.html\">Row 121</a>"))
    #expect(
      second.contains("Row 101<") && second.contains("Row 200<") && !second.contains("Row 201<"))
    let deep = try #require(site.files["121-deep.html"])
    #expect(deep.contains("<li><a href=\"index.html\">Many</a></li>"))
  }

  @Test func aLoadMoreRowIsNeverADeadLink() throws {
    let rows: [Any] = [Cell("first"), ModelStatusRow(kind: .loadMore, text: "Load more")]
    let stack = try NavigationController(
      root: BranchController(title: "Feed", rows: rows) { _ in nil })
    let site = try ExportedSite.export(stack)
    let index = try #require(site.files["index.html"])
    #expect(!index.contains("<tr class=\"status-load-more"))
    #expect(!index.contains("Load more"))
    #expect(index.contains("More rows were not loaded when this page was exported"))
    #expect(site.report.levelsWithMoreToLoad.count == 1)
  }

  @Test func aLevelThatFailedToLoadGetsAPageAndFailsTheExport() throws {
    let failed = ModelStatusRow(kind: .failure, text: "The feed is offline.", detail: "Retry")
    func stack() throws -> NavigationController {
      try NavigationController(
        root: BranchController(title: "Root", rows: [Cell("feed")]) { _ in Branch(path: ["f"]) },
        factory: { _, _ throws(NavigationError) in
          BranchController(title: "Feed", rows: [failed]) { _ in nil }
        })
    }
    #expect(
      throws: SiteExportError.levelsFailedToLoad(["/1-feed (Root › Feed): The feed is offline."])
    ) {
      _ = try ExportedSite.export(stack())
    }
    var exporter = SiteExporter()
    exporter.keepsGoing = true
    let site = try ExportedSite.export(stack(), with: exporter)
    #expect(site.report.failedLevels == ["/1-feed (Root › Feed): The feed is offline."])
    let page = try #require(site.files["1-feed.html"])
    #expect(
      page.contains(
        "<p class=\"load-failure\" role=\"alert\">This level failed to load: The feed is offline.</p>"
      ))
  }

  @Test func aCycleLinksBackToTheLevelOnItsPath() throws {
    let stack = try NavigationController(
      rootDestination: Branch(path: []),
      factory: { destination, _ throws(NavigationError) in
        let path = (destination as? Branch)?.path ?? []
        return BranchController(title: path.isEmpty ? "Root" : "A", rows: [Cell("around")]) { _ in
          path.isEmpty ? Branch(path: ["a"]) : Branch(path: [])
        }
      })
    let site = try ExportedSite.export(stack)
    #expect(site.pages == ["1-a.html", "index.html"])
    #expect(site.report.cyclesLinked == 1)
    #expect(site.files["1-a.html"]?.contains("<a href=\"index.html\">around</a>") == true)
  }

  @Test func depthAndPageLimitsStopWithAMessageNamingTheLevel() throws {
    var exporter = SiteExporter()
    exporter.maximumDepth = 1
    #expect(
      throws: SiteExportError.depthLimitReached(
        limit: 1, level: "/1-alfa-romeo (Brands › Alfa Romeo)")
    ) {
      _ = try ExportedSite.export(Self.catalogue(), with: exporter)
    }
    exporter = SiteExporter()
    exporter.maximumPages = 3
    #expect(throws: SiteExportError.pageLimitReached(limit: 3)) {
      _ = try ExportedSite.export(Self.catalogue(), with: exporter)
    }
  }
}
