import TableKit
import TableRender
import Testing

/// A transfer that fills the renderer's reused cell in place, with four values.
private struct Transfer: TableRepresentable {
  var payee: String
  var cents: Int
  var isOpen: Bool

  var tableCell: Cell {
    Cell(
      payee,
      values: [
        .text(payee), .decimal(Double(cents) / 100, fractionDigits: 2), .boolean(isOpen), "note",
      ],
      accessory: isOpen ? .disclosureIndicator : .none, kind: "transfer")
  }

  func configure(_ cell: inout Cell) {
    cell.prepareForReuse(
      payee, accessory: isOpen ? .disclosureIndicator : .none, kind: "transfer", valueCount: 4)
    cell.values[0] = .text(payee)
    cell.values[1] = .decimal(Double(cents) / 100, fractionDigits: 2)
    cell.values[2] = .boolean(isOpen)
    cell.values[3] = "note"
  }
}

/// A remark with only `tableCell`, one value and a detail: shorter than a transfer's row.
private struct Remark: TableRepresentable, Hashable {
  var text: String

  var tableCell: Cell { Cell(text, detail: "remark", values: [.text(text)], kind: "remark") }
}

/// A type with its own cell in place and its own values in every format.
private struct Fee: TableRepresentable, TextRepresentable, CSVRepresentable, HTMLRepresentable {
  var cents: Int

  var tableCell: Cell { Cell("fee", values: ["fee", .integer(cents)], kind: "fee") }
  func configure(_ cell: inout Cell) {
    cell.prepareForReuse("fee", kind: "fee", valueCount: 2)
    cell.values[0] = "fee"
    cell.values[1] = .integer(cents)
  }
  var textValues: [CellValue] { ["text fee", .integer(cents)] }
  var csvValues: [CellValue] { ["csv fee", .integer(cents)] }
  var htmlValues: [HTMLValue] { [.value("html fee"), .value(.integer(cents))] }
}

/// Resolves every row the plain way, a new cell per row from `RepresentationRegistry.cell(for:)`:
/// what the in-place path must match.
private final class FreshCellsDataSource: TableDataSource {
  let items: [Any]
  let columns: [ColumnDefinition]
  let representations: RepresentationRegistry

  init(items: [Any], columns: [ColumnDefinition], representations: RepresentationRegistry) {
    self.items = items
    self.columns = columns
    self.representations = representations
  }

  var numberOfSections: Int { 1 }
  func numberOfRows(inSection section: Int) -> Int { items.count }
  func representedObject(at position: TablePosition) -> Any { items[position.row] }
}

/// `SectionedDataSource<Any>` fills the renderer's reused cell through each item's
/// `configure(_:)`, looked up once per type: every format must read exactly as it does with a new
/// cell per row, and a table's override must still win everywhere.
@Suite struct InPlaceRepresentationRenderingTests {
  static let renderers: [any TableRenderer] = [
    CSVTableRenderer(), MarkdownTableRenderer(), HTMLTableRenderer(),
    TextTableRenderer(style: .grid),
    TextTableRenderer(style: .plain, sizing: .fixed([8, 8, 5, 6])),
  ]

  static let columns = ["Payee", "Amount", "Open", "Note"].map { ColumnDefinition($0) }

  /// Rows of different types and lengths in turn, so that anything a reused cell kept from
  /// the row before would show.
  static var items: [Any] {
    [
      Transfer(payee: "Acme, Sons", cents: 125_050, isOpen: true),
      Remark(text: "=1+1"),
      Transfer(payee: "Zoë", cents: -7, isOpen: false),
      42,
      Optional(Remark(text: "wrapped")) as Any,
      Fee(cents: 300),
      AnyHashable(Remark(text: "hashable <b>")),
      Cell("own", values: [.empty, .integer(1)], accessory: .checkmark, kind: "own"),
      Transfer(payee: "last <row>", cents: 1, isOpen: true),
      Optional<Remark>.none as Any,
    ]
  }

  private func tables(
    _ representations: RepresentationRegistry = RepresentationRegistry()
  ) -> (inPlace: TableView, fresh: TableView) {
    let inPlace = SectionedDataSource<Any>(
      sections: [TableSection(items: Self.items)], columns: Self.columns,
      representations: representations)
    let fresh = FreshCellsDataSource(
      items: Self.items, columns: Self.columns, representations: representations)
    return (TableView(dataSource: inPlace), TableView(dataSource: fresh))
  }

  @Test(arguments: renderers)
  func rowsFilledInPlaceRenderAsNewCellsDo(_ renderer: any TableRenderer) {
    let (inPlace, fresh) = tables()
    let output = renderer.render(inPlace)
    #expect(output == renderer.render(fresh))
    #expect(output.contains("Zo"))
  }

  @Test(arguments: renderers)
  func aTableOverrideWinsInEveryFormatOnTheInPlacePath(_ renderer: any TableRenderer) {
    var representations = RepresentationRegistry()
    representations.register(Fee.self) { fee in Cell("ovr", values: ["ovr"]) }
    representations.register(Transfer.self) { transfer in
      Cell(transfer.payee, values: [.text("to " + transfer.payee)])
    }
    let (inPlace, fresh) = tables(representations)
    let output = renderer.render(inPlace)
    #expect(output == renderer.render(fresh))
    #expect(output.contains("ovr"))
    #expect(!output.contains("fee"))
    #expect(output.contains("to Zo"))
  }

  @Test func formatRepresentationsStillApplyWithoutAnOverride() {
    let (inPlace, _) = tables()
    #expect(MarkdownTableRenderer().render(inPlace).contains("text fee"))
    #expect(CSVTableRenderer().render(inPlace).contains("csv fee"))
    #expect(HTMLTableRenderer().render(inPlace).contains("html fee"))
  }
}
