import TableKit
import TableRender
import Testing

/// An amount that shows itself with a currency sign in text, and as a plain number elsewhere.
private struct Fee: TableRepresentable, TextRepresentable {
  var cents: Int

  var tableCell: Cell {
    Cell("fee", values: [.text("fee"), .decimal(Double(cents) / 100, fractionDigits: 2)])
  }
  var textValues: [CellValue] { [.text("fee"), .text("€ \(cents / 100),\(cents % 100)")] }
}

@Suite struct TextRepresentationTests {
  private func render(_ items: [Any], representations: RepresentationRegistry = .init()) -> String {
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection(items: items)],
      columns: [ColumnDefinition("what"), ColumnDefinition("amount")],
      representations: representations)
    return TextTableRenderer(style: .compact).render(TableView(dataSource: dataSource))
  }

  @Test func textRenderersUseTheTypesTextRepresentation() {
    #expect(render([Fee(cents: 1250)]) == "what amount\n---- -------\nfee  € 12,50\n")
    let markdown = MarkdownTableRenderer().render(
      TableView(
        dataSource: SectionedDataSource<Any>(
          items: [Fee(cents: 1250)],
          columns: [ColumnDefinition("what"), ColumnDefinition("amount")])))
    #expect(markdown.contains("| fee | € 12,50 |"))
  }

  @Test func otherFormatsKeepTheGenericCell() {
    let table = TableView(
      dataSource: SectionedDataSource<Any>(
        items: [Fee(cents: 1250)], columns: [ColumnDefinition("what"), ColumnDefinition("amount")]))
    #expect(CSVTableRenderer(lineEnding: .lf).render(table) == "what,amount\nfee,12.50\n")
  }

  @Test func optionalValuesAreLookedInside() {
    let wrapped: Fee? = Fee(cents: 5)
    let text = render([wrapped as Any])
    #expect(text.hasSuffix("fee  € 0,5\n"))
  }

  @Test func aTableOverrideWinsOverTheTextRepresentation() {
    var representations = RepresentationRegistry()
    representations.register(Fee.self) { fee in Cell("", values: ["override", .integer(fee.cents)])
    }
    #expect(
      render([Fee(cents: 7)], representations: representations).hasSuffix("override      7\n"))
  }
}
