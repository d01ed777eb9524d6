import Foundation
import TableKit
import TableKitReports
import TableKitTestSupport
import TableRender
import Testing

/// Writes random ledgers and their reports in every format for `Scripts/report-readback.py`,
/// which reads each format back with a real parser (`csv`, `html5lib`, `cmarkgfm`, and the text
/// grid by its rules) and checks every subtotal and the grand total with Python's `decimal`.
///
/// Runs only when `TABLEKIT_REPORT_READBACK` names the JSON Lines file to write (`.ci/run` sets
/// it); `TABLEKIT_REPORT_READBACK_COUNT` sets the number of ledgers (default 10,000).
@Suite struct ReportReadbackExportTests {
  static let path = ProcessInfo.processInfo.environment["TABLEKIT_REPORT_READBACK"]

  /// The report every ledger is drawn with.
  static let report = Report(
    title: "Ledger",
    spanners: [ColumnSpanner("Figures", columns: 1..<4)],
    summaries: [
      SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [1: .sum, 2: .sum, 3: .sum]),
      SummaryRow(label: "Total", scope: .grand, aggregates: [1: .sum, 2: .sum, 3: .sum]),
    ],
    footnotes: [Footnote("Amounts as booked", on: .column(1))],
    sourceNotes: ["Random ledger"])

  /// A value as the script reads it: money as `[amount, code]`, numbers as text, empty as null.
  static func json(_ value: CellValue) -> Any {
    switch value {
    case .money(let money): [money.amount.description, money.currency]
    case .integer, .exactDecimal: value.text
    case .text(let text): text
    default: NSNull()
    }
  }

  @Test(.enabled(if: path != nil)) func writesLedgersForTheReadbackScript() throws {
    let path = try #require(Self.path)
    let count =
      Int(ProcessInfo.processInfo.environment["TABLEKIT_REPORT_READBACK_COUNT"] ?? "")
      ?? 10_000
    var generator = SeededGenerator(state: 0x5EED_0037)
    var lines = Data()
    for _ in 0..<count {
      let ledger = RandomLedger(using: &generator)
      let table = ledger.table()
      let record: [String: Any] = [
        "groups": ledger.groups.map { group in
          ["label": group.label, "rows": group.rows.map { $0.map(Self.json) }] as [String: Any]
        },
        "text": try TextReportRenderer(report: Self.report).renderReport(table),
        "html": try HTMLReportRenderer(report: Self.report).renderReport(table),
        "csv": try CSVReportRenderer(report: Self.report).renderReport(table),
        "markdown": try MarkdownReportRenderer(report: Self.report).renderReport(table),
      ]
      lines.append(try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]))
      lines.append(0x0A)
    }
    try lines.write(to: URL(fileURLWithPath: path))
  }
}
