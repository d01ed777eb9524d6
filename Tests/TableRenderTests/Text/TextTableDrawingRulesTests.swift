import TableKit
import TableRender
import Testing

/// Which rule a boxed table draws between two lines, and what a rule looks like, checked
/// without drawing a table.
@Suite struct TextTableDrawingRulesTests {
  private typealias Choice = TextTableDrawing.RuleChoice

  @Test func theBoxOpensBeforeTheFirstLine() {
    #expect(
      TextTableDrawing.rule(after: .nothing, before: .header)
        == Choice(edge: .top, above: false, below: true))
    #expect(
      TextTableDrawing.rule(after: .nothing, before: .row)
        == Choice(edge: .top, above: false, below: true))
    // A section title first: no column goes on below the top rule.
    #expect(
      TextTableDrawing.rule(after: .nothing, before: .spanning)
        == Choice(edge: .top, above: false, below: false))
  }

  @Test func aRuleClosesTheHeaderAndSurroundsSpanningLines() {
    #expect(
      TextTableDrawing.rule(after: .header, before: .row)
        == Choice(edge: .middle, above: true, below: true))
    #expect(
      TextTableDrawing.rule(after: .header, before: .spanning)
        == Choice(edge: .middle, above: true, below: false))
    #expect(
      TextTableDrawing.rule(after: .row, before: .spanning)
        == Choice(edge: .middle, above: true, below: false))
    #expect(
      TextTableDrawing.rule(after: .spanning, before: .row)
        == Choice(edge: .middle, above: false, below: true))
    #expect(
      TextTableDrawing.rule(after: .spanning, before: .spanning)
        == Choice(edge: .middle, above: false, below: false))
  }

  @Test func rowsFollowOneAnotherWithNoRule() {
    #expect(TextTableDrawing.rule(after: .row, before: .row) == nil)
  }

  @Test func theBoxClosesOnlyWhenSomethingWasDrawn() {
    #expect(TextTableDrawing.closingRule(after: .nothing) == nil)
    #expect(
      TextTableDrawing.closingRule(after: .row) == Choice(edge: .bottom, above: true, below: false))
    #expect(
      TextTableDrawing.closingRule(after: .spanning)
        == Choice(edge: .bottom, above: false, below: false))
  }

  /// Columns 3 and 1 wide with an accessory: each column with its two spaces, the accessory
  /// column 3 wide, and the join that says where the columns go on.
  @Test func aRuleRunsAcrossEveryColumnAndTheAccessory() throws {
    var metrics = TextColumnMetrics(count: 3)
    metrics.widths = [3, 0, 1]
    metrics.hasAccessory = true
    let geometry = TextTableGeometry(
      style: .light, metrics: metrics, alignments: [.automatic, .automatic, .automatic],
      maximumWidth: nil, overflow: .truncate, alignsDecimalPoints: false)
    let box = try #require(TextTableStyle.light.box)
    #expect(
      TextTableDrawing.ruleLine(
        box.top, Choice(edge: .top, above: false, below: true), geometry: geometry)
        == "┌─────┬───┬───┐")
    #expect(
      TextTableDrawing.ruleLine(
        box.middle, Choice(edge: .middle, above: true, below: true), geometry: geometry)
        == "├─────┼───┼───┤")
    #expect(
      TextTableDrawing.ruleLine(
        box.middle, Choice(edge: .middle, above: true, below: false), geometry: geometry)
        == "├─────┴───┴───┤")
    #expect(
      TextTableDrawing.ruleLine(
        box.bottom, Choice(edge: .bottom, above: false, below: false), geometry: geometry)
        == "└─────────────┘")
  }
}
