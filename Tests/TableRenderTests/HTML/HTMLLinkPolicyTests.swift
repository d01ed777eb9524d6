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
  let dataSource = SectionedDataSource<Any>(items: [Link(href: url)], columns: [TableColumn("")])
  let html = renderer.render(Table(dataSource: dataSource))
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
      url: "https://example.com/?a=1&b=\"2\"", href: "https://example.com/?a=1&amp;b=&quot;2&quot;"),
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
    LinkCase(url: "javascript :alert(1)", href: "javascript :alert(1)"),
    LinkCase(url: "\u{A0}javascript:alert(1)", href: "\u{A0}javascript:alert(1)"),
    // What the browser strips is stripped from the href too.
    LinkCase(url: "  https://example.com/ \n", href: "https://example.com/"),
    LinkCase(url: "\u{0}\u{1F}https://example.com", href: "https://example.com"),
    LinkCase(url: "ht\ttp\r\ns://exa\nmple.com", href: "https://example.com"),
    // Forbidden characters left inside become U+FFFD, as in text.
    LinkCase(
      url: "https://example.com/\u{7F}\u{FFFE}", href: "https://example.com/\u{FFFD}\u{FFFD}"),
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
  ]

  @Test(arguments: allowed + refused)
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
        items: [Labeled(href: href)], columns: [TableColumn("")])
      #expect(HTMLTableRenderer().render(Table(dataSource: dataSource)).contains(cell))
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
