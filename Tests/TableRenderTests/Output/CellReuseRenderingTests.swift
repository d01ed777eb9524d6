import TableKit
import TableRender
import Testing

/// Renderers read rows through `configureCell(_:at:)`, into one cell reused for every row.
@Suite struct CellReuseRenderingTests {
  /// Rows of different lengths, so a reused cell that kept the previous row's values would show.
  static let rows: [[CellValue]] = [
    ["Acme, Sons", .decimal(1_250.5, fractionDigits: 2), .boolean(true), "note"],
    ["Zoë", 7],
    [],
    ["=1+1", .decimal(-0.07, fractionDigits: 2), .boolean(false), "last <row>"],
    ["only"],
  ]

  /// Builds each row's cell afresh; the data source a reusing one must match.
  final class FreshDataSource: TableDataSource {
    var numberOfSections: Int { 1 }
    var columns: [ColumnDefinition] {
      ["Payee", "Amount", "Open", "Note"].map { ColumnDefinition($0) }
    }
    func numberOfRows(inSection section: Int) -> Int { CellReuseRenderingTests.rows.count }
    func representedObject(at position: TablePosition) -> Any { position.row }
    func cell(at position: TablePosition) -> Cell {
      let values = CellReuseRenderingTests.rows[position.row]
      return Cell(
        "row \(position.row)", values: values,
        accessory: position.row == 1 ? .disclosureIndicator : .none)
    }
  }

  /// Fills the renderer's cell in place and counts how it is asked.
  final class ReusingDataSource: TableDataSource {
    var configured = 0
    var madeFresh = 0
    var numberOfSections: Int { 1 }
    var columns: [ColumnDefinition] {
      ["Payee", "Amount", "Open", "Note"].map { ColumnDefinition($0) }
    }
    func numberOfRows(inSection section: Int) -> Int { CellReuseRenderingTests.rows.count }
    func representedObject(at position: TablePosition) -> Any { position.row }
    func cell(at position: TablePosition) -> Cell {
      madeFresh += 1
      var cell = Cell("")
      fill(&cell, row: position.row)
      return cell
    }
    func configureCell(_ cell: inout Cell, at position: TablePosition) {
      configured += 1
      fill(&cell, row: position.row)
    }
    /// Whether values are overwritten in place (`valueCount:`) rather than emptied and appended.
    let overwrites: Bool

    init(overwrites: Bool) {
      self.overwrites = overwrites
    }

    private func fill(_ cell: inout Cell, row: Int) {
      let values = CellReuseRenderingTests.rows[row]
      let accessory: CellAccessory = row == 1 ? .disclosureIndicator : .none
      if overwrites {
        cell.prepareForReuse("row \(row)", accessory: accessory, valueCount: values.count)
        for (column, value) in values.enumerated() { cell.values[column] = value }
      } else {
        cell.prepareForReuse("row \(row)", accessory: accessory)
        cell.values.append(contentsOf: values)
      }
    }
  }

  static let renderers: [any TableRenderer] = [
    CSVTableRenderer(), MarkdownTableRenderer(), HTMLTableRenderer(),
    TextTableRenderer(style: .grid),
    TextTableRenderer(style: .plain, sizing: .fixed([8, 8, 5, 6])),
  ]

  @Test(arguments: renderers, [false, true])
  func aReusedCellRendersAsFreshCellsDo(_ renderer: any TableRenderer, overwrites: Bool) {
    let reusing = ReusingDataSource(overwrites: overwrites)
    let output = renderer.render(TableView(dataSource: reusing))
    #expect(output == renderer.render(TableView(dataSource: FreshDataSource())))
    #expect(reusing.madeFresh == 0)
    // Aligned text measured first reads every row twice; Markdown reads the first rows once
    // more, until its automatic columns are aligned; the others read each row once.
    if renderer is MarkdownTableRenderer {
      #expect(reusing.configured > Self.rows.count && reusing.configured <= 2 * Self.rows.count)
    } else {
      #expect(reusing.configured % Self.rows.count == 0 && reusing.configured > 0)
    }
  }
}
