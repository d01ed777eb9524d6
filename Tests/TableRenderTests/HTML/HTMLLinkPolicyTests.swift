import Foundation
import TableKit
import TableRender
import Testing

/// A value whose HTML is one link, in a table of one column.
private struct Link: TableRepresentable, HTMLRepresentable {
  var href: String

  var tableCell: Cell { Cell("go", kind: "link") }
  var htmlValues: [HTMLValue] { [.link("go", href: href)] }
}

/// One URL and the `href` a link to it gets, or `nil` when the link must be refused.
struct LinkCase: CustomTestStringConvertible, Sendable {
  var url: String
  var href: String?

  var testDescription: String {
    url.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
  }
}

/// The one data cell of a one-column table showing a link to `url`.
private func renderedCell(linkingTo url: String, with renderer: HTMLTableRenderer) -> String {
  let dataSource = SectionedDataSource<Any>(
    items: [Link(href: url)], columns: [ColumnDefinition("")])
  let html = renderer.render(TableView(dataSource: dataSource))
  guard let start = html.range(of: "<tr class=\"link\">"),
    let end = html.range(of: "</tr>", range: start.upperBound..<html.endIndex)
  else { return html }
  return String(html[start.upperBound..<end.lowerBound])
}

@Suite struct HTMLLinkPolicyTests {
  static let allowed: [LinkCase] = [
    LinkCase(url: "https://example.com/", href: "https://example.com/"),
    LinkCase(url: "http://example.com", href: "http://example.com"),
    LinkCase(url: "HTTPS://EXAMPLE.COM", href: "HTTPS://EXAMPLE.COM"),
    LinkCase(url: "mailto:ada@example.com", href: "mailto:ada@example.com"),
    LinkCase(
      url: "https://example.com/?a=1&b=\"2\"", href: "https://example.com/?a=1&amp;b=%222%22"),
    // Relative URLs have no scheme.
    LinkCase(url: "/invoices/1042", href: "/invoices/1042"),
    LinkCase(url: "invoices/1042.html", href: "invoices/1042.html"),
    LinkCase(url: "?page=2", href: "?page=2"),
    LinkCase(url: "#top", href: "#top"),
    LinkCase(url: "//cdn.example/x", href: "//cdn.example/x"),
    // A character that cannot be in a scheme before the `:` makes a relative path, for the
    // browser too: these are files named oddly, not scripts.
    LinkCase(url: "./javascript:alert(1)", href: "./javascript:alert(1)"),
    LinkCase(url: "javascript&colon;alert(1)", href: "javascript&amp;colon;alert(1)"),
    LinkCase(url: "javascript :alert(1)", href: "javascript%20:alert(1)"),
    LinkCase(url: "\u{A0}javascript:alert(1)", href: "%C2%A0javascript:alert(1)"),
    // What the browser strips is stripped from the href too.
    LinkCase(url: "  https://example.com/ \n", href: "https://example.com/"),
    LinkCase(url: "\u{0}\u{1F}https://example.com", href: "https://example.com"),
    LinkCase(url: "ht\ttp\r\ns://exa\nmple.com", href: "https://example.com"),
    // Characters a URL may not hold are percent-encoded, byte by byte.
    LinkCase(
      url: "https://example.com/\u{7F}\u{FFFE}", href: "https://example.com/%7F%EF%BF%BE"),
  ]

  /// Links whose URL is not a valid one as given: written percent-encoded, so the page stays
  /// valid HTML (the Nu checker rejects an `href` that is not a valid URL).
  static let encoded: [LinkCase] = [
    LinkCase(url: "a b", href: "a%20b"),
    LinkCase(url: "=HYPERLINK(\"x\")", href: "=HYPERLINK(%22x%22)"),
    LinkCase(url: "<script>", href: "%3Cscript%3E"),
    LinkCase(url: "a^b`c{d|e}", href: "a%5Eb%60c%7Bd%7Ce%7D"),
    LinkCase(url: "50%", href: "50%25"),
    LinkCase(url: "%41%zz", href: "%41%25zz"),
    LinkCase(url: "#a#b", href: "#a%23b"),
    LinkCase(url: "[x]", href: "%5Bx%5D"),
    LinkCase(url: "a\u{1}b\u{85}c", href: "a%01b%C2%85c"),
    LinkCase(url: "bücher/山田 ok", href: "b%C3%BCcher/%E5%B1%B1%E7%94%B0%20ok"),
    LinkCase(url: "bidi\u{202E}x\u{FFFD}", href: "bidi%E2%80%AEx%EF%BF%BD"),
    LinkCase(
      url: "https://example.com/a b?q=x y#f g", href: "https://example.com/a%20b?q=x%20y#f%20g"),
    LinkCase(url: "mailto:ada lovelace@example.com", href: "mailto:ada%20lovelace@example.com"),
    // A backslash is a slash where a browser reads it as one, and encoded elsewhere.
    LinkCase(url: "https://example.com/a\\b", href: "https://example.com/a/b"),
    LinkCase(url: "a\\b", href: "a/b"),
    LinkCase(url: "mailto:a\\b@example.com", href: "mailto:a%5Cb@example.com"),
    // Hosts are kept as they are when valid; user info is encoded.
    LinkCase(url: "http://[::1]:8080/x", href: "http://[::1]:8080/x"),
    LinkCase(url: "https://bücher.example/", href: "https://bücher.example/"),
    LinkCase(url: "https://a b@example.com/", href: "https://a%20b@example.com/"),
  ]

  static let refused: [LinkCase] = [
    LinkCase(url: "javascript:alert(1)", href: nil),
    LinkCase(url: " JaVaScRiPt:alert(1)", href: nil),
    LinkCase(url: "JAVASCRIPT:alert(1)", href: nil),
    LinkCase(url: "java\tscript:alert(1)", href: nil),
    LinkCase(url: "java\nscript:alert(1)", href: nil),
    LinkCase(url: "java\rscript:alert(1)", href: nil),
    LinkCase(url: "\u{0}javascript:alert(1)", href: nil),
    LinkCase(url: "\u{1B}\u{7}\u{20}javascript:alert(1)", href: nil),
    LinkCase(url: "javascript:alert(1)\u{1}", href: nil),
    LinkCase(url: "vbscript:msgbox(1)", href: nil),
    LinkCase(url: "data:text/html,<script>alert(1)</script>", href: nil),
    LinkCase(url: "file:///etc/passwd", href: nil),
    LinkCase(url: "tel:+442079460018", href: nil),
    LinkCase(url: "x-custom+scheme.v2:thing", href: nil),
    LinkCase(url: "C:/Windows", href: nil),
    // A host that no encoding makes valid: shown as text.
    LinkCase(url: "https://exa mple.com/", href: nil),
    LinkCase(url: "https://example.com:80a/", href: nil),
    LinkCase(url: "https://<b>/", href: nil),
    LinkCase(url: "https:///path", href: nil),
    LinkCase(url: "//ex\u{200B}ample.com/", href: nil),
    LinkCase(url: "http://[zz]/", href: nil),
    LinkCase(url: "http:example.com", href: nil),
    LinkCase(url: "https:/example.com", href: nil),
  ]

  @Test(arguments: allowed + encoded + refused)
  func linksFollowTheDefaultPolicy(_ example: LinkCase) {
    let renderer = HTMLTableRenderer()
    let cell = renderedCell(linkingTo: example.url, with: renderer)
    if let href = example.href {
      #expect(cell == "<td><a href=\"\(href)\">go</a></td>")
      #expect(renderer.allowsLink(to: example.url))
    } else {
      #expect(cell == "<td>go</td>")
      #expect(!renderer.allowsLink(to: example.url))
    }
  }

  @Test func moreSchemesCanBeAllowedInAnyCase() {
    let renderer = HTMLTableRenderer(allowedLinkSchemes: ["TEL", "https"])
    #expect(
      renderedCell(linkingTo: "Tel:+442079460018", with: renderer)
        == "<td><a href=\"Tel:+442079460018\">go</a></td>")
    #expect(renderedCell(linkingTo: "mailto:ada@example.com", with: renderer) == "<td>go</td>")
    #expect(renderedCell(linkingTo: "javascript:alert(1)", with: renderer) == "<td>go</td>")
  }

  @Test func aFileURLMayHaveAnEmptyHost() {
    let renderer = HTMLTableRenderer(allowedLinkSchemes: ["file"])
    #expect(
      renderedCell(linkingTo: "file:///tmp/a b.txt", with: renderer)
        == "<td><a href=\"file:///tmp/a%20b.txt\">go</a></td>")
    #expect(!renderer.allowsLink(to: "https:///tmp"))
  }

  @Test func relativeLinksCanBeRefused() {
    let renderer = HTMLTableRenderer(allowsRelativeLinks: false)
    #expect(renderedCell(linkingTo: "/invoices/1042", with: renderer) == "<td>go</td>")
    #expect(renderedCell(linkingTo: "", with: renderer) == "<td>go</td>")
    #expect(
      renderedCell(linkingTo: "https://example.com", with: renderer)
        == "<td><a href=\"https://example.com\">go</a></td>")
  }

  @Test func theLinkTextIsEscapedWhetherOrNotTheLinkIsMade() {
    struct Labeled: HTMLRepresentable {
      var href: String
      var htmlValues: [HTMLValue] { [.link("<b>&</b>", href: href)] }
    }
    for (href, cell) in [
      (
        "https://example.com",
        "<td><a href=\"https://example.com\">&lt;b&gt;&amp;&lt;/b&gt;</a></td>"
      ),
      ("javascript:x", "<td>&lt;b&gt;&amp;&lt;/b&gt;</td>"),
    ] {
      let dataSource = SectionedDataSource<Any>(
        items: [Labeled(href: href)], columns: [ColumnDefinition("")])
      #expect(HTMLTableRenderer().render(TableView(dataSource: dataSource)).contains(cell))
    }
  }

  @Test(arguments: [
    "//evil.example/x", "\\\\evil.example/x", "/\\evil.example", "/\t/evil.example",
  ])
  func networkPathReferencesAreNotRelativeLinks(_ url: String) {
    // A browser sends these to another host with the page's scheme: a renderer allowing only
    // same-site links must refuse them, one allowing https may link them.
    let sameSiteOnly = HTMLTableRenderer(allowedLinkSchemes: [], allowsRelativeLinks: true)
    #expect(!sameSiteOnly.allowsLink(to: url))
    #expect(sameSiteOnly.allowsLink(to: "/invoices/1042"))
    #expect(HTMLTableRenderer(allowedLinkSchemes: ["https"]).allowsLink(to: url))
  }
}
