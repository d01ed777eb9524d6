import TableKitArguments
import Testing
import tablekit

/// `tablekit export`'s options; places count `export` as argument 1.
@Suite struct ExportOptionsTests {
  @Test func options() throws {
    let samples = try ExportOptions.parse(["--out", "site"])
    #expect(samples.source == .samples && samples.outputDirectory == "site")
    #expect(samples.rowsPerPage == 100 && samples.maximumDepth == 32)
    #expect(samples.maximumPages == 100_000 && !samples.keepsGoing)
    #expect(!samples.replacesForeignFolder)
    #expect(try ExportOptions.parse(["--out", "site", "--replace-foreign"]).replacesForeignFolder)
    let all = try ExportOptions.parse([
      "-o", "site", "--root", "https://example.com/", "--title", "T", "--rows-per-page", "5",
      "--max-depth=3", "--max-pages", "9", "--keep-going",
    ])
    #expect(all.baseURL == "https://example.com/" && all.siteTitle == "T")
    #expect(all.rowsPerPage == 5 && all.maximumDepth == 3 && all.maximumPages == 9)
    #expect(all.keepsGoing)
    #expect(try ExportOptions.parse(["--out=s", "-i", "n.json"]).source == .nested("n.json"))
    #expect(try ExportOptions.parse(["--out=s", "--input", "n.json"]).source == .nested("n.json"))
    #expect(
      try ExportOptions.parse(["s.csv", "--group-by", "region,customer", "--out", "x"]).source
        == .grouped(path: "s.csv", columns: ["region", "customer"]))
    #expect(try ExportOptions.parse(["-h"]).showHelp)
    #expect(try ExportOptions.parse(["--help"]).showHelp)
  }

  @Test func errors() throws {
    #expect(throws: UsageError.missingArgument("export needs --out <folder>")) {
      try ExportOptions.parse([])
    }
    #expect(throws: UsageError.unknownOption(ArgumentToken("--bogus", index: 2))) {
      try ExportOptions.parse(["--bogus"])
    }
    for option in [
      "-o", "--out", "--root", "-i", "--input", "--group-by", "--rows-per-page", "--max-depth",
      "--max-pages", "--title",
    ] {
      #expect(throws: UsageError.missingValue(ArgumentToken(option, index: 2))) {
        try ExportOptions.parse([option])
      }
    }
    for option in ["--rows-per-page", "--max-depth", "--max-pages"] {
      #expect(
        throws: UsageError.invalidValue(
          ArgumentToken("0", index: 3), option: option, expected: "a whole number above 0")
      ) { try ExportOptions.parse([option, "0", "--out", "s"]) }
    }
    #expect(
      throws: UsageError.invalidValue(
        ArgumentToken("javascript:alert", index: 5), option: "--root",
        expected: "the http or https URL the site is served from")
    ) { try ExportOptions.parse(["--out", "x", "--root", "javascript:alert"]) }
    #expect(
      throws: UsageError.invalidValue(
        ArgumentToken(",", index: 4), option: "--group-by",
        expected: "column names separated by commas")
    ) { try ExportOptions.parse(["s.csv", "--group-by", ",", "--out", "x"]) }
    #expect(
      throws: UsageError.unexpectedValue(
        ArgumentToken("1", argument: "--keep-going=1", index: 2, part: .attachedValue),
        option: "--keep-going")
    ) { try ExportOptions.parse(["--keep-going=1", "--out", "x"]) }
    #expect(
      throws: UsageError.unexpectedValue(
        ArgumentToken("yes", argument: "--replace-foreign=yes", index: 2, part: .attachedValue),
        option: "--replace-foreign")
    ) { try ExportOptions.parse(["--replace-foreign=yes", "--out", "x"]) }
  }

  @Test func sourcesThatDoNotGoTogether() throws {
    let ungrouped = try #require(throws: UsageError.self) {
      try ExportOptions.parse(["s.csv", "--out", "x"])
    }
    #expect(ungrouped.token == ArgumentToken("s.csv", index: 2))
    #expect(ungrouped.description.contains("add --group-by"))
    let nothingToGroup = try #require(throws: UsageError.self) {
      try ExportOptions.parse(["--group-by", "a", "--out", "x"])
    }
    #expect(nothingToGroup.token == ArgumentToken("a", index: 3))
    let both = try #require(throws: UsageError.self) {
      try ExportOptions.parse(["-i", "n.json", "s.csv", "--group-by", "a", "--out", "x"])
    }
    #expect(
      both
        == .conflictingOptions(
          ArgumentToken("s.csv", index: 4), earlier: ArgumentToken("n.json", index: 3),
          reason: "--input (nested JSON) and a grouped file cannot be exported together"))
    let nestedGrouped = try #require(throws: UsageError.self) {
      try ExportOptions.parse(["-i", "n.json", "--group-by", "a", "--out", "x"])
    }
    #expect(nestedGrouped.token == ArgumentToken("a", index: 5))
    let twoFiles = try #require(throws: UsageError.self) {
      try ExportOptions.parse(["a.csv", "b.csv", "--out", "x"])
    }
    #expect(twoFiles.token == ArgumentToken("b.csv", index: 3))
  }
}
