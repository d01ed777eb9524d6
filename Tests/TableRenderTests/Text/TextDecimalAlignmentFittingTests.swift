import TableKit
import TableRender
import Testing

/// With decimal points lined up and widths taken from a sample, a later number that does not
/// fit the sampled column stays inside it: moved off the point when it fits the column, cut or
/// wrapped when it is wider.
@Suite struct TextDecimalAlignmentFittingTests {
  /// Two sampled rows, then numbers wider on either side of the point, or both.
  private static let values: [CellValue] = [
    .decimal(1.5, fractionDigits: 1), .decimal(2.25, fractionDigits: 2),
    .integer(123), .decimal(12_345.5, fractionDigits: 1), .decimal(-0.125, fractionDigits: 3),
    .integer(-98_765_432), .decimal(7, fractionDigits: 0),
  ]

  private func table() -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: Self.values.map { Cell("", values: [.text("r"), $0, .text("z")]) },
        columns: [ColumnDefinition("id"), ColumnDefinition("n"), ColumnDefinition("z")]))
  }

  private func render(style: TextTableStyle, overflow: TextOverflow) -> [String] {
    TextTableRenderer(
      style: style, overflow: overflow, sizing: .measureFirstRows(2), alignsDecimalPoints: true
    )
    .render(table()).split(separator: "\n").map(String.init)
  }

  @Test(arguments: TextTableStyleSnapshotTests.styles.map(\.0), [TextOverflow.truncate, .wrap])
  func laterNumbersStayInsideTheirColumn(style name: String, overflow: TextOverflow) throws {
    let style = try #require(TextTableStyleSnapshotTests.styles.first { $0.0 == name }?.1)
    let lines = render(style: style, overflow: overflow)
    let widths = lines.map { DisplayWidth.of($0) }
    // The header line is as wide as the table: nothing is drawn past it.
    let header = try #require(lines.first { $0.contains(" n ") || $0.hasSuffix(" n") })
    let tableWidth = DisplayWidth.of(header)
    if style.box != nil {
      #expect(Set(widths).count == 1, "\(name) \(overflow):\n\(lines.joined(separator: "\n"))")
    } else {
      #expect(widths.allSatisfy { $0 <= tableWidth }, "\(name):\n\(lines.joined(separator: "\n"))")
    }
  }

  @Test func aNumberThatFitsTheColumnIsMovedNotCut() {
    let lines = render(style: .grid, overflow: .truncate)
    // The sample makes the column 4 wide: one digit, the point and two digits.
    #expect(lines.contains("| r  | 1.5  | z |   |"))
    #expect(lines.contains("| r  | 2.25 | z |   |"))
    // 123 fits the column but not its point: it keeps its digits and moves left of the fraction
    // space, as little as it must.
    #expect(lines.contains("| r  | 123  | z |   |"))
    #expect(lines.contains("| r  | 7    | z |   |"))
  }

  @Test func aNumberWiderThanTheColumnIsCutOrWrapped() {
    let cut = render(style: .grid, overflow: .truncate)
    #expect(cut.contains("| r  | 123… | z |   |"))
    #expect(cut.contains("| r  | -0.… | z |   |"))
    #expect(cut.contains("| r  | -98… | z |   |"))
    let wrapped = render(style: .grid, overflow: .wrap)
    let expected = [
      "| r  | 1234 | z |   |", "|    | 5.5  |   |   |", "| r  | -0.1 | z |   |",
      "|    | 25   |   |   |", "| r  | -987 | z |   |", "|    | 6543 |   |   |",
      "|    | 2    |   |   |",
    ]
    for line in expected { #expect(wrapped.contains(line), "\(wrapped.joined(separator: "\n"))") }
  }
}
