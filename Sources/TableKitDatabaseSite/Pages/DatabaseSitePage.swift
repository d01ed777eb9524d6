import TableKit
package import TableRender

/// Everything one page of a database's site holds, before it is written: its place, its
/// heading, its tables with their links, and its CSV and JSON twins.
package struct DatabaseSitePage {
  /// The level the page shows.
  package var level: DatabaseSiteLevel
  /// The page's file, relative to the site's folder (`orders/rows/7.html`).
  package var file: String
  /// The heading.
  package var title: String
  /// The levels from the index to this one, this one last.
  package var breadcrumbs: [SitePage.Crumb]
  /// This page's number among its list's pages, from 1, and how many there are.
  package var number = 1
  package var count = 1
  /// The files of the list's page before and after, or `nil`.
  package var previousFile: String?
  package var nextFile: String?
  /// A paragraph under the heading (the range of rows shown), or `nil`.
  package var summary: String?
  /// Lines of links under the heading (other formats, facets).
  package var linkGroups: [SitePage.LinkGroup] = []
  /// The tables, each under its heading.
  package var sections: [(heading: String?, table: DatabaseSiteTable)] = []
  /// The table its `.csv` twin holds.
  package var csv: DatabaseSiteTable
  /// The bytes of its `.json` twin.
  package var json: [UInt8] = []
  /// Every page file the page links to, for the link check.
  package var linkedFiles: [String] = []
  /// The filtered lists the page links to (first pages), which the export writes next.
  package var linkedLevels: [DatabaseSiteLevel] = []

  /// The file of the twin with extension `twin` (`json`, `csv`) of the page in `file`.
  package static func twin(of file: String, _ twin: String) -> String {
    String(file.dropLast(".html".count)) + "." + twin
  }

  /// The page as the site template lays it out.
  package var sitePage: SitePage {
    var page = SitePage(
      title: title, file: file, breadcrumbs: breadcrumbs, number: number, count: count,
      previousFile: previousFile, nextFile: nextFile, failure: nil)
    page.summary = summary
    page.linkGroups = linkGroups
    return page
  }

  /// The tables as the site template lays them out, each captioned with the page's title and
  /// its heading.
  package var templateSections: [SitePageTemplate.Section] {
    sections.map { section in
      var caption = SitePage.displayTitle(title)
      if let heading = section.heading { caption += ": " + heading }
      if count > 1 { caption += ", page \(number) of \(count)" }
      return SitePageTemplate.Section(
        heading: section.heading, caption: caption, table: TableView(dataSource: section.table))
    }
  }
}
