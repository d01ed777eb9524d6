import TableKit
import TableRender
import Testing

/// Rules of the text layout, each checked against output worked out by hand.
@Suite struct TextLayoutRulesTests {
  private func singleColumn(_ values: [CellValue], title: String = "n") -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        items: values.map { Cell("", values: [$0]) }, columns: [ColumnDefinition(title)]))
  }

  @Test func alignsDecimalPoints() {
    let table = singleColumn([
      .decimal(1.5, fractionDigits: 1), .decimal(12.25, fractionDigits: 2), .integer(-3),
      .decimal(100, fractionDigits: 0),
    ])
    let text = TextTableRenderer(alignsDecimalPoints: true).render(table)
    // Whole parts up to 3 wide, fractions up to ".25" (3): a block of 6, right-aligned after
    // the 2-space indent. "1.5" gets 2 spaces before (3 - 1) and 1 after (3 - 2).
    let expected = ["       n", "  ------", "    1.5", "   12.25", "   -3", "  100", ""]
    #expect(text == expected.joined(separator: "\n"))
  }

  /// The widths measured without formatting agree with the formatted text, at every digit
  /// count and past 64 bits, where the measurement switches to 128-bit arithmetic.
  @Test func numberWidthsMatchTheirFormattedText() {
    var values: [CellValue] = [.integer(0), .integer(Int.min), .integer(Int.max)]
    var power = 1.0
    for _ in 0..<40 {
      power *= 10
      values += [
        .decimal(power - 1, fractionDigits: 2), .decimal(-power, fractionDigits: 3),
        .decimal(power * 1.5, fractionDigits: 0), .decimal(0.5 / power, fractionDigits: 6),
      ]
    }
    for value in values {
      let parts = NumberWidth.parts(of: value)
      let text = value.text
      // Past 1e38 units a decimal is written as its description ("1.5e+40"), measured whole.
      guard text.allSatisfy({ "-0123456789.".contains($0) }) else {
        #expect(parts.whole == text.count && parts.fraction == 0, "\(text)")
        continue
      }
      let point = text.firstIndex(of: ".") ?? text.endIndex
      #expect(parts.whole == text[..<point].count, "\(text)")
      #expect(parts.fraction == text[point...].count, "\(text)")
    }
  }

  /// A decimal the measuring pass skips would not have changed the column: checked against
  /// measuring it, around the rounding edges (…9.995 with two digits rounds up a digit).
  @Test func skippedDecimalsWouldNotWidenTheirColumn() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var skipped = 0
    for seed in [0.5, -7.25, 99.5, 12_345.678, -0.001] {
      var metrics = TextColumnMetrics(count: 1)
      metrics.include(TextValueWidth(.decimal(seed, fractionDigits: 2), tabWidth: 4), column: 0)
      for _ in 0..<5_000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let scale = [1.0, 10, 100, 1_000, 100_000][Int(state >> 61) % 5]
        let edge = [0.0, 0.005, 0.0049999, -0.005][Int(state >> 59) % 4]
        let value = (Double(Int64(bitPattern: state) >> 40) / 1e6 * scale).rounded() / scale + edge
        let digits = Int(state >> 56) % 4
        guard metrics.alreadyHolds(decimal: value, fractionDigits: digits, column: 0) else {
          continue
        }
        skipped += 1
        var measured = metrics
        let size = TextValueWidth(.decimal(value, fractionDigits: digits), tabWidth: 4)
        measured.include(size, column: 0)
        #expect(measured.widths == metrics.widths, "\(value) \(digits)")
        #expect(measured.wholeWidths == metrics.wholeWidths, "\(value) \(digits)")
        #expect(measured.fractionWidths == metrics.fractionWidths, "\(value) \(digits)")
      }
    }
    #expect(skipped > 1_000)
  }

  /// An integer the measuring pass skips would not have changed the column, at every power of
  /// ten and its neighbours.
  @Test func skippedIntegersWouldNotWidenTheirColumn() {
    var numbers = [0, 1, -1, 9, -9, Int.max, Int.min]
    var power = 1
    while power <= Int.max / 10 {
      power *= 10
      numbers += [power - 1, power, power + 1, -(power - 1), -power]
    }
    var skipped = 0
    for seed in numbers {
      var metrics = TextColumnMetrics(count: 1)
      metrics.include(TextValueWidth(.integer(seed), tabWidth: 4), column: 0)
      for number in numbers where metrics.alreadyHolds(integer: number, column: 0) {
        skipped += 1
        var measured = metrics
        measured.include(TextValueWidth(.integer(number), tabWidth: 4), column: 0)
        #expect(measured.widths == metrics.widths, "\(seed) then \(number)")
        #expect(measured.wholeWidths == metrics.wholeWidths, "\(seed) then \(number)")
      }
    }
    #expect(skipped > 500)
  }

  @Test func alignsNumbersRightWithoutDecimalAlignment() {
    let table = singleColumn([.decimal(1.5, fractionDigits: 1), .decimal(12.25, fractionDigits: 2)])
    #expect(TextTableRenderer().render(table) == "      n\n  -----\n    1.5\n  12.25\n")
  }

  @Test func centersWhenAsked() {
    let table = TableView(
      dataSource: SectionedDataSource<Any>(
        items: [Cell("", values: ["ab"]), Cell("", values: ["abcdef"])],
        columns: [ColumnDefinition("t", alignment: .center)]))
    // Width 6: "t" leaves 5 free, 2 go left and 3 right (trimmed); "ab" leaves 4, 2 and 2.
    #expect(TextTableRenderer().render(table) == "    t\n  ------\n    ab\n  abcdef\n")
  }

  @Test(arguments: [
    ("a\tb", "a   b"), ("ab\tc", "ab  c"), ("abcd\te", "abcd    e"), ("\tx", "    x"),
  ])
  func expandsTabsToStops(input: String, expected: String) {
    #expect(
      TextTableRenderer(tabWidth: 4).render(singleColumn([.text(input)], title: ""))
        == "  \(expected)\n")
  }

  @Test func breaksLinesAtLineFeedsAndShowsLoneCarriageReturns() {
    let text = TextTableRenderer().render(
      singleColumn([.text("one\r\ntwo\nthree\rfour")], title: ""))
    #expect(text == "  one\n  two\n  three^Mfour\n")
  }

  @Test func fixedWidthsTruncateWithoutMeasuring() {
    let table = singleColumn([.text("abcdefgh"), .text("ab")], title: "")
    let text = TextTableRenderer(sizing: .fixed([5])).render(table)
    #expect(text == "  abcd…\n  ab\n")
  }

  @Test func aSampleSizesColumnsAndLaterWideRowsAreCut() {
    let table = singleColumn([.text("abc"), .text("abcdefgh")], title: "")
    #expect(TextTableRenderer(sizing: .measureFirstRows(1)).render(table) == "  abc\n  ab…\n")
    #expect(
      TextTableRenderer(overflow: .wrap, sizing: .measureFirstRows(1)).render(table)
        == "  abc\n  abc\n  def\n  gh\n")
  }

  @Test func wrapsAtSpacesAndBreaksLongWords() {
    #expect(TextFitting.wrap("call back on monday", to: 9) == ["call back", "on monday"])
    #expect(TextFitting.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    #expect(TextFitting.wrap("日本語テキスト", to: 5) == ["日本", "語テ", "キス", "ト"])
    #expect(TextFitting.truncate("日本語テキスト", to: 6) == "日本…")
  }

  @Test func shrinksTheWidestColumnsFirst() {
    #expect(WidthFitting.fit([10, 30, 5], minimums: [1, 1, 1], available: 35) == [10, 20, 5])
    #expect(WidthFitting.fit([10, 30, 5], minimums: [1, 1, 1], available: 21) == [8, 8, 5])
    #expect(WidthFitting.fit([10, 30, 5], minimums: [1, 1, 5], available: 3) == [1, 1, 5])
  }

  @Test func numbersAreNeverCutEvenWhenTheLimitIsTooSmall() {
    // Borders (14) + the widest amount (9) + one column each for the two text columns = 25.
    let lines = TextTableRenderer(style: .grid, maximumWidth: 20).render(makeMixedLedger())
      .split(separator: "\n")
    #expect(lines.contains { $0.contains("| -24000.00 |") })
    #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 25 })
  }

  @Test(arguments: [30, 40, 52, 80])
  func everyLineFitsTheMaximumWidth(width: Int) {
    for style in [TextTableStyle.plain, .compact, .grid, .rounded] {
      for overflow in [TextOverflow.truncate, .wrap] {
        let text = TextTableRenderer(
          title: "A long title that must be cut too", style: style, maximumWidth: width,
          overflow: overflow
        )
        .render(makeMixedLedger())
        for line in text.split(separator: "\n") {
          #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
      }
    }
  }

  @Test func boxedLinesAllHaveTheSameWidth() {
    for style in [TextTableStyle.grid, .light, .double] {
      let widths = Set(
        TextTableRenderer(style: style).render(makeMixedLedger()).split(separator: "\n").map {
          DisplayWidth.of(String($0))
        })
      #expect(widths.count == 1, "\(widths)")
    }
  }
}
