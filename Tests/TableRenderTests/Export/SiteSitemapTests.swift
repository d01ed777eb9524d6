import TableRender
import Testing

@Suite struct SiteSitemapTests {
  /// The sitemap as it was made before it was measured first: every name sorted as a slice,
  /// `base + name` escaped as one string, appended to a growing array.
  private func reference(_ names: [String], baseURL: String?) -> [UInt8] {
    var base = baseURL ?? ""
    if !base.isEmpty, !base.hasSuffix("/") { base += "/" }
    var xml = Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

      """.utf8)
    let sorted = Set(names).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    for name in sorted {
      xml += "<url><loc>".utf8
      xml += HTMLEscaping.escape(base + String(decoding: name, as: UTF8.self)).utf8
      xml += "</loc></url>\n".utf8
    }
    xml += "</urlset>\n".utf8
    return xml
  }

  private static let hostile = [
    "index.html", "a/b.html", "a.html", "a/b/c.html", "z.html", "A.html", "a-b.html", "a~b.html",
    "x&y.html", "<script>.html", "q\"uote'.html", "cr\r\nlf\r.html", "nul\u{0}\u{1}\u{7F}.html",
    "é/ü.html", "\u{202E}rtl.html", "c1\u{85}\u{9F}.html",
    String(String.UnicodeScalarView([0xFDD0, 0xFFFE].compactMap(Unicode.Scalar.init))) + ".html",
    "plane" + String(String.UnicodeScalarView([0x1FFFF].compactMap(Unicode.Scalar.init))) + ".html",
    "", "a.html",
  ]

  @Test(arguments: [nil, "", "https://example.org", "https://ex.org/a&b=<1>/", "http://h/\r"])
  func theDocumentIsTheBytesOfEscapingEachURLWhole(baseURL: String?) {
    var pages = SiteFileNames()
    for name in Self.hostile { pages.insert(name) }
    let document = SiteSitemap(pages: pages).document(baseURL: baseURL)
    #expect(document == reference(Self.hostile, baseURL: baseURL))
  }

  @Test func aLargeSitemapIsMadeInStorageOfItsSize() {
    var pages = SiteFileNames()
    var names: [String] = []
    for number in stride(from: 20_000, to: 0, by: -1) {
      let name = "t/rows/\(number * 7919 % 20_011).html"
      names.append(name)
      pages.insert(name)
    }
    let document = SiteSitemap(pages: pages).document(baseURL: "https://example.org/site")
    #expect(document == reference(names, baseURL: "https://example.org/site"))
    // Measured first: no spare room beyond the allocator's rounding (a page, for a block
    // this large).
    #expect(document.capacity - document.count < 4_096)
  }
}
