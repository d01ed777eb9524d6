import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct TypstReportRendererTests {
  @Test func drawsHeadingHeaderGroupsSummariesAndNotes() throws {
    let typst = try TypstReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    // Checked by hand: marks in reading order (amount's label 1, the Bergen cell 2, South's
    // label 3); 10.00 - 5.50 = 4.50, + 1.25 = 5.75; a thin rule under the spanner over columns
    // 1-2 and around each summary run; every text a string literal; ESC a marker.
    #expect(
      typst == #"""
        #heading(level: 1, "Sales <2026>")
        #emph("By region")

        #table(
          columns: 3,
          align: (left, right, right),
          stroke: none,
          table.hline(),
          table.header(
            [], table.cell(colspan: 2, align: center, "Money & more"),
            table.hline(start: 1, end: 3, stroke: 0.5pt),
            strong("city"), [#strong("amount")#super("1")], strong("qty"),
          ),
          table.hline(stroke: 0.5pt),
          table.cell(colspan: 3, strong("North")),
          "Oslo", "EUR 10.00", "2",
          "=cmd|' /C calc'!A0", [#"EUR -5.50"#super("2")], "3",
          table.hline(stroke: 0.5pt),
          strong("Subtotal"), "EUR 4.50", "5",
          table.hline(stroke: 0.5pt),
          table.cell(colspan: 3, [#strong("<b>South</b>")#super("3")]),
          "Rome", "EUR 1.25", [],
          table.hline(stroke: 0.5pt),
          strong("Subtotal"), "EUR 1.25", "—",
          table.hline(stroke: 0.5pt),
          strong("Total"), "EUR 5.75", "5",
          table.hline(),
        )

        #block[
        #set text(size: 0.85em)
        #super("1") #"Excluding VAT"

        #super("2") #"Estimate"

        #super("3") #"<script>alert(1)</script>"

        #"Source: the [U+001B][31mledger"

        ]

        """#)
  }

  @Test func nestedSpannersHaveARuleUnderEachAtEveryLevel() throws {
    let report = Report(
      spanners: [
        ColumnSpanner("All", columns: 0..<4), ColumnSpanner("Middle", columns: 1..<3),
        ColumnSpanner("Last", columns: 3..<4),
      ])
    let typst = try TypstReportRenderer(report: report).renderReport(
      LaTeXReportRendererTests.fourColumns())
    // Checked by hand: the rules' `end` is exclusive, so "Middle" over columns 1 and 2 ends at 3.
    #expect(
      typst.contains(
        #"""
          table.header(
            table.cell(colspan: 4, align: center, "All"),
            table.hline(start: 0, end: 4, stroke: 0.5pt),
            [], table.cell(colspan: 2, align: center, "Middle"), table.cell(colspan: 1, align: center, "Last"),
            table.hline(start: 1, end: 3, stroke: 0.5pt),
            table.hline(start: 3, end: 4, stroke: 0.5pt),
            strong("a"), strong("b"), strong("c"), strong("d"),
          ),
        """#))
  }

  @Test func hostileTextInEveryPlaceIsAStringLiteral() throws {
    let attack = #"#read("/etc/passwd") \input{x} ] *b* $x$"#
    let (report, table) = ReportFixture.hostile(attack)
    let typst = try TypstReportRenderer(report: report).renderReport(table)
    let literal = ##""#read(\"/etc/passwd\") \\input{x} ] *b* $x$""##
    // Every occurrence is the escaped literal: title, subtitle, spanner, column label, group
    // label, cell, summary label, note, source note.
    #expect(typst.ranges(of: literal).count == 9)
    #expect(typst.ranges(of: "#read(").count == 9)
    #expect(typst.contains("#heading(level: 1, \(literal))\n#emph(\(literal))\n"))
    #expect(typst.contains("table.cell(colspan: 2, align: center, \(literal)),"))
    #expect(typst.contains("table.cell(colspan: 2, [#strong(\(literal))#super(\"1\")]),"))
    #expect(typst.contains("  strong(\(literal)), [],\n"))
    #expect(typst.contains("#super(\"1\") #\(literal)\n\n#\(literal)\n\n]\n"))
  }

  @Test func aGroupAfterRowsHasSpaceAboveItsLabel() throws {
    let table = TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection("A", items: [Cell("", values: ["x"])]),
          TableSection("B", items: [Cell("", values: ["y"])]),
        ],
        columns: [ColumnDefinition("t")]))
    let typst = try TypstReportRenderer(report: Report()).renderReport(table)
    #expect(
      typst.hasSuffix(
        #"""
          align: (left,),
          stroke: none,
          table.hline(),
          table.header(
            strong("t"),
          ),
          table.hline(stroke: 0.5pt),
          table.cell(colspan: 1, strong("A")),
          "x",
          table.cell(colspan: 1, inset: (x: 5pt, top: 12pt, bottom: 5pt), strong("B")),
          "y",
          table.hline(),
        )

        """#))
  }
}
