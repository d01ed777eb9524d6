import TableKit
import TableKitReports

/// A small sales report for the renderer tests: two regions, money in euros, a hostile label.
enum ReportFixture {
  static func money(_ text: String) -> CellValue {
    (try? ExactDecimal(text)).flatMap { Money($0, currency: "EUR") }.map(CellValue.money) ?? .empty
  }

  static func table() -> TableView {
    TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection(
            "North",
            items: [
              Cell("", values: ["Oslo", money("10.00"), 2]),
              Cell("", values: ["=cmd|' /C calc'!A0", money("-5.50"), 3]),
            ]),
          TableSection("<b>South</b>", items: [Cell("", values: ["Rome", money("1.25"), .empty])]),
        ],
        columns: [ColumnDefinition("city"), ColumnDefinition("amount"), ColumnDefinition("qty")]))
  }

  static func report(grandTop: Bool = false) -> Report {
    Report(
      title: "Sales <2026>", subtitle: "By region",
      spanners: [ColumnSpanner("Money & more", columns: 1..<3)],
      summaries: [
        SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [1: .sum, 2: .sum]),
        SummaryRow(
          label: "Total", scope: .grand, placement: grandTop ? .top : .bottom,
          aggregates: [1: .sum, 2: .sum]),
      ],
      footnotes: [
        Footnote("Excluding VAT", on: .column(1)),
        Footnote("<script>alert(1)</script>", on: .group(1)),
        Footnote("Estimate", on: .cell(TablePosition(section: 0, row: 1), column: 1)),
      ],
      sourceNotes: ["Source: the \u{1B}[31mledger"])
  }

  /// A report over a one-row table with `attack` in every place a text goes: the title, the
  /// subtitle, a spanner, a column label, a group label and its footnote, a cell, a summary
  /// label and a source note.
  static func hostile(_ attack: String) -> (Report, TableView) {
    let report = Report(
      title: attack, subtitle: attack, spanners: [ColumnSpanner(attack, columns: 0..<2)],
      summaries: [SummaryRow(label: attack, scope: .grand, aggregates: [:])],
      footnotes: [Footnote(attack, on: .group(0))], sourceNotes: [attack])
    let table = TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [TableSection(attack, items: [Cell("", values: [.text(attack), 1])])],
        columns: [ColumnDefinition(attack), ColumnDefinition("n")]))
    return (report, table)
  }
}
