import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct HTMLReportRendererTests {
  @Test func drawsCaptionSpannersGroupsAndLinkedNotes() throws {
    let html = try HTMLReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    // Checked by hand: every label and note escaped, marks link to notes and back, the grand
    // total in <tfoot>, ESC replaced as the plain HTML renderer replaces it.
    #expect(
      html == """
        <table class="report">
        <caption>Sales &lt;2026&gt;<br><span class="subtitle">By region</span></caption>
        <thead>
        <tr><td></td><th colspan="2" scope="colgroup">Money &amp; more</th></tr>
        <tr><th scope="col">city</th><th scope="col">amount<sup><a href="#report-note-1" id="report-ref-1-1">1</a></sup></th><th scope="col">qty</th></tr>
        </thead>
        <tbody>
        <tr><th scope="rowgroup" colspan="3">North</th></tr>
        <tr><td>Oslo</td><td class="number">EUR 10.00</td><td class="number">2</td></tr>
        <tr><td>=cmd|&#39; /C calc&#39;!A0</td><td class="number">EUR -5.50<sup><a href="#report-note-2" id="report-ref-2-1">2</a></sup></td><td class="number">3</td></tr>
        <tr class="summary"><th scope="row">Subtotal</th><td class="number">EUR 4.50</td><td class="number">5</td></tr>
        </tbody>
        <tbody>
        <tr><th scope="rowgroup" colspan="3">&lt;b&gt;South&lt;/b&gt;<sup><a href="#report-note-3" id="report-ref-3-1">3</a></sup></th></tr>
        <tr><td>Rome</td><td class="number">EUR 1.25</td><td></td></tr>
        <tr class="summary"><th scope="row">Subtotal</th><td class="number">EUR 1.25</td><td>—</td></tr>
        </tbody>
        <tfoot>
        <tr class="grand-summary"><th scope="row">Total</th><td class="number">EUR 5.75</td><td class="number">5</td></tr>
        </tfoot>
        </table>
        <div class="report-notes">
        <p class="footnote" id="report-note-1"><sup>1</sup> Excluding VAT <a href="#report-ref-1-1" aria-label="Back to note 1">↩</a></p>
        <p class="footnote" id="report-note-2"><sup>2</sup> Estimate <a href="#report-ref-2-1" aria-label="Back to note 2">↩</a></p>
        <p class="footnote" id="report-note-3"><sup>3</sup> &lt;script&gt;alert(1)&lt;/script&gt; <a href="#report-ref-3-1" aria-label="Back to note 3">↩</a></p>
        <p class="source-note">Source: the �[31mledger</p>
        </div>

        """)
  }

  @Test func aGrandTotalAtTheTopHasATbodyOfItsOwnBeforeTheGroups() throws {
    let html = try HTMLReportRenderer(report: ReportFixture.report(grandTop: true)).renderReport(
      ReportFixture.table())
    let total = try #require(
      html.firstRange(
        of: """
          <tbody class="grand-summary">
          <tr class="grand-summary"><th scope="row">Total</th><td class="number">EUR 5.75</td>\
          <td class="number">5</td></tr>
          </tbody>
          <tbody>
          <tr><th scope="rowgroup" colspan="3">North</th></tr>
          """))
    #expect(total.lowerBound > (html.firstRange(of: "</thead>")?.upperBound ?? html.endIndex))
    #expect(!html.contains("<tfoot>"))
  }

  @Test func aDocumentWrapsTheTableAndItsNotes() throws {
    let html = try HTMLReportRenderer(
      report: ReportFixture.report(), mode: .document(title: "Sales", language: "en")
    ).renderReport(ReportFixture.table())
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(html.hasSuffix("</div>\n</main>\n</body>\n</html>\n"))
  }

  @Test func aDocumentHasAMainLandmarkAndALevelOneHeading() throws {
    // axe-core's landmark-one-main, region and page-has-heading-one failed on both pages.
    var report = ReportFixture.report()
    report.title = "<Sales>"
    report.subtitle = "Q4"
    let titled = try HTMLReportRenderer(
      report: report, mode: .document(title: "<Sales>", language: "en")
    ).renderReport(ReportFixture.table())
    #expect(titled.contains("<body>\n<main>\n<table class=\"report\">\n<caption><h1>&lt;Sales&gt;"))
    #expect(titled.contains("</h1><span class=\"subtitle\">Q4</span></caption>"))
    report.title = nil
    report.subtitle = nil
    let untitled = try HTMLReportRenderer(
      report: report, mode: .document(title: "Report & more", language: "en")
    ).renderReport(ReportFixture.table())
    #expect(untitled.contains("<main>\n<h1>Report &amp; more</h1>\n<table class=\"report\">"))
    let fragment = try HTMLReportRenderer(report: ReportFixture.report())
      .renderReport(ReportFixture.table())
    #expect(!fragment.contains("<h1>") && !fragment.contains("<main>"))
  }
}
