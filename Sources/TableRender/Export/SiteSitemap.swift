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
  /// It is made in storage of exactly its size (the names are measured first), with the pages
  /// in name order.
  ///
  /// - Parameter baseURL: Where the site is served, or `nil`.
  /// - Returns: The UTF-8 of the XML.
  package func document(baseURL: String?) -> [UInt8] {
    var base = baseURL ?? ""
    if !base.isEmpty, !base.hasSuffix("/") { base += "/" }
    // The base URL is the person's, so it is escaped; page names are made of safe ASCII, and
    // one that is not would be escaped too. Escaping maps each character on its own, and the
    // base ends in "/", so escaping the two apart gives the bytes of escaping them together.
    let escapedBase = Array(HTMLEscaping.escape(base).utf8)
    let head = Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

      """.utf8)
    let open = Array("<url><loc>".utf8)
    let close = Array("</loc></url>\n".utf8)
    let tail = Array("</urlset>\n".utf8)
    let perName = open.count + escapedBase.count + close.count
    var size = head.count + tail.count
    pages.forEachName(sorted: false) { name in size += perName + Self.escapedCount(name) }
    var xml: [UInt8] = []
    xml.reserveCapacity(size)
    xml += head
    pages.forEachName(sorted: true) { name in
      xml += open
      xml += escapedBase
      Self.append(name, to: &xml)
      xml += close
    }
    xml += tail
    return xml
  }

  /// How many bytes `name` takes in a `<loc>` (see ``append(_:to:)``).
  private static func escapedCount(_ name: UnsafeBufferPointer<UInt8>) -> Int {
    guard name.contains(where: HTMLEscaping.needsAttention) else { return name.count }
    return HTMLEscaping.escape(String(decoding: name, as: UTF8.self)).utf8.count
  }

  /// Appends `name` as it goes into a `<loc>`: itself when no byte needs escaping (every name
  /// ``SitePageNaming`` makes), else escaped.
  private static func append(_ name: UnsafeBufferPointer<UInt8>, to xml: inout [UInt8]) {
    guard name.contains(where: HTMLEscaping.needsAttention) else {
      xml.append(contentsOf: name)
      return
    }
    xml.append(contentsOf: HTMLEscaping.escape(String(decoding: name, as: UTF8.self)).utf8)
  }
}
