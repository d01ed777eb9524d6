import Foundation
import TableKit
import TableRender
import Testing

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

  @Test func escapesTextInEveryPosition() {
    let evil = "<b onclick=\"x\">'&'</b>"
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          evil, footer: evil, items: [Cell(evil, detail: evil, kind: CellKind(rawValue: evil))])
      ],
      columns: [TableColumn(evil), TableColumn(evil)]
    )
    let html = HTMLTableRenderer(caption: evil).render(Table(dataSource: dataSource))
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
    let html = HTMLTableRenderer(caption: hostile).render(
      makePaymentsTable([(hostile, [Payment(payee: hostile, cents: 1, isOpen: false)])]))
    #expect(!html.contains("<script") && !html.contains("<img"))
    let forbidden = html.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && !["\n", "\t", "\r"].contains(scalar))
        || (0x7F...0x9F).contains(scalar.value)
    }
    #expect(forbidden.isEmpty)
  }
}
