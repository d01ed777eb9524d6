/// The site's `sitemap.xml` (the sitemaps.org protocol): one `<url>` per page written.
///
/// The pages are listed in name order, so the file is the same on every run. With a base URL
/// each `<loc>` is absolute, as search engines require; without one it is the page's path
/// relative to the sitemap.
package struct SiteSitemap {
  /// The pages' files.
  private let pages: SiteFileNames

  /// The sitemap of the pages written to `pages` (a link check's ``SiteLinkCheck/files``).
  package init(pages: SiteFileNames) {
    self.pages = pages
  }

  /// The document.
  ///
  /// - Parameter baseURL: Where the site is served, or `nil`.
  /// - Returns: The UTF-8 of the XML.
  package func document(baseURL: String?) -> [UInt8] {
    var base = baseURL ?? ""
    if !base.isEmpty, !base.hasSuffix("/") { base += "/" }
    var xml = Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

      """.utf8)
    let names = pages.sortedNames()
    xml.reserveCapacity(xml.count + names.reduce(0) { $0 + $1.count + 40 + base.utf8.count })
    for name in names {
      // Page names are made of safe ASCII only; the base URL is the person's, so it is escaped.
      xml += "<url><loc>".utf8
      xml += HTMLEscaping.escape(base + String(decoding: name, as: UTF8.self)).utf8
      xml += "</loc></url>\n".utf8
    }
    xml += "</urlset>\n".utf8
    return xml
  }
}
