import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct CSVReportRendererTests {
  @Test func drawsOneHeaderRowMarkedRowsAndNotes() throws {
    let csv = try CSVReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    // Checked by hand: spanner-qualified names, a row kind and a group on every record, the
    // formula-looking city guarded, the notes after the rows (ESC kept as data, as CSV does).
    let expected = [
      "row,group,city,Money & more / amount,Money & more / qty",
      "data,North,Oslo,EUR 10.00,2",
      "data,North,'=cmd|' /C calc'!A0,EUR -5.50,3",
      "subtotal,North,Subtotal,EUR 4.50,5",
      "data,<b>South</b>,Rome,EUR 1.25,",
      "subtotal,<b>South</b>,Subtotal,EUR 1.25,—",
      "total,,Total,EUR 5.75,5",
      "title,,Sales <2026>,,",
      "subtitle,,By region,,",
      "footnote,1,Excluding VAT,,",
      "footnote,2,Estimate,,",
      "footnote,3,<script>alert(1)</script>,,",
      "source note,,Source: the \u{1B}[31mledger,,",
    ]
    #expect(csv == expected.map { $0 + "\r\n" }.joined())
  }

  @Test func aFormattedNegativeNumberIsNotGuardedButTextIs() throws {
    let table = TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection(
            items: [
              Cell("", values: [.exactDecimal(try ExactDecimal("-5.50")), "-5.50", "+1"])
            ])
        ],
        columns: [ColumnDefinition("n"), ColumnDefinition("t"), ColumnDefinition("u")]))
    let report = Report(summaries: [
      SummaryRow(label: "=SUM(A1)", scope: .grand, aggregates: [0: .sum])
    ])
    let csv = try CSVReportRenderer(report: report).renderReport(table)
    #expect(
      csv
        == "row,group,n,t,u\r\ndata,,-5.50,'-5.50,'+1\r\ntotal,,'=SUM(A1),,\r\n")
    let summed = Report(
      stubColumn: 1, summaries: [SummaryRow(label: "T", scope: .grand, aggregates: [0: .sum])])
    #expect(
      try CSVReportRenderer(report: summed).renderReport(table).hasSuffix("total,,-5.50,T,\r\n"))
  }

  /// A database's `''` and its `NULL` (no value) stay apart when asked (`""` against an empty
  /// field), alike by default; a label or a missing summary is never quoted.
  @Test func theEmptyTextIsQuotedApartFromNoValueWhenAsked() throws {
    let table = TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection(items: [
            Cell("", values: [.empty, "", "x"]), Cell("", values: ["", .empty, ""]),
          ])
        ],
        columns: [ColumnDefinition("a"), ColumnDefinition("b"), ColumnDefinition("c")]))
    let report = Report(summaries: [SummaryRow(label: "", scope: .grand, aggregates: [:])])
    let quoted = try CSVReportRenderer(report: report, emptyText: .quoted).renderReport(table)
    #expect(
      quoted == "row,group,a,b,c\r\ndata,,,\"\",x\r\ndata,,\"\",,\"\"\r\ntotal,,,,\r\n")
    let plain = try CSVReportRenderer(report: report).renderReport(table)
    #expect(plain == "row,group,a,b,c\r\ndata,,,,x\r\ndata,,,,\r\ntotal,,,,\r\n")
  }
}
