import Foundation
import TableKit
import TableKitNavigation
import TableRender

/// A site exported into memory: file path → text.
struct ExportedSite {
  var files: [String: String] = [:]
  var order: [String] = []
  var report = SiteExportReport()

  static func export(
    _ stack: NavigationController, with exporter: SiteExporter = SiteExporter()
  ) throws(SiteExportError) -> ExportedSite {
    var site = ExportedSite()
    site.report = try exporter.export(stack) { (path, bytes) throws(SiteExportError) in
      site.files[path] = String(decoding: bytes, as: UTF8.self)
      site.order.append(path)
    }
    return site
  }

  /// The pages (everything but the sitemap).
  var pages: [String] { files.keys.filter { $0.hasSuffix(".html") }.sorted() }

  /// Every `href="…"` in `page`, as written.
  func hrefs(in page: String) -> [String] {
    guard let text = files[page] else { return [] }
    var found: [String] = []
    var rest = Substring(text)
    while let start = rest.range(of: "href=\"") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      found.append(String(rest[..<end]))
      rest = rest[rest.index(after: end)...]
    }
    return found
  }

  /// `href` from `page` resolved to a path in the site, or `nil` when it leaves the site.
  static func resolve(_ href: String, from page: String) -> String? {
    var parts = page.split(separator: "/").dropLast().map(String.init)
    for part in href.split(separator: "/", omittingEmptySubsequences: false) {
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }
}

/// A level of rows that lead to levels named by `Branch`, for hierarchies made in tests.
final class BranchController: TableController {
  let leadsTo: (Int) -> (any NavigationDestination)?

  init(
    title: String?, rows: [Any], columns: [ColumnDefinition] = [],
    leadsTo: @escaping (Int) -> (any NavigationDestination)?
  ) {
    self.leadsTo = leadsTo
    super.init(
      title: title,
      dataSource: SectionedDataSource(sections: [TableSection(items: rows)], columns: columns))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    leadsTo(position.row)
  }
}

/// A destination named by a path of strings.
struct Branch: NavigationDestination {
  var path: [String]
}
