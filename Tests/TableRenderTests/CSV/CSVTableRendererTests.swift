import TableKit
import TableRender
import Testing

@Suite struct CSVTableRendererTests {
  // MARK: - Fields

  @Test(arguments: [
    ("plain", "plain"),
    // RFC 4180: quote a field holding a comma, a double quote, CR or LF; double the quotes.
    ("a,b", #""a,b""#),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("\"", "\"\"\"\""),
    ("l1\nl2", "\"l1\nl2\""),
    ("cr\r", "\"cr\r\""),
    ("crlf\r\n", "\"crlf\r\n\""),
    ("héllo, 山田 👍🏽", "\"héllo, 山田 👍🏽\""),
    // Nothing else needs quotes: spaces, tabs, semicolons, single quotes.
    (" lead and trail ", " lead and trail "),
    ("tab\tinside", "tab\tinside"),
    ("a;b 'c'", "a;b 'c'"),
    // Control characters are data and are kept as they are.
    ("\u{1B}[31m\u{0}\u{7F}\u{85}\u{202E}", "\u{1B}[31m\u{0}\u{7F}\u{85}\u{202E}"),
    // The formula guard: `'` before `=`, `+`, `-`, `@`, tab or CR at the start…
    ("=1+2", "'=1+2"),
    ("+1", "'+1"),
    ("-1", "'-1"),
    ("-", "'-"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=x", "'\t=x"),
    // …inside the quotes when the field needs them anyway.
    ("\r=x", "\"'\r=x\""),
    ("=A1,B1", #""'=A1,B1""#),
    (#"=HYPERLINK("x")"#, #""'=HYPERLINK(""x"")""#),
    // Only the first character counts, after what a spreadsheet may skip (CSVFormulaGuardTests).
    ("a=b", "a=b"),
    (" =x", "' =x"),
    ("'=x", "'=x"),
  ])
  func writesTextFields(_ text: String, _ expected: String) {
    #expect(field(text) == expected)
  }

  @Test(arguments: ["=1+2", "+1", "-1", "@x", "\t=x"])
  func writesTextAsItIsWithTheGuardOff(_ text: String) {
    #expect(field(text, renderer: CSVTableRenderer(formulaGuard: .off)) == text)
  }

  /// A field too large to be escaped in place in the output buffer (its worst case passes the
  /// 64 KiB block) is escaped on the side, with the same result.
  @Test func fieldsLargerThanTheOutputBlockAreEscapedWhole() {
    let quotes = String(repeating: "a\"", count: 40_000)
    #expect(field(quotes) == "\"" + String(repeating: "a\"\"", count: 40_000) + "\"")
    let plain = "=" + String(repeating: "x", count: 70_000)
    #expect(field(plain) == "'" + plain)
  }

  @Test func quotesSurroundingSpacesWhenAsked() {
    let renderer = CSVTableRenderer(quotesSurroundingSpaces: true)
    #expect(field(" x", renderer: renderer) == #"" x""#)
    #expect(field("x ", renderer: renderer) == #""x ""#)
    #expect(field("\tx", renderer: renderer) == "\"'\tx\"")
    #expect(field("x y", renderer: renderer) == "x y")
  }

  @Test func neverGuardsNumbersOrBooleans() {
    let values: [CellValue] = [
      .integer(-5), .decimal(-4.99, fractionDigits: 2), .decimal(1e-3, fractionDigits: 4),
      .boolean(true), .boolean(false), .empty, .text("-5"),
    ]
    let csv = render(
      [values], columns: ["a", "b", "c", "d", "e", "f", "g"],
      renderer: CSVTableRenderer(includesHeaderRow: false))
    #expect(csv == "-5,-4.99,0.0010,true,false,,'-5\r\n")
  }

  // MARK: - Records

  @Test func rendersTheDocumentationExample() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          "Open", footer: "not exported",
          items: [
            Payment(payee: "Acme, Sons", cents: 125_000, isOpen: true),
            Payment(payee: #"=HYPERLINK("http://x")"#, cents: -499, isOpen: true),
            Payment(payee: "-fees", cents: 50, isOpen: true),
          ]),
        TableSection("Settled", items: [Payment(payee: #"Say "hi""#, cents: 7, isOpen: false)]),
      ],
      columns: [ColumnDefinition("Payee"), ColumnDefinition("Amount"), ColumnDefinition("Open")]
    )
    let csv = CSVTableRenderer(sectionColumn: "Status").render(TableView(dataSource: dataSource))
    #expect(
      csv == #"""
        Status,Payee,Amount,Open\#r
        Open,"Acme, Sons",1250.00,true\#r
        Open,"'=HYPERLINK(""http://x"")",-4.99,true\#r
        Open,'-fees,0.50,true\#r
        Settled,"Say ""hi""",0.07,false\#r

        """#)
  }

  @Test func flattensSectionsAndLeavesOutTitlesAndFooters() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection("First", footer: "1 row", items: [Cell("a", values: ["a", 1])]),
        TableSection(items: []),
        TableSection("Third", items: [Cell("b", values: ["b", 2]), Cell("c", values: ["c", 3])]),
      ],
      columns: [ColumnDefinition("Name"), ColumnDefinition("Count")]
    )
    let csv = CSVTableRenderer(lineEnding: .lf).render(TableView(dataSource: dataSource))
    #expect(csv == "Name,Count\na,1\nb,2\nc,3\n")
  }

  @Test func addsASectionColumnWhenAsked() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection("=Q1, draft", items: [Cell("a", values: ["a"])]),
        TableSection(items: [Cell("b", values: ["b"])]),
      ],
      columns: [ColumnDefinition("Name")]
    )
    let csv = CSVTableRenderer(lineEnding: .lf, sectionColumn: "Quarter").render(
      TableView(dataSource: dataSource))
    // Section titles are text, so they are quoted and guarded like any other text.
    #expect(csv == "Quarter,Name\n\"'=Q1, draft\",a\n,b\n")
  }

  @Test func leavesOutTheHeaderRowWhenAskedOrWhenNoColumnsAreDeclared() {
    let declared = SectionedDataSource<Any>(
      items: [Cell("a", values: ["a", "b"])],
      columns: [ColumnDefinition("A"), ColumnDefinition("B")])
    #expect(
      CSVTableRenderer(includesHeaderRow: false).render(TableView(dataSource: declared))
        == "a,b\r\n")

    let undeclared = SectionedDataSource<Any>(
      items: [Cell("+44 20 7946 0018", detail: "work"), Cell("+44 7700 900123")])
    #expect(
      CSVTableRenderer().render(TableView(dataSource: undeclared))
        == "'+44 20 7946 0018,work\r\n'+44 7700 900123,\r\n")
  }

  @Test func guardsColumnTitles() {
    let dataSource = SectionedDataSource<Any>(
      items: [Cell("x", values: [1, 2])],
      columns: [ColumnDefinition("=cmd"), ColumnDefinition("a,b")])
    #expect(
      CSVTableRenderer().render(TableView(dataSource: dataSource)) == "'=cmd,\"a,b\"\r\n1,2\r\n")
  }

  @Test func quotesTheEmptyOnlyFieldOfARecord() {
    let csv = render([[""], [.empty], ["x"]], columns: ["Only"], renderer: CSVTableRenderer())
    // An empty record would read as a blank line, which many readers skip.
    #expect(csv == "Only\r\n\"\"\r\n\"\"\r\nx\r\n")
  }

  @Test func writesTheEmptyTextQuotedApartFromNoValueWhenAsked() {
    let rows: [[CellValue]] = [["", .empty, "x"], [.empty, "", .integer(1)]]
    let apart = render(
      rows, columns: ["a", "b", "c"], renderer: CSVTableRenderer(emptyText: .quoted))
    #expect(apart == "a,b,c\r\n\"\",,x\r\n,\"\",1\r\n")
    let alike = render(rows, columns: ["a", "b", "c"], renderer: CSVTableRenderer())
    #expect(alike == "a,b,c\r\n,,x\r\n,,1\r\n")
    // A record's only field: `""` either way, so a record of no value is not a blank line.
    let single = render(
      [[""], [.empty]], columns: ["Only"], renderer: CSVTableRenderer(emptyText: .quoted))
    #expect(single == "Only\r\n\"\"\r\n\"\"\r\n")
  }

  @Test func prefersCSVRepresentationsOverCells() {
    let csv = CSVTableRenderer(lineEnding: .lf).render(
      TableView(
        dataSource: SectionedDataSource<Any>(
          items: [CSVShipment(grams: 1_500)],
          columns: [ColumnDefinition("Shipment"), ColumnDefinition("Grams")])))
    #expect(csv == "Shipment,Grams\nshipment,1500\n")
  }

  // MARK: - Golden file

  @Test func rendersMixedTypesLikeTheGoldenFile() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          "March 2025", footer: "3 entries, not exported",
          items: [
            LedgerInvoiceFixture(
              number: "INV-1042", customer: "Acme, Sons", cents: 125_050, isPaid: true),
            LedgerRefundFixture(
              invoice: "INV-1040", reason: "Box \"damaged\"\nsent back", cents: 1_999),
            LedgerNoteFixture(text: "=SUM(A1:A9)"),
          ]),
        TableSection(
          "April 2025",
          items: [
            LedgerInvoiceFixture(
              number: "INV-1043", customer: "Zoë & Co.", cents: 700, isPaid: false),
            LedgerInvoiceFixture(
              number: "INV-1044", customer: " padded ", cents: -250, isPaid: false),
          ]),
      ],
      columns: [
        ColumnDefinition("Number"), ColumnDefinition("Customer"), ColumnDefinition("Amount"),
        ColumnDefinition("Paid"),
      ]
    )
    let csv = CSVTableRenderer(sectionColumn: "Month").render(TableView(dataSource: dataSource))
    assertSnapshot(csv, named: "mixedTypes", extension: "csv")
  }

  // MARK: - Helpers

  /// `text` as the one field of a one-column record, without its line ending.
  private func field(_ text: String, renderer: CSVTableRenderer = CSVTableRenderer()) -> String {
    var renderer = renderer
    renderer.includesHeaderRow = false
    renderer.lineEnding = .lf
    let csv = render([[.text(text)]], columns: ["Only"], renderer: renderer)
    return String(csv.dropLast())
  }

  /// `rows` rendered under `columns` in one untitled section.
  private func render(
    _ rows: [[CellValue]],
    columns: [String],
    renderer: CSVTableRenderer
  ) -> String {
    let dataSource = SectionedDataSource<Any>(
      items: rows.map { Cell("", values: $0) }, columns: columns.map { ColumnDefinition($0) })
    return renderer.render(TableView(dataSource: dataSource))
  }
}

/// A type whose CSV representation differs from its cell.
private struct CSVShipment: TableRepresentable, CSVRepresentable {
  var grams: Int

  var tableCell: Cell { Cell("shipment", values: ["shipment", .text("\(grams / 1_000) kg")]) }
  var csvValues: [CellValue] { ["shipment", .integer(grams)] }
}

/// The golden file's invoice exports raw cents instead of its cell's decimal amount.
extension LedgerInvoiceFixture: CSVRepresentable {
  var csvValues: [CellValue] {
    [.text(number), .text(customer), .integer(cents), .boolean(isPaid)]
  }
}
