import Foundation
import TableKit
import TableKitNavigation
import TableRender
import Testing

/// Titles and IDs from the hostile corpus in page names, breadcrumbs and links.
@Suite struct SiteExportHostileTests {
  /// A two-level drill-down whose every branch is titled with a hostile string, with one hostile
  /// leaf under each.
  static func hostileStack(_ strings: [String]) -> NavigationController {
    let branches: [NestedValue] = strings.map { .list([.value($0)], title: $0) }
    return NavigationController(drillingInto: NestedValue.list(branches), title: "Hostile <root>")
  }

  /// Exports with the default URLs and with URLs made of the raw titles (as IDs).
  static func exporters() -> [SiteExporter] {
    var byTitle = SiteExporter(siteTitle: "<b>site</b>")
    byTitle.canonicalURL = { visit in
      visit.level == 0 ? "root:" : "root:/" + (visit.controller.title ?? "")
    }
    return [SiteExporter(siteTitle: "\"><script>x</script>"), byTitle]
  }

  @Test(arguments: 0..<2)
  func hostileTitlesAndIDsStayInsideTheSiteAndAreData(exporter: Int) throws {
    let strings = try Array(Set(HostileCorpus.strings())).sorted()
    let site = try ExportedSite.export(
      Self.hostileStack(strings), with: Self.exporters()[exporter])
    // One page per level, and the root's rows on two pages of 100.
    #expect(site.pages.count == strings.count + 2)
    #expect(site.files["index~page-2.html"] != nil)
    for page in site.pages {
      let segments = page.split(separator: "/", omittingEmptySubsequences: false)
      #expect(segments.allSatisfy { isSafeName(String($0)) }, "\(page)")
      #expect(!segments.contains { isWindowsDeviceName(String($0)) }, "\(page)")
      let text = try #require(site.files[page])
      // Only the template's own elements: nothing from a title became markup.
      #expect(!text.contains("<script"), "\(page)")
      #expect(!text.contains("<img"), "\(page)")
      #expect(!text.contains("<b>"), "\(page)")
      #expect(!text.contains("<h1>x</h1>"), "\(page)")
      #expect(text.components(separatedBy: "<html").count == 2)
      #expect(text.components(separatedBy: "</table>").count == 2)
      #expect(!text.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B })
      for href in site.hrefs(in: page) {
        #expect(!href.contains(":") && !href.hasPrefix("/"), "\(href) in \(page)")
        let target = try #require(ExportedSite.resolve(href, from: page), "\(href) in \(page)")
        #expect(site.files[target] != nil, "\(href) in \(page)")
      }
    }
  }

  @Test func idsDifferingOnlyByCaseOrNormalisationGetTheirOwnFiles() throws {
    let ids = ["Report", "report", "REPORT", "caf\u{E9}", "cafe\u{301}", "Ω", "\u{2126}"]
    var exporter = SiteExporter()
    exporter.canonicalURL = { visit in
      visit.level == 0 ? "ids:" : "ids:/" + (visit.controller.title ?? "")
    }
    let site = try ExportedSite.export(Self.hostileStack(ids), with: exporter)
    let pages = site.pages.filter { $0 != "index.html" }
    #expect(pages.count == ids.count)
    let folded = Set(pages.map { $0.lowercased().precomposedStringWithCanonicalMapping })
    #expect(folded.count == ids.count)
    // Each page is the level it names: its heading is its own ID.
    let headings = Set(
      pages.compactMap { page in
        site.files[page]?.components(separatedBy: "<h1>").dropFirst().first?
          .components(separatedBy: "</h1>").first
      })
    #expect(headings == Set(ids))
  }

  @Test func aCollisionTheNamingCannotResolveNamesBothLevels() throws {
    // With one hex digit of hash, seventeen IDs that all read `item` must share a name.
    let ids = (0..<17).map { "Item" + String(repeating: " ", count: $0 + 1) }
    var exporter = SiteExporter()
    exporter.hashDigits = 1
    exporter.canonicalURL = { visit in
      visit.level == 0 ? "ids:" : "ids:/" + (visit.controller.title ?? "")
    }
    do {
      _ = try ExportedSite.export(Self.hostileStack(ids), with: exporter)
      Issue.record("no collision reported")
    } catch {
      guard case .pathCollision(let path, let first, let second) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path.hasPrefix("item~"))
      #expect(first.hasPrefix("ids:/Item ") && second.hasPrefix("ids:/Item "))
      #expect(first != second)
    }
  }

  @Test func theSameURLReachedTwiceIsOnePage() throws {
    var exporter = SiteExporter()
    exporter.canonicalURL = { visit in visit.level == 0 ? "/" : "/same" }
    let site = try ExportedSite.export(Self.hostileStack(["a", "b"]), with: exporter)
    #expect(site.pages == ["index.html", "same.html"])
    #expect(site.order.filter { $0 == "same.html" }.count == 1)
  }

  @Test func invisibleTitlesStillNameTheirLinks() throws {
    let stack = Self.hostileStack(["\u{200B}", " \t", "\u{202E}\u{2066}", "\u{0}"])
    let site = try ExportedSite.export(stack)
    let index = try #require(site.files["index.html"])
    #expect(index.components(separatedBy: ">(untitled)</a>").count == 5)
    let page = try #require(site.pages.first { $0 != "index.html" })
    #expect(site.files[page]?.contains("aria-current=\"page\">Untitled</a>") == true)
    #expect(site.files[page]?.contains("<h1>Untitled</h1>") == true)
  }
}
