import Foundation
import TableKit
import TableRender
import Testing

/// A link to `href` showing `href` as its text, as a type's HTML representation gives it.
private struct CorpusLink: TableRepresentable, HTMLRepresentable {
  var href: String

  var tableCell: Cell { Cell(href, kind: "link") }
  var htmlValues: [HTMLValue] { [.link(href, href: href)] }
}

/// Every string of the shared corpus (`Tests/Validation/corpus.json`) used as a link: as it is
/// (mostly relative URLs), after `https://example.com/`, and after `mailto:`.
///
/// The document this renders is what CI hands the Nu HTML Checker: set `TABLEKIT_LINK_PAGE` to a
/// path and ``writesTheCorpusAsLinks()`` writes it there, then
/// `Scripts/validate-html.py --links CORPUS PAGE` parses it and runs the checker.
@Suite struct HTMLCorpusLinkTests {
  /// The corpus's strings in order: title, column titles, then each section's header, text
  /// cells and footer.
  static func corpusStrings() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Validation/corpus.json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard let corpus = json as? [String: Any] else { return [] }
    var strings: [String] = []
    strings += [corpus["title"] as? String].compactMap { $0 }
    strings += corpus["columns"] as? [String] ?? []
    for section in corpus["sections"] as? [[String: Any]] ?? [] {
      strings += [section["header"] as? String].compactMap { $0 }
      for row in section["rows"] as? [[Any]] ?? [] {
        strings += row.compactMap { $0 as? String }
      }
      strings += [section["footer"] as? String].compactMap { $0 }
    }
    return strings
  }

  /// The hrefs the page links: each corpus string as it is, as a path and query on an https
  /// host, and as a mailto address.
  static func hrefs() throws -> [String] {
    try corpusStrings().flatMap { [$0, "https://example.com/" + $0, "mailto:" + $0] }
  }

  /// The page: one row per href, in a standalone document.
  static func page() throws -> String {
    let dataSource = SectionedDataSource<Any>(
      items: try hrefs().map(CorpusLink.init), columns: [ColumnDefinition("Link")])
    return HTMLTableRenderer(mode: .document(title: "The corpus as links"))
      .render(TableView(dataSource: dataSource))
  }

  @Test func writesTheCorpusAsLinks() throws {
    let page = try Self.page()
    let hrefs = try Self.hrefs()
    #expect(hrefs.count > 300)
    #expect(page.components(separatedBy: "<tr class=\"link\">").count - 1 == hrefs.count)
    if let path = ProcessInfo.processInfo.environment["TABLEKIT_LINK_PAGE"] {
      try page.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  @Test func everyWrittenHrefHoldsOnlyWhatAURLMayHold() throws {
    let page = try Self.page()
    var hrefCount = 0
    var rest = page[...]
    while let start = rest.range(of: "<a href=\"") {
      guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
      let href = String(rest[start.upperBound..<end])
        .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
      #expect(Self.isValidURLText(href), "\(href.debugDescription)")
      hrefCount += 1
      rest = rest[end...]
    }
    #expect(hrefCount > 0)
  }

  /// Whether `url` holds only printable ASCII URL code points, `%` only before two hex digits
  /// and at most one `#` (the WHATWG URL standard's "valid URL string", without its per-scheme
  /// rules; the renderer percent-encodes every non-ASCII character outside a host, and the
  /// corpus's links have none in a host).
  static func isValidURLText(_ url: String) -> Bool {
    let allowedASCII = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$&'()*+,-./:;=?@_~%#"
        .unicodeScalars)
    let scalars = Array(url.unicodeScalars)
    var hashes = 0
    for (index, scalar) in scalars.enumerated() {
      if scalar.isASCII {
        guard allowedASCII.contains(scalar) else { return false }
        if scalar == "#" { hashes += 1 }
        if scalar == "%" {
          guard index + 2 < scalars.count,
            scalars[index + 1].properties.isASCIIHexDigit,
            scalars[index + 2].properties.isASCIIHexDigit
          else { return false }
        }
      } else {
        return false
      }
    }
    return hashes <= 1
  }
}
