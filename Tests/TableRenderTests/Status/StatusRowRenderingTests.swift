import TableKit
import TableKitModels
import TableRender
import Testing

/// How each format shows the rows that tell how loading stands.
@Suite struct StatusRowRenderingTests {
  /// Two posts and a failure row whose message holds markup, as a model's data source shows
  /// them after a failed load more.
  static func table() -> TableView {
    let items: [Any] = [
      "Post 0", "Post 1",
      ModelStatusRow(kind: .failure, text: "Offline <b>now</b>", detail: "Select to retry"),
    ]
    return TableView(dataSource: SectionedDataSource(items: items))
  }

  @Test func csvLeavesStatusRowsOutUnlessAskedToKeepThem() {
    #expect(CSVTableRenderer(lineEnding: .lf).render(Self.table()) == "Post 0,\nPost 1,\n")
    #expect(
      CSVTableRenderer(lineEnding: .lf, statusRows: .included).render(Self.table())
        == "Post 0,\nPost 1,\nOffline <b>now</b>,Select to retry\n")
  }

  @Test func htmlSpansTheColumnsWithTheKindAsClassAndTheTextEscaped() {
    let html = HTMLTableRenderer().render(Self.table())
    #expect(
      html.contains(
        "<tr class=\"status-failure\"><td colspan=\"2\">Offline &lt;b&gt;now&lt;/b&gt; "
          + "<span class=\"status-detail\">Select to retry</span></td></tr>\n"))
    #expect(html.contains("<tr class=\"description\"><td>Post 1</td><td></td></tr>\n"))
    #expect(HTMLTableRenderer.styleSheet.contains("tr.status-failure > td"))
  }

  @Test func aStatusRowAfterAnotherKindOfRowIsStillFound() {
    // Status, record, status: the renderer must look again each time the kind changes.
    let items: [Any] = [
      ModelStatusRow(kind: .loading, text: "Loading…"), "Post 0",
      ModelStatusRow(kind: .loadMore, text: "Load more"),
    ]
    let table = TableView(dataSource: SectionedDataSource(items: items))
    #expect(CSVTableRenderer(lineEnding: .lf).render(table) == "Post 0,\n")
    let html = HTMLTableRenderer().render(table)
    #expect(html.contains("<tr class=\"status-loading\"><td colspan=\"2\">Loading…</td></tr>"))
    #expect(html.contains("<tr class=\"status-load-more\"><td colspan=\"2\">Load more</td></tr>"))
  }

  @Test func textAndMarkdownShowThemAsRows() {
    let text = TextTableRenderer().render(Self.table())
    #expect(text.contains("Offline <b>now</b>  Select to retry"))
    let markdown = MarkdownTableRenderer().render(Self.table())
    #expect(markdown.contains("Select to retry |"))
  }
}
