import Foundation
import TableKit
import TableRender

/// A sink that only counts bytes: the cost measured is rendering, not the disk.
final class CountingSink: ByteSink {
  var count = 0

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    count += bytes.count
  }
}

/// One measured case, in the same JSON shape as `Scripts/bench/peers.py` prints.
struct CaseResult: Codable {
  var name: String
  var rows: Int
  var repetitions: Int
  var times: [Double]
  var medianSeconds: Double
  var rowsPerSecond: Double
  var outputBytes: Int
  var megabytesPerSecond: Double
  var peakResidentMegabytes: Double

  private enum CodingKeys: String, CodingKey {
    case name = "case"
    case rows = "n"
    case repetitions = "reps"
    case times
    case medianSeconds = "median_s"
    case rowsPerSecond = "rows_per_s"
    case outputBytes = "out_bytes"
    case megabytesPerSecond = "mb_per_s"
    case peakResidentMegabytes = "peak_rss_mb"
  }
}

extension CaseResult {
  /// One result from runs of the same case in separate processes: every time, their median,
  /// and the largest peak RSS; `nil` for no runs.
  init?(merging runs: [CaseResult]) {
    guard let first = runs.first else { return nil }
    let times = runs.flatMap(\.times)
    let median = times.sorted()[times.count / 2]
    self.init(
      name: first.name, rows: first.rows, repetitions: times.count, times: times,
      medianSeconds: median, rowsPerSecond: Double(first.rows) / median,
      outputBytes: first.outputBytes,
      megabytesPerSecond: Double(first.outputBytes) / 1e6 / median,
      peakResidentMegabytes: runs.map(\.peakResidentMegabytes).max() ?? 0)
  }
}

/// The renderers the benchmark measures, by case name.
///
/// Each format runs on the typed path (`tablekit_html`: a data source that fills the renderer's
/// cell by hand in `configureCell(_:at:)`) and most also on the generic path (`…_any`: the
/// README's way, a `SectionedDataSource<Any>` of rows that show themselves through
/// `TableRepresentable`, with `configure(_:)` filling the cell in place).
/// `tablekit_html_any_cell` is the generic path for a type that gives only `tableCell`, a new
/// cell per row.
package enum OwnCase: String, CaseIterable {
  case html = "tablekit_html"
  case htmlGeneric = "tablekit_html_any"
  case htmlCellOnly = "tablekit_html_any_cell"
  case csv = "tablekit_csv"
  case csvGeneric = "tablekit_csv_any"
  case markdown = "tablekit_markdown"
  case markdownGeneric = "tablekit_markdown_any"
  case text = "tablekit_text_plain"
  case grid = "tablekit_text_grid"
  case gridGeneric = "tablekit_text_grid_any"
  case walk = "tablekit_read_only"
  case walkGeneric = "tablekit_read_only_any"

  /// How the case's table reaches its cells.
  enum Path {
    /// The benchmark's own data source fills the cell by hand.
    case typed
    /// `SectionedDataSource<Any>` over rows that configure the cell in place.
    case generic
    /// `SectionedDataSource<Any>` over rows that only give `tableCell`.
    case cellOnly
  }

  var path: Path {
    switch self {
    case .html, .csv, .markdown, .text, .grid, .walk: .typed
    case .htmlGeneric, .csvGeneric, .markdownGeneric, .gridGeneric, .walkGeneric: .generic
    case .htmlCellOnly: .cellOnly
    }
  }

  /// The typed case a generic case is compared with; `nil` for a typed case.
  var typedCounterpart: OwnCase? {
    switch self {
    case .htmlGeneric, .htmlCellOnly: .html
    case .csvGeneric: .csv
    case .markdownGeneric: .markdown
    case .gridGeneric: .grid
    case .walkGeneric: .walk
    case .html, .csv, .markdown, .text, .grid, .walk: nil
    }
  }

  var renderer: any TableRenderer {
    switch self {
    case .walk, .walkGeneric: ReadOnlyRenderer()
    case .html, .htmlGeneric, .htmlCellOnly: HTMLTableRenderer()
    case .csv, .csvGeneric: CSVTableRenderer()
    case .markdown, .markdownGeneric: MarkdownTableRenderer()
    case .text: TextTableRenderer(style: .plain)
    case .grid, .gridGeneric: TextTableRenderer(style: .grid)
    }
  }

  /// The case's table of the first `rows` benchmark rows.
  ///
  /// The generic paths hold their rows in memory, as a `SectionedDataSource` does; they are made
  /// here, before any timing.
  func makeTable(rows: Int) -> TableView {
    switch path {
    case .typed:
      return TableView(dataSource: BenchmarkDataSource(count: rows))
    case .generic:
      return Self.sectioned(BenchmarkDataSource.rows(count: rows) { $0 })
    case .cellOnly:
      return Self.sectioned(BenchmarkDataSource.rows(count: rows) { BenchmarkCellOnlyRow(row: $0) })
    }
  }

  private static func sectioned(_ items: [Any]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        sections: [TableSection(items: items)], columns: BenchmarkTable.columns))
  }
}

/// Reads every row's cell and represented object and writes nothing: the floor any renderer
/// stands on, so the cost of the data source can be told apart from the cost of a format.
struct ReadOnlyRenderer: TableRenderer {
  func render(_ table: TableView, into output: inout OutputBuffer) {
    var checksum = 0
    let dataSource = table.dataSource
    var cell = Cell("")
    for (section, rows) in table.shape.rowCounts.enumerated() {
      for row in 0..<rows {
        let position = TablePosition(section: section, row: row)
        let object = dataSource.representedObject(at: position)
        dataSource.configureCell(&cell, at: position)
        // Touch the object as renderers do (its type, for the format memo), with no cast.
        checksum &+= cell.values.count &+ (ObjectIdentifier(type(of: object)).hashValue & 1)
      }
    }
    output.write(integer: checksum)
  }
}

/// The peak resident set size of this process so far, in megabytes (Linux reports KiB).
func peakResidentMegabytes() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1000
}

/// Renders `rows` rows with one renderer `repetitions` times in this process.
func measure(_ own: OwnCase, rows: Int, repetitions: Int) -> CaseResult {
  let renderer = own.renderer
  // One small untimed render first, so that no timed one pays for first use: the shared text
  // tables, code paged in, the output block touched.
  _ = renderer.render(own.makeTable(rows: 1_000))
  var times: [Double] = []
  var bytes = 0
  for _ in 0..<max(repetitions, 1) {
    let table = own.makeTable(rows: rows)
    let clock = ContinuousClock()
    let sink = CountingSink()
    var buffer = OutputBuffer(sink: sink)
    let elapsed = clock.measure {
      renderer.render(table, into: &buffer)
      buffer.flush()
    }
    bytes = sink.count
    times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  let median = times.sorted()[times.count / 2]
  return CaseResult(
    name: own.rawValue, rows: rows, repetitions: times.count, times: times,
    medianSeconds: median, rowsPerSecond: Double(rows) / median, outputBytes: bytes,
    megabytesPerSecond: Double(bytes) / 1e6 / median, peakResidentMegabytes: peakResidentMegabytes()
  )
}
