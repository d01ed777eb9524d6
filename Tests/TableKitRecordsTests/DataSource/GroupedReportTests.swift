import TableKit
import TableKitRecords
import TableKitReports
import TableRender
import Testing

/// Reports and tables over input grouped already (`--group-by region --grouped`): streamed,
/// they draw byte for byte what the held rows draw.
@Suite struct GroupedReportTests {
  static let ledger = """
    region,city,amount,qty
    North,Oslo,10.00,2
    North,Bergen,-5.50,3
    South,Rome,1.25,
    South,"Milan, \u{1B}[31m",2.00,4
    West,Lisbon,3.10,1

    """

  static var report: Report {
    var report = Report(title: "Ledger")
    report.summaries = [
      SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [1: .sum, 2: .mean]),
      SummaryRow(label: "Total", scope: .grand, aggregates: [1: .sum, 2: .sum]),
    ]
    report.spanners = [ColumnSpanner("Figures", columns: 1..<3)]
    report.footnotes = [Footnote("Excluding VAT", on: .column(1))]
    report.sourceNotes = ["Source: a test"]
    report.columnFormats = [1: .currency(), 2: .number(fractionDigits: 1...1)]
    return report
  }

  static let formats = ["text", "markdown", "csv", "html", "latex", "typst", "xlsx"]

  /// The report renderer for `format`.
  static func reportRenderer(_ format: String, _ report: Report) -> any ReportRenderer {
    switch format {
    case "text": TextReportRenderer(report: report)
    case "markdown": MarkdownReportRenderer(report: report)
    case "csv": CSVReportRenderer(report: report)
    case "html": HTMLReportRenderer(report: report, mode: .document(title: "Ledger"))
    case "latex": LaTeXReportRenderer(report: report, mode: .document)
    case "typst": TypstReportRenderer(report: report)
    default: XLSXReportRenderer(report: report)
    }
  }

  /// The plain renderer for `format` (HTML's streamed rows have another class than held ones,
  /// as for any streamed table, so it is left out).
  static func tableRenderer(_ format: String) -> any TableRenderer {
    switch format {
    case "text": TextTableRenderer(title: "Ledger")
    case "markdown": MarkdownTableRenderer(title: "Ledger")
    case "csv": CSVTableRenderer()
    case "latex": LaTeXTableRenderer(caption: "Ledger", mode: .document)
    case "typst": TypstTableRenderer(title: "Ledger")
    default: XLSXTableRenderer()
    }
  }

  /// The bytes `renderer` draws over the ledger read as the command line reads it.
  static func bytes(
    _ renderer: any TableRenderer, grouped: Bool, sample: Int = 1_000
  ) throws -> [UInt8] {
    var input = TableInput()
    input.shaping.groupBy = "region"
    input.shaping.isGrouped = grouped
    input.columnTypes = [("amount", try ValueParser("money:EUR"))]
    input.sample = sample
    input.readAheadRows = 2
    let file = try TemporaryFile("ledger.csv", Self.ledger)
    let opened = try input.open(try ByteInput(path: file.path), path: file.path)
    #expect((opened.dataSource is GroupedRecordStream) == grouped)
    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    renderer.render(TableView(dataSource: opened.dataSource), into: &output)
    output.flush()
    if let error = opened.stream?.error { throw error }
    return collector.bytes
  }

  @Test(arguments: formats, [1, 1_000])
  func aStreamedReportOverGroupedInputIsTheHeldOne(format: String, sample: Int) throws {
    let renderer = Self.reportRenderer(format, Self.report)
    let streamed = try Self.bytes(renderer, grouped: true, sample: sample)
    let held = try Self.bytes(Self.reportRenderer(format, Self.report), grouped: false)
    #expect(streamed == held)
    #expect(!streamed.isEmpty)
    #expect(renderer.failure.error == nil)
  }

  @Test func theStreamedTextReportHasItsGroupsAndSubtotals() throws {
    let text = String(
      decoding: try Self.bytes(TextReportRenderer(report: Self.report), grouped: true),
      as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines.filter { ["North", "South", "West"].contains($0) }.count == 3)
    let subtotals = lines.filter { $0.hasPrefix("Subtotal") }
    #expect(subtotals.count == 3)
    #expect(subtotals.first?.contains("EUR 4.50") == true)
    #expect(lines.first { $0.hasPrefix("Total") }?.contains("EUR 10.85") == true)
  }

  @Test(arguments: formats.filter { $0 != "html" })
  func aStreamedTableOverGroupedInputIsTheHeldOne(format: String) throws {
    let renderer = Self.tableRenderer(format)
    #expect(
      try Self.bytes(renderer, grouped: true, sample: 1)
        == (try Self.bytes(renderer, grouped: false)))
  }

  @Test func aSubtotalAtTheTopOfAStreamedGroupIsRefused() throws {
    var report = Self.report
    report.summaries[0].placement = .top
    let renderer = CSVReportRenderer(report: report)
    _ = try Self.bytes(renderer, grouped: true)
    #expect(renderer.failure.error == .summaryAtTopOfStreamedGroup)
  }
}
