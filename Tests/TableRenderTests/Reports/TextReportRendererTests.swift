import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct TextReportRendererTests {
  @Test func drawsSpannersGroupsSummariesAndNotes() throws {
    let text = try TextReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    // Checked by hand: 10.00 - 5.50 = 4.50, 4.50 + 1.25 = 5.75, 2 + 3 = 5; the spanner's rule
    // covers amount and qty (10 + 2 + 3 columns); ESC shows as ^[.
    #expect(
      text == """
        Sales <2026>
        By region

                             Money & more
                            ───────────────
        city                   amount¹  qty
        ──────────────────  ──────────  ───
        North
        Oslo                 EUR 10.00    2
        =cmd|' /C calc'!A0  EUR -5.50²    3
        ──────────────────  ──────────  ───
        Subtotal              EUR 4.50    5
        <b>South</b>³
        Rome                  EUR 1.25
        ──────────────────  ──────────  ───
        Subtotal              EUR 1.25  —
        ══════════════════  ══════════  ═══
        Total                 EUR 5.75    5

        ¹ Excluding VAT
        ² Estimate
        ³ <script>alert(1)</script>
        Source: the ^[[31mledger

        """)
  }
}
