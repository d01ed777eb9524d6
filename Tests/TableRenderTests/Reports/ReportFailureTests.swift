import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct ReportFailureTests {
  static func table() throws -> TableView {
    let nines = CellValue.exactDecimal(try ExactDecimal(String(repeating: "9", count: 38)))
    return TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection(items: [Cell("", values: ["a", nines]), Cell("", values: ["b", 1])])
        ],
        columns: [ColumnDefinition("name"), ColumnDefinition("n")]))
  }

  static let report = Report(summaries: [
    SummaryRow(label: "Total", scope: .grand, aggregates: [1: .sum])
  ])

  @Test func aTotalPast38DigitsIsATypedErrorInEveryFormat() throws {
    let table = try Self.table()
    let renderers: [any ReportRenderer] = [
      TextReportRenderer(report: Self.report), HTMLReportRenderer(report: Self.report),
      CSVReportRenderer(report: Self.report), MarkdownReportRenderer(report: Self.report),
    ]
    for renderer in renderers {
      #expect(throws: ReportError.summaryOverflow(column: 1)) {
        try renderer.renderReport(table)
      }
      // Through TableRenderer, which cannot throw, the error is kept for the caller.
      _ = renderer.render(table)
      #expect(renderer.failure.error == .summaryOverflow(column: 1))
    }
  }
}
