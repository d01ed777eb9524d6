package import TableKit

/// The HTML around a page's table: a document with landmarks, breadcrumbs, a heading, the
/// table, and the links between a level's pages.
///
/// ```text
/// <header><nav aria-label="Breadcrumb"><ol>
///   <li><a href="../index.html">Brands</a></li>
///   <li><a href="b1.html" aria-current="page">BMW</a></li></ol></nav></header>
/// <main data-pagefind-body><h1>BMW</h1>
///   <table><caption>BMW</caption>…</table>
///   <nav aria-label="Pages">… Page 1 of 3 <a href="b1~page-2.html" rel="next">Next page</a></nav>
/// </main>
/// ```
///
/// The breadcrumbs are a `nav` landmark whose last link is the page's level, marked
/// `aria-current="page"`; the content is the `main` landmark, which Pagefind indexes
/// (`data-pagefind-body`); the table is the ``HTMLTableRenderer``'s, with a caption and
/// `scope`d header cells; the caption, which says what the heading says, is read by screen
/// readers and hidden from view, so the title is not shown twice. Every text is escaped; every `href` is a relative path the site's
/// naming made, of safe ASCII only.
package struct SitePageTemplate {
  /// One table of a page, with an optional heading above it.
  package struct Section {
    package var heading: String?
    package var caption: String
    package var table: TableView

    /// A section with every part given.
    package init(heading: String?, caption: String, table: TableView) {
      self.heading = heading
      self.caption = caption
      self.table = table
    }
  }

  package var language: String
  package var siteTitle: String?
  package var baseURL: String?

  /// A template for pages in `language`, of the site `siteTitle` served at `baseURL`.
  package init(language: String, siteTitle: String?, baseURL: String?) {
    self.language = language
    self.siteTitle = siteTitle
    self.baseURL = baseURL
  }

  /// The style the pages add to the table renderer's style sheet.
  static let styleSheet = #"""
    header nav ol { display: flex; flex-wrap: wrap; margin: 0 0 1rem; padding: 0;
      list-style: none; }
    header nav li + li::before { content: "\203A"; margin: 0 .5rem; color: #6e6e73; }
    a { color: #0047b3; }
    header nav a[aria-current="page"] { color: inherit; font-weight: 600; text-decoration: none; }
    main > table > caption { position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip-path: inset(50%); white-space: nowrap; }
    a:focus-visible { outline: 2px solid #0047b3; outline-offset: 2px; }
    h1 { margin: 0 0 1rem; font-size: 1.6em; }
    .load-failure { color: #c4281c; font-weight: 600; }
    nav.pages { display: flex; gap: 1.25rem; margin-top: 1.25rem; }

    """#

  /// Writes the whole document of `page` with `table` as its content.
  func write(_ page: SitePage, table: TableView, into output: inout OutputBuffer) {
    var caption = SitePage.displayTitle(page.title)
    if page.count > 1 { caption += ", page \(page.number) of \(page.count)" }
    write(page, sections: [Section(heading: nil, caption: caption, table: table)], into: &output)
  }

  /// Writes the whole document of `page` with `sections` as its content, each table under its
  /// heading (an `h2`).
  package func write(_ page: SitePage, sections: [Section], into output: inout OutputBuffer) {
    let title = SitePage.displayTitle(page.title)
    output.write("<!DOCTYPE html>\n<html lang=\"")
    output.writeEscapedHTML(language)
    output.write(
      "\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
    output.writeEscapedHTML(title)
    if page.count > 1 {
      output.write(" (page ")
      output.write(integer: page.number)
      output.write(" of ")
      output.write(integer: page.count)
      output.write(")")
    }
    if let siteTitle, siteTitle != page.title {
      output.write(" – ")
      output.writeEscapedHTML(SitePage.displayTitle(siteTitle))
    }
    output.write("</title>\n")
    if let baseURL, let url = HTMLEscaping.validLinkURL(Self.joined(baseURL, page.file)),
      HTMLEscaping.scheme(of: url) == "http" || HTMLEscaping.scheme(of: url) == "https"
    {
      output.write("<link rel=\"canonical\" href=\"")
      output.writeEscapedHTML(url)
      output.write("\">\n")
    }
    output.write("<style>\n")
    output.write(HTMLTableRenderer.styleSheet)
    output.write(Self.styleSheet)
    output.write("</style>\n</head>\n<body>\n")
    writeBreadcrumbs(page, into: &output)
    output.write("<main data-pagefind-body>\n<h1>")
    output.writeEscapedHTML(title)
    output.write("</h1>\n")
    if let failure = page.failure {
      output.write("<p class=\"load-failure\" role=\"alert\">This level failed to load: ")
      output.writeEscapedHTML(failure)
      output.write("</p>\n")
    }
    if let summary = page.summary {
      output.write("<p class=\"summary\">")
      output.writeEscapedHTML(summary)
      output.write("</p>\n")
    }
    writeLinkGroups(page, into: &output)
    for section in sections {
      if let heading = section.heading {
        output.write("<h2>")
        output.writeEscapedHTML(SitePage.displayTitle(heading))
        output.write("</h2>\n")
      }
      HTMLTableRenderer(caption: section.caption).render(section.table, into: &output)
    }
    writePageLinks(page, into: &output)
    output.write("</main>\n</body>\n</html>\n")
  }

  /// The breadcrumbs: a list of links to every level from the root, this one current.
  private func writeBreadcrumbs(_ page: SitePage, into output: inout OutputBuffer) {
    output.write("<header>\n<nav aria-label=\"Breadcrumb\">\n<ol>\n")
    for (index, crumb) in page.breadcrumbs.enumerated() {
      let isCurrent = index == page.breadcrumbs.count - 1
      output.write("<li><a href=\"")
      output.writeEscapedHTML(SitePagePath.href(from: page.file, to: crumb.file))
      output.write(isCurrent && page.number == 1 ? "\" aria-current=\"page\">" : "\">")
      output.writeEscapedHTML(SitePage.displayTitle(crumb.title))
      output.write("</a></li>\n")
    }
    output.write("</ol>\n</nav>\n</header>\n")
  }

  /// The page's lines of links, each a label and its links separated by commas.
  private func writeLinkGroups(_ page: SitePage, into output: inout OutputBuffer) {
    for group in page.linkGroups where !group.links.isEmpty {
      output.write("<p class=\"links\">")
      output.writeEscapedHTML(group.label)
      output.write(": ")
      for (index, link) in group.links.enumerated() {
        if index > 0 { output.write(", ") }
        output.write("<a href=\"")
        output.writeEscapedHTML(SitePagePath.href(from: page.file, to: link.file))
        output.write("\">")
        output.writeEscapedHTML(SitePage.displayTitle(link.title))
        output.write("</a>")
      }
      output.write("</p>\n")
    }
  }

  /// The links to the page before and after, for a level of more than one page.
  private func writePageLinks(_ page: SitePage, into output: inout OutputBuffer) {
    guard page.count > 1 else { return }
    output.write("<nav class=\"pages\" aria-label=\"Pages\">\n")
    if let previous = page.previousFile {
      output.write("<a href=\"")
      output.writeEscapedHTML(SitePagePath.href(from: page.file, to: previous))
      output.write("\" rel=\"prev\">Previous page</a>\n")
    }
    output.write("<span>Page ")
    output.write(integer: page.number)
    output.write(" of ")
    output.write(integer: page.count)
    output.write("</span>\n")
    if let next = page.nextFile {
      output.write("<a href=\"")
      output.writeEscapedHTML(SitePagePath.href(from: page.file, to: next))
      output.write("\" rel=\"next\">Next page</a>\n")
    }
    output.write("</nav>\n")
  }

  /// `base` and `file` joined by one `/`.
  static func joined(_ base: String, _ file: String) -> String {
    base.hasSuffix("/") ? base + file : base + "/" + file
  }
}
