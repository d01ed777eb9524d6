import TableKitArguments
import TableKitReports
import Testing
import tablekit

@Suite struct ReportOptionsTests {
  static let columns = ["region", "city", "amount", "price"]

  @Test func buildsSubtotalsATotalSpannersAndNotesFromColumnNames() throws {
    let options = try Options.parse([
      "--sum", "amount", "--mean", "price", "--total", "--subtitle", "S", "--spanner",
      "Money=price,amount", "--footnote", "amount=Excluding VAT", "--footnote", "=On the title",
      "--source-note", "Source", "--stub", "city", "--footnote-symbols",
    ])
    let report = try options.report.report(columns: Self.columns, title: "T", grouped: true)
    #expect(report.title == "T")
    #expect(report.subtitle == "S")
    #expect(report.stubColumn == 1)
    #expect(report.spanners == [ColumnSpanner("Money", columns: 2..<4)])
    #expect(
      report.footnotes == [
        Footnote("Excluding VAT", on: .column(2)), Footnote("On the title", on: .title),
      ])
    #expect(report.sourceNotes == ["Source"])
    #expect(report.footnoteMarks == .symbols)
    #expect(report.summaries.map(\.label) == ["Subtotal", "Total"])
    #expect(report.summaries.map(\.scope) == [.eachGroup, .grand])
    #expect(report.summaries[0].aggregates.keys.sorted() == [2, 3])
    #expect(!report.needsEveryRowFirst)
  }

  @Test func ungroupedRowsGetATotalAndATotalAtTheTopNeedsEveryRow() throws {
    let options = try Options.parse(["--max", "amount", "--total-at-top"])
    let report = try options.report.report(columns: Self.columns, title: nil, grouped: false)
    #expect(report.summaries.map(\.label) == ["Total"])
    #expect(report.needsEveryRowFirst)
    #expect(try !Options.parse([]).report.isRequested)
  }

  @Test func anUnknownOrSplitColumnIsAnErrorNamingTheOption() throws {
    let unknown = try Options.parse(["--sum", "amount,nope"])
    #expect(throws: ReportOptionError.self) {
      try unknown.report.report(columns: Self.columns, title: nil, grouped: false)
    }
    do {
      _ = try unknown.report.report(columns: Self.columns, title: nil, grouped: false)
    } catch {
      #expect(error.description.hasPrefix("--sum: no column \"nope\"; the columns are \"region\""))
    }
    let split = try Options.parse(["--spanner", "X=region,price"])
    #expect(throws: ReportOptionError.self) {
      try split.report.report(columns: Self.columns, title: nil, grouped: false)
    }
  }

  @Test func aColumnTakesOneAggregate() throws {
    let options = try Options.parse(["--sum", "amount", "--mean", "price,amount"])
    do {
      _ = try options.report.report(columns: Self.columns, title: nil, grouped: false)
      Issue.record("a second aggregate on amount was accepted")
    } catch {
      #expect(error.description.hasPrefix("--mean: the column \"amount\" is summarised by --sum"))
    }
  }
}
