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

/// One measured case, in the same JSON shape as `shared/bench/peers.py` prints.
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
enum OwnCase: String, CaseIterable {
  case html = "tablekit_html"
  case htmlGeneric = "tablekit_html_any"
  case csv = "tablekit_csv"
  case markdown = "tablekit_markdown"
  case text = "tablekit_text_plain"
  case grid = "tablekit_text_grid"
  case walk = "tablekit_read_only"

  var renderer: any TableRenderer {
    switch self {
    case .walk: ReadOnlyRenderer()
    case .html, .htmlGeneric: HTMLTableRenderer()
    case .csv: CSVTableRenderer()
    case .markdown: MarkdownTableRenderer()
    case .text: TextTableRenderer(style: .plain)
    case .grid: TextTableRenderer(style: .grid)
    }
  }
}

/// Reads every row's cell and represented object and writes nothing: the floor any renderer
/// stands on, so the cost of the data source can be told apart from the cost of a format.
struct ReadOnlyRenderer: TableRenderer {
  func render(_ table: Table, into output: inout OutputBuffer) {
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
  let warmUp = Table(dataSource: BenchmarkDataSource(count: 1_000, isTyped: own != .htmlGeneric))
  _ = renderer.render(warmUp)
  var times: [Double] = []
  var bytes = 0
  for _ in 0..<max(repetitions, 1) {
    let table = Table(dataSource: BenchmarkDataSource(count: rows, isTyped: own != .htmlGeneric))
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
