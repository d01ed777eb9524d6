import Foundation
import TableKit
import TableRender
import Testing

/// Exact decimals against Python's `decimal` module: `Fixtures/exact-decimals.tsv`, written by
/// `Scripts/decimal-fixture.py` (CI regenerates it and checks it is unchanged).
@Suite struct ExactDecimalRenderingTests {
  struct Case {
    var input: String
    /// Python's plain notation, zero unsigned; `nil` when the number must be refused.
    var expected: String?
    var location: String
  }

  /// One row of one amount.
  struct Amount: TableRepresentable {
    var value: CellValue
    var tableCell: Cell { Cell(value.text, values: [value]) }
  }

  static func cases() throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Numbers
      .deletingLastPathComponent()  // TableRenderTests
      .appendingPathComponent("Fixtures")
      .appendingPathComponent("exact-decimals.tsv")
    let contents = try String(contentsOf: url, encoding: .utf8)
    var cases: [Case] = []
    for (index, line) in contents.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      try #require(fields.count == 2, "malformed line \(index + 1): \(line)")
      cases.append(
        Case(
          input: String(fields[0]), expected: fields[1] == "error" ? nil : String(fields[1]),
          location: "exact-decimals.tsv:\(index + 1)"))
    }
    return cases
  }

  /// The fixture's numbers that fit, as cell values, with what Python writes for each.
  static func acceptedValues() throws -> [(value: CellValue, expected: String)] {
    try cases().compactMap { item in
      guard let expected = item.expected else { return nil }
      return (CellValue.exactDecimal(try ExactDecimal(item.input)), expected)
    }
  }

  static func table(of values: [CellValue]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        sections: [TableSection(nil, items: values.map { Amount(value: $0) })],
        columns: [ColumnDefinition("Amount")]))
  }

  @Test func parsingMatchesPythonsDecimalModule() throws {
    let cases = try Self.cases()
    #expect(cases.count > 6000)
    var refused = 0
    for item in cases {
      if let expected = item.expected {
        let number = try ExactDecimal(item.input)
        #expect(number.description == expected, "\(item.location): \(item.input)")
        #expect(CellValue.exactDecimal(number).text == expected, "\(item.location)")
      } else {
        refused += 1
        #expect(throws: ExactDecimalError.self, "\(item.location): \(item.input)") {
          try ExactDecimal(item.input)
        }
      }
    }
    #expect(refused > 100, "the fixture should hold numbers past the limits")
  }

  @Test func foundationDecimalsKeepTheirValue() throws {
    for item in try Self.cases() {
      guard let expected = item.expected, let decimal = Decimal(string: item.input) else {
        continue
      }
      // Foundation reads at most 38 digits exactly; beyond that it rounds, so skip those.
      guard expected.filter(\.isNumber).drop(while: { $0 == "0" }).count <= 38 else { continue }
      let number = try ExactDecimal(decimal)
      #expect(number.numericallyEquals(try ExactDecimal(expected)), "\(item.location)")
    }
  }

  @Test func csvWritesEveryDigit() throws {
    let accepted = try Self.acceptedValues()
    let csv = CSVTableRenderer(lineEnding: .lf).render(Self.table(of: accepted.map(\.value)))
    let fields = csv.split(separator: "\n").dropFirst().map(String.init)
    #expect(fields == accepted.map(\.expected))
  }

  @Test func markdownWritesEveryDigit() throws {
    let accepted = try Self.acceptedValues()
    let markdown = MarkdownTableRenderer().render(Self.table(of: accepted.map(\.value)))
    let cells = markdown.split(separator: "\n").dropFirst(2).map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "| "))
    }
    #expect(cells == accepted.map(\.expected))
  }

  @Test func htmlWritesEveryDigit() throws {
    let accepted = try Self.acceptedValues()
    let html = HTMLTableRenderer(mode: .fragment).render(Self.table(of: accepted.map(\.value)))
    var cells: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<td"), let close = rest[open.upperBound...].range(of: "</td>")
    {
      let cell = rest[open.upperBound..<close.lowerBound]
      cells.append(
        String(cell[(cell.firstIndex(of: ">").map { cell.index(after: $0) } ?? cell.startIndex)...])
      )
      rest = rest[close.upperBound...]
    }
    #expect(cells == accepted.map(\.expected))
  }

  @Test(arguments: [false, true])
  func textWritesEveryDigitAligned(alignsDecimalPoints: Bool) throws {
    let accepted = try Self.acceptedValues()
    let text = TextTableRenderer(alignsDecimalPoints: alignsDecimalPoints)
      .render(Self.table(of: accepted.map(\.value)))
    let lines = text.split(separator: "\n").dropFirst(2).map(String.init)
    #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) } == accepted.map(\.expected))
    if alignsDecimalPoints {
      // Every point sits in one column; numbers without one end just before it.
      let points = Set(
        zip(lines, accepted).map { line, item in
          line.count - item.expected.count
            + (item.expected.firstIndex(of: ".").map {
              item.expected.distance(from: item.expected.startIndex, to: $0)
            } ?? item.expected.count)
        })
      #expect(points.count == 1)
    } else {
      #expect(Set(lines.map(\.count)).count == 1, "right-aligned: every line ends in one column")
    }
  }
}
