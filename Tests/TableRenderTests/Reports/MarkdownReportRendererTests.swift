import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct MarkdownReportRendererTests {
  @Test func drawsOneTableWithQualifiedLabelsAndNotes() throws {
    let markdown = try MarkdownReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    // Checked by hand: one header row with spanner-qualified labels, right-aligned number
    // columns (from the first row), bold group and summary rows, every text escaped.
    #expect(
      markdown == """
        # Sales &lt;2026&gt;

        *By region*

        | city | Money &amp; more / amount<sup>1</sup> | Money &amp; more / qty |
        | --- | ---: | ---: |
        | **North** |  |  |
        | Oslo | EUR 10.00 | 2 |
        | =cmd\\|' /C calc'\\!A0 | EUR -5.50<sup>2</sup> | 3 |
        | **Subtotal** | **EUR 4.50** | **5** |
        | **&lt;b&gt;South&lt;/b&gt;**<sup>3</sup> |  |  |
        | Rome | EUR 1.25 |  |
        | **Subtotal** | **EUR 1.25** | **—** |
        | **Total** | **EUR 5.75** | **5** |

        <sup>1</sup> Excluding VAT

        <sup>2</sup> Estimate

        <sup>3</sup> &lt;script&gt;alert\\(1\\)&lt;/script&gt;

        Source: the &#x1B;\\[31mledger

        """)
  }

  @Test func aTotalAtTheTopWaitsForTheFirstRowsAlignments() throws {
    let report = Report(summaries: [
      SummaryRow(label: "Total", scope: .grand, placement: .top, aggregates: [1: .sum])
    ])
    let markdown = try MarkdownReportRenderer(report: report).renderReport(ReportFixture.table())
    // The total leaves qty empty; the first data row says qty is a number.
    #expect(
      markdown.hasPrefix(
        """
        | city | amount | qty |
        | --- | ---: | ---: |
        | **Total** | **EUR 5.75** |  |
        | **North** |  |  |
        | Oslo | EUR 10.00 | 2 |
        """))
  }
}
