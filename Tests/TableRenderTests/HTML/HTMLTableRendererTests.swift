import Foundation
import TableKit
import TableRender
import Testing

/// A website whose HTML shows a link; its generic cell shows the address as text.
private struct Website: TableRepresentable, HTMLRepresentable, Hashable {
  var name: String
  var address: String

  var tableCell: Cell { Cell(name, detail: address, kind: "website") }
  var htmlValues: [HTMLValue] { [.link(name, href: address), .value(.text("web"))] }
}

/// Renders `items` as one untitled section of a table with no declared columns.
private func renderItems(_ items: [Any], with renderer: HTMLTableRenderer = HTMLTableRenderer())
  -> String
{
  renderer.render(TableView(dataSource: SectionedDataSource<Any>(items: items)))
}

@Suite struct HTMLTableRendererTests {
  @Test func rendersSemanticStructure() {
    let html = HTMLTableRenderer(caption: "Payments").render(
      makePaymentsTable([
        ("Open", [Payment(payee: "Acme", cents: 125_000, isOpen: true)]),
        ("Settled", [Payment(payee: "Blue", cents: 7, isOpen: false)]),
      ]))
    #expect(
      html == """
        <table>
        <caption>Payments</caption>
        <thead>
        <tr><th scope="col">Payee</th><th scope="col">Amount</th><th scope="col">Open</th></tr>
        </thead>
        <tbody>
        <tr class="section-header"><th scope="rowgroup" colspan="3">Open</th></tr>
        <tr class="payment disclosure-indicator"><td>Acme</td><td class="number">1250.00</td><td>true</td></tr>
        </tbody>
        <tbody>
        <tr class="section-header"><th scope="rowgroup" colspan="3">Settled</th></tr>
        <tr class="payment"><td>Blue</td><td class="number">0.07</td><td>false</td></tr>
        </tbody>
        </table>

        """)
  }

  @Test func sectionsWithoutTitlesGetABareBodyAndFootersEndTheirBody() {
    let dataSource = SectionedDataSource<Any>(sections: [
      TableSection(nil, footer: "2 rows", items: [Cell("a"), Cell("b", detail: "β")]),
      TableSection(nil, items: []),
    ])
    let html = HTMLTableRenderer().render(TableView(dataSource: dataSource))
    // No declared columns: two implicit ones (text and detail), no header row, no caption.
    #expect(
      html == """
        <table>
        <tbody>
        <tr class="default"><td>a</td><td></td></tr>
        <tr class="default"><td>b</td><td>β</td></tr>
        <tr class="section-footer"><td colspan="2">2 rows</td></tr>
        </tbody>
        <tbody>
        </tbody>
        </table>

        """)
  }

  @Test func escapesTextInEveryPosition() {
    let evil = "<b onclick=\"x\">'&'</b>"
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          evil, footer: evil, items: [Cell(evil, detail: evil, kind: CellKind(rawValue: evil))])
      ],
      columns: [ColumnDefinition(evil), ColumnDefinition(evil)]
    )
    let html = HTMLTableRenderer(caption: evil).render(TableView(dataSource: dataSource))
    let escaped = "&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;"
    #expect(!html.contains("<b"))
    #expect(!html.contains("onclick=\""))
    // Caption, two column titles, section header, two cells, footer.
    #expect(html.components(separatedBy: escaped).count - 1 == 7)
    // The kind becomes a class name of safe characters only.
    #expect(html.contains("<tr class=\"-b-onclick--x-------b-\">"))
  }

  @Test(arguments: Hostile.strings)
  func hostileTextNeverBecomesMarkupOrControlCharacters(_ hostile: String) {
    let html = HTMLTableRenderer(caption: hostile, mode: .document(title: hostile)).render(
      makePaymentsTable([(hostile, [Payment(payee: hostile, cents: 1, isOpen: false)])]))
    #expect(!html.contains("<script") && !html.contains("<img"))
    let forbidden = html.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && !["\n", "\t"].contains(scalar))
        || (0x7F...0x9F).contains(scalar.value)
    }
    #expect(forbidden.isEmpty)
  }

  @Test func cellKindsBecomeSafeClassNames() {
    let kinds: [(CellKind, String)] = [
      ("phone-number", "phone-number"),
      ("snake_case9", "snake_case9"),
      ("two words", "two-words"),
      ("x\" onmouseover=\"y", "x--onmouseover--y"),
      // One `-` per scalar, however many bytes it takes.
      ("café", "caf-"),
      ("🇨🇭", "--"),
      ("", "default"),
    ]
    for (kind, className) in kinds {
      let html = renderItems([Cell("x", kind: kind)])
      #expect(html.contains("<tr class=\"\(className)\"><td>x</td>"), "\(kind.rawValue)")
    }
  }

  @Test func accessoriesAddTheirClassAfterTheKind() {
    let html = renderItems(
      CellAccessory.allCases.map { accessory in Cell("x", accessory: accessory, kind: "k") })
    #expect(
      html == """
        <table>
        <tbody>
        <tr class="k"><td>x</td><td></td></tr>
        <tr class="k disclosure-indicator"><td>x</td><td></td></tr>
        <tr class="k checkmark"><td>x</td><td></td></tr>
        <tr class="k detail-button"><td>x</td><td></td></tr>
        </tbody>
        </table>

        """)
  }

  @Test func valuesOfEveryTypeAndColumnAlignments() {
    let dataSource = SectionedDataSource<Any>(
      items: [
        Cell(
          "r", values: [-42, .decimal(-0.004, fractionDigits: 2), "text", .boolean(true), .empty])
      ],
      columns: [
        ColumnDefinition("Auto"), ColumnDefinition("Left", alignment: .left),
        ColumnDefinition("Right", alignment: .right),
        ColumnDefinition("Center", alignment: .center),
        ColumnDefinition("Empty"),
      ]
    )
    let html = HTMLTableRenderer().render(TableView(dataSource: dataSource))
    // A decimal that rounds to zero has no sign, as `CellValue.text` shows it.
    #expect(
      html == """
        <table>
        <thead>
        <tr><th scope="col">Auto</th><th scope="col" class="left">Left</th>\
        <th scope="col" class="right">Right</th><th scope="col" class="center">Center</th>\
        <th scope="col">Empty</th></tr>
        </thead>
        <tbody>
        <tr class="default"><td class="number">-42</td><td class="number left">0.00</td>\
        <td class="right">text</td><td class="center">true</td><td></td></tr>
        </tbody>
        </table>

        """)
  }

  @Test func aLeadingNewlineInACellIsWrittenAsItIs() {
    // The HTML parser drops a newline right after `<pre>` or `<textarea>`, not after `<td>`.
    let html = renderItems([Cell("\nindented", detail: "\r\nfrom CR LF")])
    #expect(html.contains("<td>\nindented</td><td>\nfrom CR LF</td>"))
  }

  @Test func linksAreMadeOnlyForAllowedURLs() {
    let html = renderItems([
      Website(name: "Example & Co", address: "https://example.com/?a=1&b=2"),
      Website(name: "Trap", address: " JaVaScRiPt:alert(1)"),
    ])
    #expect(
      html.contains(
        "<tr class=\"website\"><td><a href=\"https://example.com/?a=1&amp;b=2\">Example &amp; Co</a>"
          + "</td><td>web</td></tr>"))
    #expect(html.contains("<tr class=\"website\"><td>Trap</td><td>web</td></tr>"))
  }

  @Test func htmlRepresentationsAreFoundWhereverACastFindsThem() {
    // The renderer remembers per type whether objects have an HTML representation; a cast looks
    // inside optionals and AnyHashable, so for those the answer must come from each value.
    let site = Website(name: "Ex", address: "https://example.com")
    let html = renderItems([
      Website?.none as Any, Website?.some(site) as Any, AnyHashable(site), Cell("plain"), site,
    ])
    let link =
      "<tr class=\"website\"><td><a href=\"https://example.com\">Ex</a></td><td>web</td></tr>"
    #expect(
      html.hasPrefix("<table>\n<tbody>\n<tr class=\"description\"><td>nil</td><td></td></tr>"))
    #expect(
      html.hasSuffix(
        "<tr class=\"default\"><td>plain</td><td></td></tr>\n\(link)\n</tbody>\n</table>\n"))
    #expect(
      html == """
        <table>
        <tbody>
        <tr class="description"><td>nil</td><td></td></tr>
        \(link)
        \(link)
        <tr class="default"><td>plain</td><td></td></tr>
        \(link)
        </tbody>
        </table>

        """)
  }

  @Test func aTableOverrideWinsOverTheHTMLRepresentation() {
    var representations = RepresentationRegistry()
    representations.register(Website.self) { site in Cell(site.name, kind: "plain") }
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection(items: [Website(name: "Example", address: "https://example.com")])],
      representations: representations)
    let html = HTMLTableRenderer().render(TableView(dataSource: dataSource))
    #expect(html.contains("<tr class=\"plain\"><td>Example</td><td></td></tr>"))
    #expect(!html.contains("<a "))
  }

  @Test func writesAStandaloneDocument() {
    let renderer = HTMLTableRenderer(
      caption: "Q3", mode: .document(title: "Q3 <report> & \"more\"", language: "de-CH"))
    let html = renderer.render(TableView(dataSource: SectionedDataSource<Any>(items: [Cell("x")])))
    let head = """
      <!DOCTYPE html>
      <html lang="de-CH">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Q3 &lt;report&gt; &amp; &quot;more&quot;</title>
      <style>

      """
    #expect(html.hasPrefix(head))
    #expect(html.contains(HTMLTableRenderer.styleSheet))
    #expect(
      html.hasSuffix(
        """
        </style>
        </head>
        <body>
        <table>
        <caption>Q3</caption>
        <tbody>
        <tr class="default"><td>x</td><td></td></tr>
        </tbody>
        </table>
        </body>
        </html>

        """))
  }

  @Test func aDocumentNeedsANonEmptyTitle() {
    for title in ["", " \n\t\r\n "] {
      let html = HTMLTableRenderer(mode: .document(title: title)).render(makePaymentsTable([]))
      #expect(html.contains("<html lang=\"en\">"))
      #expect(html.contains("<title>Table</title>"))
    }
    let attribute = HTMLTableRenderer(mode: .document(title: "t", language: "\"><x"))
      .render(makePaymentsTable([]))
    #expect(attribute.contains("<html lang=\"&quot;&gt;&lt;x\">"))
  }

  @Test func theStyleSheetDrawsTheAccessoriesAndLoadsNothing() {
    let css = HTMLTableRenderer.styleSheet
    #expect(css.contains("tr.disclosure-indicator > td:last-child::after { content: \"\\203A\""))
    #expect(css.contains("tr.checkmark > td:last-child::after { content: \"\\2713\""))
    // ⓘ is drawn as an `i` in a circle: many systems have no font with the U+24D8 glyph.
    #expect(css.contains("tr.detail-button > td:last-child::after { content: \"i\";"))
    #expect(css.contains("border-radius: 50%"))
    #expect(css.contains("td.number { text-align: right; }"))
    #expect(!css.contains("url(") && !css.contains("@import"))
  }

  @Test func chunksEndOnWholeScalarsAndAddUpToTheWholeRender() {
    // Rows of short cells, and cells far longer than the renderer's buffer, full of multi-byte
    // characters and replacements, so chunk edges fall everywhere.
    let long =
      String(repeating: "é<😀\u{0}ab\r\n", count: 2_000) + String(repeating: "ü漢", count: 5_000)
    let payments = (0..<3_000).map { index in
      Payment(
        payee: index % 500 == 0 ? long : "P\(index) <&> \u{0}\u{FFFE}\r\n", cents: index,
        isOpen: index % 2 == 0)
    }
    let table = makePaymentsTable([("All", payments)])
    let whole = HTMLTableRenderer().render(table)
    for chunkSize in [64, 1_000, 65_536] {
      let sink = ChunkRecordingSink()
      var buffer = OutputBuffer(sink: sink, chunkSize: chunkSize)
      HTMLTableRenderer().render(table, into: &buffer)
      buffer.flush()
      #expect(sink.brokenChunks == 0, "chunk size \(chunkSize)")
      #expect(sink.text == whole, "chunk size \(chunkSize)")
      #expect(sink.chunks > 1)
    }
    #expect(whole.utf8.count > 4 * 65_536)
    #expect(
      whole.contains(
        "<tr class=\"payment\"><td>P2999 &lt;&amp;&gt; \u{FFFD}\u{FFFD}\n</td>"
          + "<td class=\"number\">29.99</td><td>false</td></tr>\n</tbody>\n</table>\n"))
  }

  @Test func numbersAreWrittenAsCellValueTextShowsThem() {
    var values: [CellValue] = [0, 1, -1, 42, .integer(Int.max), .integer(Int.min)]
    let decimals: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, 2.675, 0.015, 1_250.5, -0.004, 123_456_789.123_456_789,
      9_007_199_254_740_992, 1e15, 1e19, 1.8e19, 1e20, 1e37, 9.99e37, 1e38, 1e300, -1e300,
      .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .infinity,
      -.infinity, .nan,
    ]
    for value in decimals {
      for digits in [0, 1, 2, 3, 7, 15, -1, 16] {
        values.append(.decimal(value, fractionDigits: digits))
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let magnitude = Double.random(in: -1e6...1e6, using: &generator)
      values.append(.decimal(magnitude, fractionDigits: Int.random(in: 0...15, using: &generator)))
      values.append(.integer(Int.random(in: Int.min...Int.max, using: &generator)))
    }
    let dataSource = SectionedDataSource<Any>(
      items: values.map { Cell("", values: [$0]) }, columns: [ColumnDefinition("n")])
    let html = HTMLTableRenderer().render(TableView(dataSource: dataSource))
    let cells = html.components(separatedBy: "<td class=\"number\">").dropFirst().map { cell in
      String(cell.prefix { $0 != "<" })
    }
    #expect(cells.count == values.count)
    for (cell, value) in zip(cells, values) {
      #expect(cell == value.text, "\(value)")
    }
  }
}
