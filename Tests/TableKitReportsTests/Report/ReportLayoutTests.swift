import TableKit
import TableKitReports
import Testing

@Suite struct ReportLayoutTests {
  static func table(columns: Int = 5, sections: [[[CellValue]]] = [[[1, 2, 3, 4, 5]]]) -> TableView
  {
    TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: sections.enumerated().map { index, rows in
          TableSection("G\(index)", items: rows.map { Cell("", values: $0) })
        },
        columns: (0..<columns).map { ColumnDefinition("c\($0)") }))
  }

  @Test func nestedSpannersStackByDepthAndEveryRowCoversEveryColumn() throws {
    let report = Report(spanners: [
      ColumnSpanner("inner", columns: 1..<3), ColumnSpanner("outer", columns: 0..<4),
      ColumnSpanner("same", columns: 1..<3), ColumnSpanner("side", columns: 4..<5),
    ])
    let layout = try report.layout(for: Self.table())
    let rows = layout.headerRows.map { $0.map { "\($0.label)\($0.columns)" } }
    #expect(
      rows == [
        ["outer0..<4", "4..<5"],
        ["0..<1", "same1..<3", "3..<4", "4..<5"],
        ["0..<1", "inner1..<3", "3..<4", "side4..<5"],
        ["c00..<1", "c11..<2", "c22..<3", "c33..<4", "c44..<5"],
      ])
  }

  @Test func aSummaryMeanShowsTheColumnFormatsDigits() throws {
    let table = Self.table(columns: 2, sections: [[["a", 2], ["b", 3]]])
    let report = Report(
      summaries: [SummaryRow(label: "Mean", scope: .grand, aggregates: [1: .mean])],
      columnFormats: [1: .number(fractionDigits: 2...2)],
      locale: try ReportLocale(identifier: "de_DE"))
    var means: [String] = []
    _ = try report.layout(for: table).walk(table) { part in
      if case .summary(let summary) = part { means.append(summary.cells[1].text) }
    }
    // The exact 2.5 in the column's two digits (it was 2 rounded at the values' scale: "2,00").
    #expect(means == ["2,50"])
  }

  @Test func crossingSpannersAreRefusedWithBothNamed() {
    let report = Report(spanners: [
      ColumnSpanner("Money", columns: 1..<3), ColumnSpanner("Prices", columns: 2..<4),
    ])
    #expect(
      throws: ReportError.spannersCross(
        first: "Money", firstColumns: 1..<3, second: "Prices", secondColumns: 2..<4)
    ) {
      try report.layout(for: Self.table())
    }
    #expect(throws: ReportError.emptySpanner(label: "x")) {
      try Report(spanners: [ColumnSpanner("x", columns: 2..<2)]).layout(for: Self.table())
    }
    #expect(throws: ReportError.columnOutOfRange(part: "summary \"T\"", column: 7, columnCount: 5))
    {
      try Report(summaries: [SummaryRow(label: "T", scope: .grand, aggregates: [7: .sum])])
        .layout(for: Self.table())
    }
  }

  @Test func footnoteMarksFollowReadingOrderNotTheOrderGiven() throws {
    let table = Self.table(sections: [[[1, 2, 3, 4, 5]], [[6, 7, 8, 9, 10]]])
    var report = Report(title: "T", spanners: [ColumnSpanner("S", columns: 0..<2)])
    report.footnotes = [
      Footnote("on a cell", on: .cell(TablePosition(section: 1, row: 0), column: 2)),
      Footnote("on group 1", on: .group(1)),
      Footnote("on column 3", on: .column(3)),
      Footnote("on the spanner", on: .spanner(0)),
      Footnote("on the title", on: .title),
      Footnote("on column 3", on: .column(1)),
    ]
    report.footnoteMarks = .symbols
    let layout = try report.layout(for: table)
    #expect(layout.titleMarks == ["*"])
    #expect(layout.headerRows[0][0].marks == ["†"])
    #expect(layout.headerRows[1][1].marks == ["‡"])
    #expect(layout.headerRows[1][3].marks == ["‡"])
    #expect(layout.footnotes.map(\.mark) == ["*", "†", "‡", "§", "¶"])
    #expect(
      layout.footnotes.map(\.text) == [
        "on the title", "on the spanner", "on column 3", "on group 1", "on a cell",
      ])
    var marked: [String] = []
    _ = try layout.walk(table) { part in
      switch part {
      case .groupStart(let group): marked += group.marks
      case .row(_, let cells): marked += cells.flatMap(\.marks)
      default: break
      }
    }
    #expect(marked == ["§", "¶"])
    #expect(FootnoteMarks.symbols.mark(at: 7) == "††")
    #expect(throws: ReportError.footnoteTargetMissing(footnote: 0)) {
      try Report(footnotes: [Footnote("x", on: .group(9))]).layout(for: table)
    }
  }

  @Test func summariesStandWhereTheyArePlaced() throws {
    let table = Self.table(columns: 2, sections: [[["a", 1], ["b", 2]], [["c", 3]]])
    let report = Report(summaries: [
      SummaryRow(label: "Top", scope: .eachGroup, placement: .top, aggregates: [1: .sum]),
      SummaryRow(label: "Bottom", scope: .eachGroup, aggregates: [1: .count]),
      SummaryRow(label: "Grand", scope: .grand, placement: .top, aggregates: [1: .sum]),
      SummaryRow(label: "End", scope: .grand, aggregates: [1: .maximum]),
    ])
    var lines: [String] = []
    _ = try report.layout(for: table).walk(table) { part in
      switch part {
      case .groupStart(let group): lines.append("[\(group.label ?? "")")
      case .row(_, let cells): lines.append(cells.map(\.text).joined(separator: " "))
      case .summary(let summary): lines.append(summary.cells.map(\.text).joined(separator: " "))
      case .groupEnd: lines.append("]")
      }
    }
    #expect(
      lines == [
        "Grand 6", "[G0", "Top 3", "a 1", "b 2", "Bottom 2", "]", "[G1", "Top 3", "c 3", "Bottom 1",
        "]", "End 3",
      ])
  }
}
