import TableKit
import TableKitArguments
import TableKitReports
import TableRender

/// The hidden `--report-stream FORMAT ROWS GROUPS` mode: a ledger of ROWS rows in GROUPS groups,
/// computed row by row (no row is stored), drawn as a report in FORMAT (text, markdown, csv or
/// html) to a sink that counts the bytes, for Scripts/report-bench.sh's memory figures: the
/// report path alone, streaming, without reading a file.
///
/// The report is the benchmark's: a subtotal per group and a grand total of the amounts (euros,
/// shown in de_DE's currency pattern) and the mean price, a spanner, a footnote and a source
/// note. Prints the bytes drawn.
enum ReportStream {
  /// Runs the mode when `arguments` ask for it, then exits.
  static func runIfAsked(_ arguments: [String]) {
    guard arguments.first == "--report-stream" else { return }
    guard arguments.count == 4, let rows = Int(arguments[2]), let groups = Int(arguments[3]),
      rows > 0, groups > 0
    else { stop("--report-stream needs FORMAT ROWS GROUPS", status: .usage) }
    var report = Report(title: "Ledger")
    report.spanners = [ColumnSpanner("Figures", columns: 1..<4)]
    report.summaries = [
      SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [1: .sum, 3: .mean]),
      SummaryRow(label: "Total", scope: .grand, aggregates: [1: .sum, 3: .mean]),
    ]
    report.footnotes = [Footnote("Excluding VAT", on: .column(1))]
    report.sourceNotes = ["Source: generated"]
    report.columnFormats = [1: .currency(), 3: .number(fractionDigits: 2...2)]
    guard let german = try? ReportLocale(identifier: "de_DE") else { stop("no de_DE") }
    report.locale = german
    let renderer: any ReportRenderer
    switch arguments[1] {
    case "text": renderer = TextReportRenderer(report: report)
    case "markdown": renderer = MarkdownReportRenderer(report: report)
    case "csv": renderer = CSVReportRenderer(report: report)
    case "html": renderer = HTMLReportRenderer(report: report)
    default: stop("--report-stream: the format is text, markdown, csv or html", status: .usage)
    }
    let table = TableView(dataSource: LedgerSource(rows: rows, groups: groups))
    let sink = CountingSink()
    var output = OutputBuffer(sink: sink)
    do throws(ReportError) {
      try renderer.renderReport(table, into: &output)
    } catch {
      stop("\(error)")
    }
    output.flush()
    print("report-stream: \(arguments[1]) \(rows) rows in \(groups) groups, \(sink.count) bytes")
    ExitStatus.success.exit()
  }

  /// The ledger's rows, computed from their position: a city, an amount in euros, a quantity
  /// and a price.
  final class LedgerSource: TableDataSource {
    let rows: Int
    let groups: Int
    let columns = ["city", "amount", "qty", "price"].map { ColumnDefinition($0) }

    init(rows: Int, groups: Int) {
      self.rows = rows
      self.groups = groups
    }

    var numberOfSections: Int { groups }

    func numberOfRows(inSection section: Int) -> Int {
      rows / groups + (section < rows % groups ? 1 : 0)
    }

    func representedObject(at position: TablePosition) -> Any { position }

    func titleForHeader(inSection section: Int) -> String? { "Region \(section)" }

    func configureCell(_ cell: inout Cell, at position: TablePosition) {
      // A linear congruential step of the position: varied digits, the same on every run.
      let seed = (position.section &* 1_000_003 &+ position.row) &* 6_364_136_223_846_793_005
      let cents = Int((seed >> 20) % 550_000_000) - 50_000_000
      let amount = Money(ExactDecimal(minorUnits: cents, scale: 2), currency: "EUR")
      cell.text = ""
      cell.values = [
        .text("City \((seed >> 8) % 1_000)"), amount.map(CellValue.money) ?? .empty,
        .integer(Int((seed >> 12) % 500) + 1),
        .exactDecimal(ExactDecimal(minorUnits: Int((seed >> 24) % 9_999_900) + 100, scale: 2)),
      ]
    }
  }
}
