import TableKit
import TableRender
import Testing

@Suite struct TypstTableRendererTests {
  @Test func writesATableWithARepeatingHeaderAndSpanningSectionRows() {
    let table = makePaymentsTable([
      ("Open", [Payment(payee: "Acme | Sons", cents: 125_000, isOpen: true)]),
      (nil, [Payment(payee: "#read(\"x\")", cents: -499, isOpen: false)]),
    ])
    let typst = TypstTableRenderer(title: "*Q*").render(table)
    #expect(
      typst == """
        #heading(level: 1, "*Q*")

        #table(
          columns: 3,
          align: (left, right, left),
          stroke: none,
          table.hline(),
          table.header(strong("Payee"), strong("Amount"), strong("Open")),
          table.hline(stroke: 0.5pt),
          table.cell(colspan: 3, strong("Open")),
          "Acme | Sons", "1250.00", "true",
          table.hline(stroke: 0.5pt),
          "#read(\\"x\\")", "-4.99", "false",
          table.hline(),
        )

        """)
  }

  @Test func aSingleColumnsAlignmentIsStillAnArray() {
    let table = TableView(
      dataSource: SectionedDataSource<Any>(
        items: [Cell("a", values: ["a"])], columns: [ColumnDefinition("Only")]))
    #expect(TypstTableRenderer().render(table).contains("  align: (left,),\n"))
  }
}

@Suite struct TypstEscapingTests {
  @Test(arguments: [
    ("plain", "\"plain\""),
    ("# [ ] * _ $ @ < > = - + / ~ ` // /*", "\"# [ ] * _ $ @ < > = - + / ~ ` // /*\""),
    ("say \"hi\" \\ there", #""say \"hi\" \\ there""#),
    ("a\nb\r\nc\rd\u{2028}e", #""a\nb\nc\nd\ne""#),
    ("tab\there", "\"tab here\""),
    ("\u{1B}[31m\u{7F}\u{9B}", "\"[U+001B][31m[U+007F][U+009B]\""),
    ("\u{202E}abc\u{2066}", "\"[U+202E]abc[U+2066]\""),
    ("中文 👍🏽 Zoë", "\"中文 👍🏽 Zoë\""),
    ("", "\"\""),
  ])
  func writesAStringLiteral(_ text: String, _ expected: String) {
    #expect(TypstEscaping.literal(text) == expected)
  }
}
