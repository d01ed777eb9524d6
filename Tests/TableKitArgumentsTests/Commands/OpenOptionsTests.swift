import TableKitArguments
import TableRender
import Testing
import tablekit

/// `tablekit open`'s options; places count `open` as argument 1.
@Suite struct OpenOptionsTests {
  @Test func options() throws {
    let options = try OpenOptions.parse(["cars://brands"])
    #expect(options.url == "cars://brands")
    #expect(options.output.format == .text && options.output.style == .rounded)
    #expect(options.output.htmlFragment == false && options.output.formulaGuard)
    let all = try OpenOptions.parse([
      "-f", "html", "--style=grid", "--fragment", "--no-formula-guard", "cars://brands",
    ])
    #expect(
      all.output.format == .html && all.output.style == .grid && all.output.htmlFragment
        && !all.output.formulaGuard)
    #expect(try OpenOptions.parse(["--format=csv", "u"]).output.format == .csv)
    #expect(try OpenOptions.parse(["-s", "plain", "u"]).output.style == .plain)
    #expect(try OpenOptions.parse(["-h"]).showHelp)
    #expect(try OpenOptions.parse(["--help"]).showHelp)
    // A URL that starts with - goes after --.
    #expect(try OpenOptions.parse(["--", "-x"]).url == "-x")
  }

  @Test func errors() throws {
    #expect(throws: UsageError.missingArgument("open needs a URL")) {
      try OpenOptions.parse([])
    }
    #expect(throws: UsageError.unknownOption(ArgumentToken("--bogus", index: 3))) {
      try OpenOptions.parse(["u", "--bogus"])
    }
    #expect(throws: UsageError.missingValue(ArgumentToken("-f", index: 3))) {
      try OpenOptions.parse(["u", "-f"])
    }
    #expect(
      throws: UsageError.invalidValue(
        ArgumentToken("pdf", index: 3), option: "--format",
        expected: "one of text, markdown, csv, html, latex, typst")
    ) { try OpenOptions.parse(["--format", "pdf", "u"]) }
    // A workbook holds one table; `open` prints a stack of them, so it leaves xlsx out.
    #expect(
      throws: UsageError.invalidValue(
        ArgumentToken("xlsx", index: 3), option: "--format",
        expected: "one of text, markdown, csv, html, latex, typst")
    ) { try OpenOptions.parse(["--format", "xlsx", "u"]) }
    let style = try #require(throws: UsageError.self) { try OpenOptions.parse(["-s", "x", "u"]) }
    #expect(style.token == ArgumentToken("x", index: 3))
    #expect(
      throws: UsageError.unexpectedValue(
        ArgumentToken("no", argument: "--fragment=no", index: 2, part: .attachedValue),
        option: "--fragment")
    ) { try OpenOptions.parse(["--fragment=no", "u"]) }
    let third = try #require(throws: UsageError.self) { try OpenOptions.parse(["a", "b", "c"]) }
    #expect(
      third.description
        == "argument 4, `c`: open takes a URL, or a database and a URL, and has both already")
  }

  @Test func aDatabaseBeforeTheURLOpensARouteOfItsSite() throws {
    let options = try OpenOptions.parse([
      "shop.db", "db://tables/orders/pages/2", "--rows-per-page", "5",
    ])
    #expect(options.databasePath == "shop.db")
    #expect(options.url == "db://tables/orders/pages/2")
    #expect(options.rowsPerPage == 5)
    #expect(try OpenOptions.parse(["cars://brands"]).databasePath == nil)
  }
}
