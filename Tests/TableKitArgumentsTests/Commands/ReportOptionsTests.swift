import TableKit
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

  @Test func aLocaleAndColumnFormatsApplyByColumnName() throws {
    let options = try Options.parse([
      "--locale", "de_DE", "--format-column", "price=number,digits=2", "--format-column",
      "city=date:long",
    ])
    #expect(options.report.isRequested)
    let report = try options.report.report(
      columns: Self.columns, title: nil, grouped: false, moneyColumns: ["amount"])
    #expect(report.locale == (try ReportLocale(identifier: "de_DE")))
    #expect(report.columnFormats[3] == .number(fractionDigits: 2...2))
    #expect(report.columnFormats[1] == .date(.long))
    // A money column is shown as currency in the locale unless a format names it.
    #expect(report.columnFormats[2] == .currency())
    #expect(report.columnFormats[0] == nil)
    let amount = try #require(
      Money(try ExactDecimal("-1234.5"), currency: "EUR").map(CellValue.money))
    #expect(report.format(ofColumn: 2).text(for: amount, in: report.locale) == "-1.234,50\u{A0}€")
    // Without --locale a money column stays plain.
    let plain = try Options.parse(["--sum", "amount"]).report.report(
      columns: Self.columns, title: nil, grouped: false, moneyColumns: ["amount"])
    #expect(plain.columnFormats.isEmpty)
    let unknown = try Options.parse(["--format-column", "nope=number"])
    do {
      _ = try unknown.report.report(columns: Self.columns, title: nil, grouped: false)
      Issue.record("a format for an unknown column was accepted")
    } catch {
      #expect(error.description.hasPrefix("--format-column: no column \"nope\""))
    }
  }

  @Test(arguments: [
    (["--locale", "de_de"], "--locale needs a CLDR locale such as de_DE or en_US (nearest: de_DE"),
    (["--locale", "xx_\u{1B}[31m"], "--locale needs a CLDR locale such as de_DE or en_US, not"),
    (["--format-column", "amount"], "--format-column needs <column>=<format>"),
    (["--format-column", "amount=currency:eur"], "an ISO 4217 code of three capital letters"),
  ])
  func aBadLocaleOrFormatIsAUsageErrorNamingIt(arguments: [String], message: String) {
    do {
      _ = try Options.parse(arguments)
      Issue.record("\(arguments) was accepted")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func nearestLocalesPreferTheSameLanguage() {
    #expect(ReportLocale.identifiers(near: "de_de").first == "de_DE")
    #expect(ReportLocale.identifiers(near: "de_XX").allSatisfy { $0.hasPrefix("de") })
    #expect(ReportLocale.identifiers(near: "fr-ch").first == "fr_CH")
    #expect(ReportLocale.identifiers(near: "zzzzzzzz").isEmpty)
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
