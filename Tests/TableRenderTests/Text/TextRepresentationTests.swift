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

/// A row class with no text representation of its own.
private class Entry: TableRepresentable {
  var tableCell: Cell { Cell("base", values: [.text("base"), .text("plain")]) }
}

/// A subclass that has one: its rows show it even where they are held as an ``Entry``.
private final class ShownEntry: Entry, TextRepresentable {
  var textValues: [CellValue] { [.text("sub"), .text("shown")] }
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

  @Test func aSubclassHeldAsItsBaseClassShowsItsOwnRepresentation() {
    // Every row is made into `Any` from the type `Entry`: the memo of which types conform must
    // go by each value's own class, not by the type the row was stored as.
    let entries: [Entry] = [Entry(), ShownEntry(), Entry(), ShownEntry()]
    let expected = "what amount\n---- ------\nbase plain\nsub  shown\nbase plain\nsub  shown\n"
    #expect(render(entries.map { $0 as Any }) == expected)
    // Rows of a struct before and after the classes keep their own answer.
    let mixed: [Any] = [Fee(cents: 1250), Entry(), Fee(cents: 1250), ShownEntry(), Fee(cents: 1)]
    #expect(
      render(mixed)
        == "what amount\n---- -------\nfee  € 12,50\nbase plain\nfee  € 12,50\nsub  shown\nfee  € 0,1\n"
    )
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
