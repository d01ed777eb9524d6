import TableKitArguments
import Testing
import tablekit

/// `tablekit browse`'s options; places count `browse` as argument 1.
@Suite struct BrowseOptionsTests {
  @Test func options() throws {
    #expect(try BrowseOptions.parse([]).source == .cars)
    #expect(try BrowseOptions.parse(["--nested"]).source == .nested)
    #expect(try BrowseOptions.parse(["-i", "n.json"]).source == .file("n.json"))
    #expect(try BrowseOptions.parse(["--input=n.json"]).source == .file("n.json"))
    #expect(try BrowseOptions.parse(["--url", "cars://brands"]).startURL == "cars://brands")
    #expect(try BrowseOptions.parse(["--script"]).scripted)
    #expect(try BrowseOptions.parse(["-h"]).showHelp)
    #expect(try BrowseOptions.parse(["--help"]).showHelp)
  }

  @Test func errors() {
    #expect(throws: UsageError.unknownOption(ArgumentToken("--frobnicate", index: 2))) {
      try BrowseOptions.parse(["--frobnicate"])
    }
    #expect(throws: UsageError.missingValue(ArgumentToken("--url", index: 3))) {
      try BrowseOptions.parse(["--script", "--url"])
    }
    #expect(throws: UsageError.missingValue(ArgumentToken("-i", index: 2))) {
      try BrowseOptions.parse(["-i"])
    }
    #expect(
      throws: UsageError.unexpectedValue(
        ArgumentToken("1", argument: "--nested=1", index: 2, part: .attachedValue),
        option: "--nested")
    ) { try BrowseOptions.parse(["--nested=1"]) }
    #expect(
      throws: UsageError.unexpectedArgument(
        ArgumentToken("n.json", index: 2),
        reason: "browse takes no file here; use --input <file.json>")
    ) { try BrowseOptions.parse(["n.json"]) }
  }

  @Test func aURLAndAnotherSourceConflict() throws {
    let error = try #require(throws: UsageError.self) {
      try BrowseOptions.parse(["--url", "cars://brands", "--nested"])
    }
    #expect(
      error.description
        == "argument 4, `--nested`: cannot go with argument 2, `--url`: --url opens the car "
        + "catalogue, not --nested or --input")
    let reversed = try #require(throws: UsageError.self) {
      try BrowseOptions.parse(["-i", "n.json", "--url", "cars://brands"])
    }
    #expect(reversed.token == ArgumentToken("--url", index: 4))
    let twoSources = try #require(throws: UsageError.self) {
      try BrowseOptions.parse(["--nested", "--input", "n.json"])
    }
    #expect(twoSources.token == ArgumentToken("--input", index: 3))
  }
}
