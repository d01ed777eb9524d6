import TableKit
import TableRender
import Testing

/// Golden files of the mixed ledger in every style, each checked by eye when recorded.
@Suite struct TextTableStyleSnapshotTests {
  static let styles: [(String, TextTableStyle)] = [
    ("plain", .plain), ("compact", .compact), ("grid", .grid), ("light", .light),
    ("rounded", .rounded), ("heavy", .heavy), ("double", .double),
  ]

  @Test(arguments: styles.map(\.0))
  func rendersTheMixedLedger(style name: String) throws {
    let style = try #require(Self.styles.first { $0.0 == name }?.1)
    let text = TextTableRenderer(title: "Ledger", style: style).render(makeMixedLedger())
    assertSnapshot(text, named: name, extension: "txt")
  }

  @Test func fitsANarrowTerminalByWrapping() {
    let text = TextTableRenderer(style: .rounded, maximumWidth: 40, overflow: .wrap)
      .render(makeMixedLedger())
    assertSnapshot(text, named: "rounded-wrapped-40", extension: "txt")
  }

  @Test func fitsANarrowTerminalByTruncating() {
    let text = TextTableRenderer(style: .grid, maximumWidth: 36, alignsDecimalPoints: true)
      .render(makeMixedLedger())
    assertSnapshot(text, named: "grid-truncated-36", extension: "txt")
  }
}
