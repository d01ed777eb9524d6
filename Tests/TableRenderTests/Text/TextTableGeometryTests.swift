import TableKit
import TableRender
import Testing

/// The layout decisions of the text grid, made once before the first line, checked on the value
/// itself: widths worked out by hand from the measured columns and the settings.
@Suite struct TextTableGeometryTests {
  /// Metrics of text columns `widths` wide, with an accessory column when `accessory` is set.
  private func textColumns(_ widths: [Int], accessory: Bool = false) -> TextColumnMetrics {
    var metrics = TextColumnMetrics(count: widths.count)
    metrics.widths = widths
    metrics.hasAccessory = accessory
    return metrics
  }

  private func geometry(
    _ metrics: TextColumnMetrics,
    style: TextTableStyle = .plain,
    maximumWidth: Int? = nil,
    overflow: TextOverflow = .truncate,
    alignsDecimalPoints: Bool = false,
    alignments: [ColumnDefinition.Alignment]? = nil
  ) -> TextTableGeometry {
    TextTableGeometry(
      style: style, metrics: metrics,
      alignments: alignments ?? Array(repeating: .automatic, count: metrics.widths.count),
      maximumWidth: maximumWidth, overflow: overflow, alignsDecimalPoints: alignsDecimalPoints)
  }

  @Test func clampsWidthsAndSpacingsSoNoArithmeticOverflows() {
    var style = TextTableStyle.plain
    style.gap = -5
    style.indent = Int.max
    let layout = geometry(textColumns([Int.max, -3, 4]), style: style)
    #expect(layout.widths == [1 << 20, 0, 4])
    #expect(layout.visible == [0, 2])
    #expect(layout.gap == 0)
    #expect(layout.indent == 1 << 20)
    #expect(layout.columnWidths == (1 << 20) + 4)
  }

  @Test func aTableWithNothingToShowKeepsOneNarrowColumn() {
    let empty = geometry(textColumns([0, 0, 0]), style: .grid)
    #expect(empty.widths == [1, 0, 0])
    #expect(empty.visible == [0])
    let noColumns = geometry(textColumns([]), style: .grid)
    #expect(noColumns.widths.isEmpty && noColumns.visible.isEmpty)
  }

  /// "1.5" and "100": whole parts up to 3 wide, fractions up to ".5" (2), so a column aligned
  /// on its point is 5 wide; unaligned, as wide as its widest number (3).
  @Test func aColumnAlignedOnItsPointIsAsWideAsItsNumbersBlock() {
    var metrics = TextColumnMetrics(count: 1)
    metrics.include(TextValueWidth(.decimal(1.5, fractionDigits: 1), tabWidth: 4), column: 0)
    metrics.include(TextValueWidth(.integer(100), tabWidth: 4), column: 0)
    #expect(metrics.widths == [3])
    #expect(geometry(metrics).widths == [3])
    #expect(geometry(metrics, alignsDecimalPoints: true).widths == [5])
  }

  /// The widest column gives up its width first.
  ///
  /// A grid of three columns has 10 columns of borders (`| ` … ` | ` … ` |`), so 45 leave 35
  /// for [10, 30, 5]: the widest gives up 10. Borderless with an accessory column, the indent
  /// (2), two gaps (4) and the accessory with its gap (3) leave 35 of 44.
  @Test func fitsTheMaximumWidthWidestColumnFirst() {
    let boxed = geometry(textColumns([10, 30, 5]), style: .grid, maximumWidth: 45)
    #expect(boxed.widths == [10, 20, 5])
    let plain = geometry(textColumns([10, 30, 5], accessory: true), maximumWidth: 44)
    #expect(plain.widths == [10, 20, 5])
    #expect(
      geometry(textColumns([10, 30, 5]), style: .grid, maximumWidth: 100).widths == [
        10, 30, 5,
      ])
  }

  /// Numbers are never cut: "-24000.00" keeps its 9 columns and the text column takes what is
  /// left of 20 less the borders of two columns (7): 4.
  @Test func aNumberColumnKeepsItsWidthUnderTheLimit() {
    var metrics = textColumns([0, 30])
    metrics.include(TextValueWidth(.decimal(-24_000, fractionDigits: 2), tabWidth: 4), column: 0)
    #expect(geometry(metrics, style: .grid, maximumWidth: 20).widths == [9, 4])
  }

  /// With no room at all a text column keeps one column, or two when text wraps (so a wide
  /// character always fits).
  @Test func wrappedTextKeepsTwoColumnsSoAWideCharacterFits() {
    #expect(geometry(textColumns([30]), style: .grid, maximumWidth: 1).widths == [1])
    #expect(
      geometry(textColumns([30]), style: .grid, maximumWidth: 1, overflow: .wrap).widths == [2])
  }

  /// A boxed line of [10, 20, 5] with an accessory: `| ` 10 ` | ` 20 ` | ` 5 ` | › |` is 49
  /// columns, 47 between the outer lines, 45 for a spanning line's text.
  @Test func aSpanningLineHasTheBoxsInnerWidthLessItsSpaces() {
    let layout = geometry(textColumns([10, 20, 5], accessory: true), style: .grid)
    #expect(layout.innerWidth == 47)
    #expect(layout.spanningWidth == 45)
    #expect(geometry(textColumns([]), style: .grid).spanningWidth == 1)
  }

  @Test func automaticColumnsPutNumbersRightAndTextLeft() {
    #expect(TextTableGeometry.placement(.automatic, isNumber: true) == .right)
    #expect(TextTableGeometry.placement(.automatic, isNumber: false) == .left)
    #expect(TextTableGeometry.placement(.center, isNumber: true) == .center)
    #expect(TextTableGeometry.placement(.left, isNumber: true) == .left)
  }

  /// A title over an automatic column goes where its values go; a value by its own kind.
  @Test func aTitleSitsOverItsColumnsValues() {
    var metrics = textColumns([5, 5])
    metrics.holdsNumbers = [true, false]
    let layout = geometry(metrics)
    let title = TextField(text: "n", tabWidth: 4)
    let number = TextField(.integer(7), tabWidth: 4)
    #expect(layout.placement(column: 0, piece: title, isHeader: true) == .right)
    #expect(layout.placement(column: 0, piece: title, isHeader: false) == .left)
    #expect(layout.placement(column: 0, piece: number, isHeader: false) == .right)
    #expect(layout.placement(column: 1, piece: title, isHeader: true) == .left)
  }

  /// Free space goes after, before, or split with the odd column after.
  @Test(arguments: [
    (TextTableGeometry.Placement.left, 6, 0, 4), (.center, 6, 2, 2), (.center, 7, 2, 3),
    (.right, 6, 4, 0), (.right, 1, 0, 0),
  ])
  func padsContentWithinItsColumn(
    placement: TextTableGeometry.Placement, width: Int, left: Int, right: Int
  ) {
    let padding = geometry(textColumns([width])).padding(
      contentWidth: min(2, width), number: nil, width: width, alignment: placement, column: 0)
    #expect(padding == (left, right))
  }

  /// In a column whose numbers are up to 3 wide before the point and 3 from it on, "1.5" gets
  /// 2 spaces before and 1 after; "100" in a column cut to 4 moves off the point by 2 to stay
  /// inside it.
  @Test func linesNumbersUpOnTheirPoint() {
    var metrics = textColumns([6])
    metrics.holdsNumbers = [true]
    metrics.wholeWidths = [3]
    metrics.fractionWidths = [3]
    let layout = geometry(metrics, alignsDecimalPoints: true)
    #expect(
      layout.padding(
        contentWidth: 3, number: (1, 2), width: 6, alignment: .right, column: 0) == (2, 1))
    #expect(
      layout.padding(
        contentWidth: 3, number: (3, 0), width: 4, alignment: .right, column: 0) == (0, 1))
    // Not aligned on the point: right-aligned in its 6 columns.
    #expect(
      geometry(metrics).padding(
        contentWidth: 3, number: (1, 2), width: 6, alignment: .right, column: 0) == (3, 0))
  }
}
