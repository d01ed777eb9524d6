import Foundation
import TableKit
import TableRender

/// A data source over benchmark rows held in memory, filling the cell by hand: the leaf of the
/// composition cases, and (over all rows) the flat table they are compared with.
final class HeldRowsDataSource: TableDataSource {
  let rows: [BenchmarkRow]
  private let strings = BenchmarkStrings.shared

  init(_ rows: [BenchmarkRow]) { self.rows = rows }

  var numberOfSections: Int { 1 }
  var columns: [ColumnDefinition] { BenchmarkTable.columns }
  func numberOfRows(inSection section: Int) -> Int { rows.count }
  func representedObject(at position: TablePosition) -> Any { rows[position.row] }
  func cell(at position: TablePosition) -> Cell { rows[position.row].tableCell }
  func configureCell(_ cell: inout Cell, at position: TablePosition) {
    rows[position.row].configure(&cell, strings: strings)
  }

  /// The first `count` benchmark rows.
  static func benchmarkRows(count: Int) -> [BenchmarkRow] {
    var rows: [BenchmarkRow] = []
    rows.reserveCapacity(count)
    var state = BenchmarkTable.seed
    for index in 0..<count {
      let (row, next) = BenchmarkTable.row(index: index, state: state)
      rows.append(row)
      state = next
    }
    return rows
  }
}

/// `--compose N`: renders N rows flat, spread over 1,000 composed children, and spread over
/// children nested four composed levels deep, with the same renderers in the same process; then
/// filters the N rows and filters them again with a narrower predicate.
///
/// `read_only` asks the root data source for every row, through every level (what a caller of
/// `TableView.cell(at:)` pays); the renderers read each section from its leaf
/// (`TableDataSource.rowSource(forSection:)`).
func runCompositionBenchmark(rows: Int, repetitions: Int, only: String?) {
  let all = HeldRowsDataSource.benchmarkRows(count: rows)
  let children = 1_000
  let perChild = max(1, rows / children)
  let leaves = stride(from: 0, to: rows, by: perChild).map {
    HeldRowsDataSource(Array(all[$0..<min(rows, $0 + perChild)]))
  }
  func makeFlat() -> any TableDataSource { HeldRowsDataSource(all) }
  func makeComposed() -> any TableDataSource { ComposedDataSource(leaves) }
  /// Four composed levels: 10 × 10 × 10 groups of one leaf each.
  func makeNested() -> any TableDataSource {
    var level: [any TableDataSource] = leaves.map { ComposedDataSource([$0]) }
    for _ in 0..<3 {
      level = stride(from: 0, to: level.count, by: 10).map {
        ComposedDataSource(Array(level[$0..<min(level.count, $0 + 10)]))
      }
    }
    return level.count == 1 ? level[0] : ComposedDataSource(level)
  }
  let shapes: [(String, () -> any TableDataSource)] = [
    ("flat", makeFlat), ("composed_1000", makeComposed), ("nested_4_deep", makeNested),
  ]
  let renderers: [(String, any TableRenderer)] = [
    ("read_only", ReadOnlyRenderer()), ("csv", CSVTableRenderer()), ("html", HTMLTableRenderer()),
  ]
  print("composition: \(rows) rows, \(leaves.count) children of \(perChild) rows")
  print("case                                  median s   × flat")
  for (rendererName, renderer) in renderers {
    let selected = shapes.filter { only == nil || "\(rendererName)_\($0.0)".hasPrefix(only ?? "") }
    guard !selected.isEmpty else { continue }
    let tables = selected.map { TableView(dataSource: $0.1()) }
    // Repetitions go round the shapes, so a burst of load on the shared machine falls on
    // every shape alike instead of on whichever ran during it.
    var times = [[Double]](repeating: [], count: selected.count)
    for _ in 0..<max(1, repetitions) {
      for (index, table) in tables.enumerated() {
        let sink = CountingSink()
        var buffer = OutputBuffer(sink: sink)
        times[index].append(
          seconds {
            renderer.render(table, into: &buffer)
            buffer.flush()
          })
      }
    }
    var flatTime = 0.0
    for (index, (shapeName, _)) in selected.enumerated() {
      let median = times[index].sorted()[times[index].count / 2]
      if shapeName == "flat" { flatTime = median }
      let ratio = flatTime > 0 ? median / flatTime : 0
      print(
        "\(rendererName)_\(shapeName)".padding(toLength: 36, withPad: " ", startingAt: 0)
          + String(format: "%10.3f %8.2f×", median, ratio))
    }
  }
  if let only, only != "filter" { return }
  // Filtering: one pass over every row, then a narrower predicate as one merge.
  let base = HeldRowsDataSource(all)
  func cents(_ object: Any) -> Int32 { (object as? BenchmarkRow)?.cents ?? 0 }
  var filtered: FilteredDataSource<HeldRowsDataSource>?
  let filterTime = seconds { filtered = base.filtered { cents($0) % 2 == 0 } }
  guard let filtered else { return }
  let table = TableView(dataSource: filtered)
  let shownBefore = filtered.numberOfShownRows
  var changes = TableChangeset()
  let refilterTime = seconds {
    changes = (try? filtered.setPredicate { cents($0) % 4 == 0 }) ?? TableChangeset()
  }
  print(
    "filter \(rows) rows (even cents):      "
      + String(format: "%8.3f s", filterTime) + ", \(shownBefore) shown")
  print(
    "re-filter (cents divisible by 4):     "
      + String(format: "%8.3f s", refilterTime)
      + ", changeset of \(changes.deletedRows.count) deletes and \(changes.insertedRows.count) "
      + "inserts, \(table.shape.numberOfRows) rows shown after")
}

private func seconds(_ body: () -> Void) -> Double {
  let elapsed = ContinuousClock().measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
