import Foundation
import TableKit
import TableRender
import Testing

@Suite struct TextTableRendererTests {
  private let table = makePaymentsTable([
    (
      "Open",
      [
        Payment(payee: "Acme", cents: 125_000, isOpen: true),
        Payment(payee: "Zoë Café", cents: -499, isOpen: true),
      ]
    ),
    ("Settled", [Payment(payee: "Blue Harbor Inc.", cents: 7, isOpen: false)]),
  ])

  @Test func rendersTitleHeaderSectionsAndRows() {
    let lines = TextTableRenderer(title: "Payments").render(table).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Payments")
    #expect(lines.contains("Open"))
    #expect(lines.contains("Settled"))
    #expect(lines.contains { $0.hasPrefix("  Payee") && $0.hasSuffix("Amount  Open") })
    #expect(lines.last == "")
  }

  @Test func alignsColumnsNumbersRightTextLeft() {
    let rows = TextTableRenderer().render(table).split(separator: "\n").filter {
      $0.hasPrefix("  ")
    }
    // Header, rule and three data rows.
    #expect(rows.count == 5)
    let data = rows.dropFirst(2).map(String.init)
    // Text columns start at the same place; numbers end at the same place.
    let amountEnds = data.map { line in
      line.distance(
        from: line.startIndex,
        to: line.range(of: "\\.[0-9]{2}", options: .regularExpression)?.upperBound
          ?? line.startIndex)
    }
    #expect(Set(amountEnds).count == 1, "amounts end in one column: \(data)")
    let flagStarts = data.map { line in
      line.distance(
        from: line.startIndex,
        to: (line.range(of: "true") ?? line.range(of: "false"))?.lowerBound ?? line.startIndex)
    }
    #expect(Set(flagStarts).count == 1, "booleans start in one column: \(data)")
    #expect(data[0].contains("  1250.00  "))
    #expect(data[1].contains("    -4.99  "))
    #expect(data[2].contains("     0.07  "))
  }

  /// A row whose plain line's budget (524 bytes here) is larger than a block of 256 is stored
  /// aside and copied: it arrives whole, the same as through a large block.
  @Test func aRowWhoseBudgetPassesABlockIsDrawnWhole() {
    let payee = String(repeating: "Payee ", count: 16) + "Zoë"
    let wide = makePaymentsTable([
      (nil, [Payment(payee: payee, cents: 125_000, isOpen: true)])
    ])
    let sink = ChunkRecordingSink()
    var output = OutputBuffer(sink: sink, chunkSize: 256)
    TextTableRenderer().render(wide, into: &output)
    output.flush()
    // The indent, the payee (99 columns), gaps of two, the amount, the flag, the marker.
    #expect(sink.text.contains("\n  " + payee + "  1250.00  true  ›\n"))
    #expect(sink.text == TextTableRenderer().render(wide))
    #expect(sink.brokenChunks == 0)
  }

  @Test func marksRowsThatLeadDeeper() {
    let rows = TextTableRenderer().render(table).split(separator: "\n")
    #expect(rows.filter { $0.hasSuffix("›") }.count == 2)
    #expect(rows.contains { $0.contains("Blue Harbor") && !$0.hasSuffix("›") })
  }

  @Test func tablesWithoutColumnsShowTextAndDetailWithoutAHeader() {
    let dataSource = SectionedDataSource<Any>(sections: [
      TableSection("Phone", items: [Cell("+44 20 7946 0018", detail: "work")]),
      TableSection("Notes", footer: "2 notes", items: ["plain string", 42]),
    ])
    let text = TextTableRenderer().render(TableView(dataSource: dataSource))
    #expect(
      text == """
        Phone
          +44 20 7946 0018  work

        Notes
          plain string
          42
          2 notes

        """)
  }

  @Test(arguments: Hostile.strings)
  func neverEmitsControlCharacters(_ hostile: String) {
    let text = TextTableRenderer(title: hostile).render(
      makePaymentsTable([(hostile, [Payment(payee: hostile, cents: 1, isOpen: false)])]))
    let forbidden = text.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
    #expect(forbidden.isEmpty, "raw control characters: \(forbidden.map(\.value))")
  }

  @Test func showsControlCharactersVisibly() {
    let text = TextTableRenderer().render(
      makePaymentsTable([
        (nil, [Payment(payee: "\u{1B}[31mred \u{202E}x \u{9B}", cents: 0, isOpen: false)])
      ]))
    #expect(text.contains("^[[31mred \\u{202E}x \\u{9B}"))
  }
}
