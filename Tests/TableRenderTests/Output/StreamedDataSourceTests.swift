import TableKit
import TableRender
import Testing

/// A streamed data source renders as the same rows held in memory would, reading each row once
/// per pass and going back only as far as it says it can.
@Suite struct StreamedDataSourceTests {
  static let columns = ["Payee", "Amount", "Note"]
  static let rows: [[CellValue]] = [
    ["Acme, Sons", .decimal(1_250.5, fractionDigits: 2), "short"],
    ["Zoë", 7, "<b>markup</b> | pipe"],
    ["=1+1", .decimal(-0.07, fractionDigits: 2), "a much longer note than the others"],
    ["last", .empty, "x"],
  ]

  /// The rows in memory, the way renderers always read them.
  final class HeldDataSource: TableDataSource {
    var numberOfSections: Int { 1 }
    var columns: [ColumnDefinition] { StreamedDataSourceTests.columns.map { ColumnDefinition($0) } }
    func numberOfRows(inSection section: Int) -> Int { StreamedDataSourceTests.rows.count }
    func representedObject(at position: TablePosition) -> Any { position.row }
    func cell(at position: TablePosition) -> Cell {
      Cell("", values: StreamedDataSourceTests.rows[position.row])
    }
    func titleForFooter(inSection section: Int) -> String? { "4 rows" }
  }

  /// The same rows read front to back; it keeps `rereadable` rows (or all, for `Int.max`) and
  /// records every row asked for.
  final class StreamDataSource: StreamedTableDataSource {
    let rereadableRowCount: Int
    var asked: [Int] = []
    private var next = 0
    private var current = 0
    private var ended = false

    init(rereadable: Int) {
      rereadableRowCount = rereadable
    }

    var numberOfSections: Int { 1 }
    var columns: [ColumnDefinition] { StreamedDataSourceTests.columns.map { ColumnDefinition($0) } }
    // Nothing is known up front: the renderer must not rely on the count.
    func numberOfRows(inSection section: Int) -> Int { 0 }
    func representedObject(at position: TablePosition) -> Any { current }
    func cell(at position: TablePosition) -> Cell {
      Cell("", values: StreamedDataSourceTests.rows[current])
    }
    func loadRow(_ row: Int) -> Bool {
      asked.append(row)
      // Going back is allowed only within the kept rows, or anywhere for a file.
      if row < next && row >= rereadableRowCount && rereadableRowCount != Int.max { return false }
      guard row < StreamedDataSourceTests.rows.count else {
        ended = true
        return false
      }
      current = row
      next = row + 1
      return true
    }
    func titleForFooter(inSection section: Int) -> String? { ended ? "4 rows" : nil }
  }

  static let renderers: [any TableRenderer] = [
    CSVTableRenderer(), MarkdownTableRenderer(title: "T"), HTMLTableRenderer(caption: "T"),
    TextTableRenderer(title: "T", style: .grid),
  ]

  @Test(arguments: 0..<renderers.count)
  func everyFormatRendersAStreamAsTheHeldRows(renderer: Int) {
    let held = Self.renderers[renderer].render(TableView(dataSource: HeldDataSource()))
    let stream = StreamDataSource(rereadable: Int.max)
    #expect(Self.renderers[renderer].render(TableView(dataSource: stream)) == held)
  }

  @Test func csvReadsAStreamOnceFrontToBack() {
    let stream = StreamDataSource(rereadable: 0)
    _ = CSVTableRenderer().render(TableView(dataSource: stream))
    #expect(stream.asked == [0, 1, 2, 3, 4])
  }

  @Test func markdownLooksAheadOnlyThroughTheRowsAStreamKeeps() {
    let stream = StreamDataSource(rereadable: 1)
    let text = MarkdownTableRenderer().render(TableView(dataSource: stream))
    // One row read ahead to align the columns, then every row from the first.
    #expect(stream.asked == [0, 0, 1, 2, 3, 4])
    #expect(text.contains("| Payee | Amount | Note |\n| --- | ---: | --- |"))
    #expect(text.contains("| last |  | x |"))
  }

  @Test func textFromAStreamMeasuresTheKeptRowsAndFitsLaterOnesToThem() {
    let stream = StreamDataSource(rereadable: 2)
    let text = TextTableRenderer(style: .plain).render(TableView(dataSource: stream))
    #expect(stream.asked == [0, 1, 0, 1, 2, 3, 4])
    // The third row's note is wider than the kept rows' widest: it is cut to their width.
    #expect(text.contains("=1+1"))
    #expect(text.contains("a much"))
    #expect(!text.contains("a much longer note than the others"))
  }

  @Test func textFromAStreamItCanReadAgainMeasuresEveryRow() {
    let stream = StreamDataSource(rereadable: Int.max)
    let text = TextTableRenderer(style: .plain).render(TableView(dataSource: stream))
    #expect(stream.asked == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
    #expect(text.contains("a much longer note than the others"))
  }
}
