import Foundation
import Synchronization
import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct XLSXReportRendererTests {
  /// The sheet XML of `report` over `table`.
  private func sheet(_ report: Report, over table: TableView) throws -> String {
    let layout = try report.layout(for: table)
    let collector = ByteCollector()
    var sheet = XLSXReportSheet(layout: layout, sink: collector)
    let notes = try layout.walk(table) { sheet.draw($0) }
    sheet.finish(notes)
    return String(decoding: collector.bytes, as: UTF8.self)
  }

  /// The `<row r="N" …>…</row>` element of row `number`.
  private func row(_ number: Int, in xml: String) -> String {
    guard let start = xml.range(of: "<row r=\"\(number)\"") else { return "" }
    guard let end = xml[start.upperBound...].range(of: "</row>") else { return "" }
    return String(xml[start.lowerBound..<end.upperBound])
  }

  /// A table of one group, "A", with these rows and column titles.
  private func oneGroup(_ rows: [[CellValue]], columns: [String]) -> TableView {
    TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [TableSection("A", items: rows.map { Cell("", values: $0) })],
        columns: columns.map { ColumnDefinition($0) }))
  }

  private func count(_ needle: String, in xml: String) -> Int {
    xml.components(separatedBy: needle).count - 1
  }

  /// Title, subtitle and spanner merged; the pane frozen under the labels; the autofilter from
  /// the labels to the last subtotal; the merged cells after the autofilter, as the schema
  /// orders them.
  @Test func headerIsMergedFrozenAndFiltered() throws {
    let xml = try sheet(ReportFixture.report(), over: ReportFixture.table())
    #expect(
      xml.contains(
        #"<mergeCells count="3"><mergeCell ref="A1:C1"/><mergeCell ref="A2:C2"/><mergeCell ref="B3:C3"/></mergeCells>"#
      ))
    #expect(
      xml.contains(#"<pane ySplit="4" topLeftCell="A5" activePane="bottomLeft" state="frozen"/>"#))
    #expect(xml.contains(#"</sheetData><autoFilter ref="A4:C11"/><mergeCells"#))
    #expect(xml.contains(#"<sheetPr><outlinePr summaryBelow="1"/></sheetPr><sheetViews>"#))
    #expect(row(1, in: xml).contains(#"Sales &lt;2026&gt;"#))
    #expect(
      row(3, in: xml).contains(
        #"<c r="B3" s="5" t="inlineStr"><is><t>Money &amp; more</t>"#))
  }

  /// A group's rows are at outline level 1; its label and summaries are not.
  @Test func groupRowsAreOutlined() throws {
    let xml = try sheet(ReportFixture.report(), over: ReportFixture.table())
    #expect(row(5, in: xml).hasPrefix(#"<row r="5">"#))
    for number in [6, 7, 10] {
      #expect(row(number, in: xml).hasPrefix("<row r=\"\(number)\" outlineLevel=\"1\">"))
    }
    for number in [8, 9, 11, 12] { #expect(!row(number, in: xml).contains("outlineLevel")) }
  }

  /// Subtotals and the grand total are SUBTOTAL formulas over their rows with the exact value
  /// cached; a sum of no values is the missing text; the grand total spans every group.
  @Test func summariesAreFormulasWithExactCachedValues() throws {
    let xml = try sheet(ReportFixture.report(), over: ReportFixture.table())
    #expect(row(8, in: xml).contains("<f>SUBTOTAL(9,B6:B7)</f><v>4.50</v>"))
    #expect(row(8, in: xml).contains("<f>SUBTOTAL(9,C6:C7)</f><v>5</v>"))
    #expect(row(11, in: xml).contains("<f>SUBTOTAL(9,B10:B10)</f><v>1.25</v>"))
    #expect(row(11, in: xml).contains(#"<t>—</t>"#))
    #expect(row(12, in: xml).contains("<f>SUBTOTAL(9,B6:B11)</f><v>5.75</v>"))
    #expect(row(12, in: xml).contains("<f>SUBTOTAL(9,C6:C11)</f><v>5</v>"))
    #expect(count("<f>", in: xml) == 5)
  }

  /// Hostile text in a value, a group label and the notes stays a string cell.
  @Test func hostileTextStaysText() throws {
    let xml = try sheet(ReportFixture.report(), over: ReportFixture.table())
    #expect(
      row(7, in: xml).contains(#"t="inlineStr"><is><t>=cmd|' /C calc'!A0</t>"#)
    )
    #expect(row(9, in: xml).contains("&lt;b&gt;South&lt;/b&gt;"))
    #expect(xml.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(xml.contains("Source: the _x001B_[31mledger"))
  }

  /// A footnote mark is raised after a label; on a number it is a suffix of the number format,
  /// so the cell stays a number.
  @Test func footnoteMarks() throws {
    let xml = try sheet(ReportFixture.report(), over: ReportFixture.table())
    #expect(
      row(4, in: xml).contains(
        #"<r><t>amount</t></r><r><rPr><vertAlign val="superscript"/></rPr><t>1</t></r>"#
      ))
    let marked = row(7, in: xml)
    #expect(marked.contains("><v>-5.50</v></c>"))
  }

  /// Top summaries, custom aggregates, a column holding a value written as text, and a grand
  /// total over a value-only subtotal are values alone, never formulas.
  @Test func valueOnlySummaries() throws {
    let top = try sheet(ReportFixture.report(grandTop: true), over: ReportFixture.table())
    #expect(row(5, in: top).contains(#"<t>Total</t>"#))
    #expect(!row(5, in: top).contains("<f>"))
    #expect(row(5, in: top).contains("<v>5.75</v>"))

    let longest = CustomAggregate(initial: .integer(0)) { longest, value in
      .integer(max(longest.integerValue ?? 0, value.text.count))
    }
    let huge = ReportFixture.money("12345678901234567.89")
    let table = oneGroup([["x", huge, 1], ["yy", huge, 2]], columns: ["k", "m", "n"])
    let report = Report(
      summaries: [
        SummaryRow(
          label: "Sub", scope: .eachGroup,
          aggregates: [0: .custom(longest), 1: .sum, 2: .custom(longest)]),
        SummaryRow(label: "All", scope: .grand, aggregates: [1: .sum, 2: .sum]),
      ])
    let xml = try sheet(report, over: table)
    #expect(count("<f>", in: xml) == 0)
    // The 19-digit sum is text in the marker style; the grand total of column C is the sum of
    // its rows, but the subtotal above it is a custom value Excel's SUBTOTAL would add in.
    #expect(
      row(5, in: xml).contains(
        #"t="inlineStr"><is><t>EUR 24691357802469135.78"#))
    #expect(row(6, in: xml).contains("<v>3</v>"))
  }

  /// Mean, minimum, maximum and count use SUBTOTAL's function numbers 1, 5, 4 and 3.
  @Test func aggregatesChooseTheirFunction() throws {
    let table = oneGroup(
      [["a", 1, 5, 2, 7], ["b", 3, 6, 9, .empty]], columns: ["k", "p", "q", "r", "s"])
    let report = Report(summaries: [
      SummaryRow(
        label: "Sub", scope: .eachGroup,
        aggregates: [1: .mean, 2: .minimum, 3: .maximum, 4: .count])
    ])
    let xml = try sheet(report, over: table)
    let summary = row(5, in: xml)
    #expect(summary.contains("<f>SUBTOTAL(1,B3:B4)</f><v>2</v>"))
    #expect(summary.contains("<f>SUBTOTAL(5,C3:C4)</f><v>5</v>"))
    #expect(summary.contains("<f>SUBTOTAL(4,D3:D4)</f><v>9</v>"))
    #expect(summary.contains("<f>SUBTOTAL(3,E3:E4)</f><v>1</v>"))
  }

  /// Subtotals above their rows make the outline's summary row the one above.
  @Test func summariesAtTheTopPutTheOutlineButtonAbove() throws {
    var report = ReportFixture.report()
    report.summaries[0].placement = .top
    let xml = try sheet(report, over: ReportFixture.table())
    #expect(xml.contains(#"<outlinePr summaryBelow="0"/>"#))
  }

  /// A report's column formats become number formats: a currency without accounting, a number
  /// with one to three digits kept at the value's own, a percentage with one digit; counts
  /// stay General.
  @Test func columnFormatsBecomeNumberFormats() throws {
    let table = oneGroup(
      [
        [
          "a", .exactDecimal(try ExactDecimal("1.5")), ReportFixture.money("-3.25"),
          .percent(try ExactDecimal("0.125")),
        ],
        ["b", .exactDecimal(try ExactDecimal("2.12345")), .empty, .empty],
      ], columns: ["k", "n", "m", "p"])
    var report = Report(summaries: [
      SummaryRow(label: "Sub", scope: .eachGroup, aggregates: [2: .sum, 3: .count])
    ])
    report.columnFormats = [
      1: .number(fractionDigits: 1...3, grouping: false), 2: .currency("EUR"),
      3: .percent(fractionDigits: 1...1),
    ]
    let layout = try report.layout(for: table)
    let collector = ByteCollector()
    var sheet = XLSXReportSheet(layout: layout, sink: collector)
    _ = try layout.walk(table) { sheet.draw($0) }
    #expect(
      sheet.sheet.numberFormats == ["0.0", "\"€\"#,##0.00;-\"€\"#,##0.00", "#,##0.0%", "0.000"])
    let xml = try self.sheet(report, over: table)
    #expect(row(5, in: xml).contains("<f>SUBTOTAL(3,D3:D4)</f><v>1</v>"))
  }

  /// The renderer writes a ZIP archive and reports every value written as text to stay exact:
  /// two amounts, their subtotal and their grand total.
  @Test func rendererCountsInexactValues() throws {
    let huge = ReportFixture.money("12345678901234567.89")
    let table = oneGroup([["x", huge], ["y", huge]], columns: ["k", "m"])
    let report = Report(summaries: [
      SummaryRow(label: "Sub", scope: .eachGroup, aggregates: [1: .sum]),
      SummaryRow(label: "All", scope: .grand, aggregates: [1: .sum]),
    ])
    let counted = Mutex(0)
    let renderer = XLSXReportRenderer(report: report) { count in counted.withLock { $0 = count } }
    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    try renderer.renderReport(table, into: &output)
    output.flush()
    #expect(collector.bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
    #expect(counted.withLock { $0 } == 4)
  }

  /// A decimal counts in a summary as it is shown (0.125 to two digits), while its cell holds
  /// the double: a SUBTOTAL would add other numbers, so the subtotal and total are values.
  @Test func roundedDecimalsKeepSummariesValues() throws {
    let table = oneGroup(
      [["a", .decimal(0.125, fractionDigits: 2)], ["b", .decimal(1, fractionDigits: 2)]],
      columns: ["k", "d"])
    let report = Report(summaries: [
      SummaryRow(label: "Sub", scope: .eachGroup, aggregates: [1: .sum]),
      SummaryRow(label: "All", scope: .grand, aggregates: [1: .sum]),
    ])
    let xml = try sheet(report, over: table)
    #expect(row(3, in: xml).contains("<v>0.125</v>"))
    #expect(count("<f>", in: xml) == 0)
    #expect(row(5, in: xml).contains("<v>1.12</v>"))
  }
}
