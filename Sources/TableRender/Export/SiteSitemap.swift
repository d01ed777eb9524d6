/// The site's `sitemap.xml` (the sitemaps.org protocol): one `<url>` per page written.
///
/// The pages are listed in name order, so the file is the same on every run. With a base URL
/// each `<loc>` is absolute, as search engines require; without one it is the page's path
/// relative to the sitemap.
package struct SiteSitemap {
  private var files: [String] = []

  /// An empty sitemap.
  package init() {}

  /// Adds the page written to `file`.
  package mutating func append(_ file: String) {
    files.append(file)
  }

  /// The document.
  ///
  /// - Parameter baseURL: Where the site is served, or `nil`.
  /// - Returns: The UTF-8 of the XML.
  package func document(baseURL: String?) -> [UInt8] {
    var base = baseURL ?? ""
    if !base.isEmpty, !base.hasSuffix("/") { base += "/" }
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

      """
    for file in files.sorted() {
      // Page names are made of safe ASCII only; the base URL is the person's, so it is escaped.
      xml += "<url><loc>" + HTMLEscaping.escape(base + file) + "</loc></url>\n"
    }
    xml += "</urlset>\n"
    return Array(xml.utf8)
  }
}
