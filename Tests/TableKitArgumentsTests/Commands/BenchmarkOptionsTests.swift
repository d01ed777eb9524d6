import TableKitArguments
import Testing
import tablekit_bench

/// `tablekit-bench`'s options.
@Suite struct BenchmarkOptionsTests {
  @Test func options() throws {
    let defaults = try BenchmarkOptions.parse([])
    #expect(defaults.rowCounts == [100_000, 1_000_000] && defaults.repetitions == 3)
    #expect(defaults.export == nil)
    let options = try BenchmarkOptions.parse([
      "--rows", "10,20", "--reps", "2", "--peer-reps=4", "--peers", "none", "--python", "py",
      "--peers-dir", "d", "--case", "c", "--cases", "tablekit_html,tablekit_csv", "--verify", "7",
      "--diff", "5,6", "--diff-case", "dc", "--stdlib-max", "8", "--compose", "9",
      "--compose-case", "cc", "--walk", "11", "--routes", "10,10000", "--route-matches", "12",
    ])
    #expect(options.rowCounts == [10, 20] && options.repetitions == 2)
    #expect(options.peerRepetitions == 4 && options.peers.isEmpty)
    #expect(options.python == "py" && options.peersDirectory == "d" && options.childCase == "c")
    #expect(options.cases.map(\.rawValue) == ["tablekit_html", "tablekit_csv"])
    #expect(options.verifyCount == 7 && options.diffCounts == [5, 6] && options.diffCase == "dc")
    #expect(options.standardLibraryMaximum == 8 && options.composeCount == 9)
    #expect(options.composeCase == "cc" && options.walkLevels == 11)
    #expect(options.routeCounts == [10, 10000] && options.routeMatches == 12)
    #expect(try BenchmarkOptions.parse(["--peers", "a,b"]).peers == ["a", "b"])
  }

  @Test func export() throws {
    let plain = try #require(try BenchmarkOptions.parse(["--export", "site"]).export)
    #expect(plain.folder == "site" && plain.fanout == 100 && plain.rows == 100)
    let sized = try #require(try BenchmarkOptions.parse(["--export", "site", "10", "20"]).export)
    #expect(sized.fanout == 10 && sized.rows == 20)
  }

  @Test func errors() throws {
    #expect(throws: UsageError.unknownOption(ArgumentToken("--bogus", index: 1))) {
      try BenchmarkOptions.parse(["--bogus"])
    }
    #expect(throws: UsageError.missingValue(ArgumentToken("--rows", index: 1))) {
      try BenchmarkOptions.parse(["--rows"])
    }
    for (option, value) in [
      ("--rows", "10,x"), ("--rows", ""), ("--reps", "0"), ("--cases", "nope"), ("--diff", "-1"),
      ("--routes", "1,,2"), ("--walk", "w"), ("--verify", "0"), ("--compose", "x"),
    ] {
      let error = try #require(throws: UsageError.self) {
        try BenchmarkOptions.parse([option, value])
      }
      #expect(error.token == ArgumentToken(value, index: 2))
    }
    #expect(
      throws: UsageError.unexpectedArgument(
        ArgumentToken("x", index: 1), reason: "tablekit-bench takes no such argument")
    ) { try BenchmarkOptions.parse(["x"]) }
    let third = try #require(throws: UsageError.self) {
      try BenchmarkOptions.parse(["--export", "s", "1", "2", "3"])
    }
    #expect(third.token == ArgumentToken("3", index: 5))
    let notANumber = try #require(throws: UsageError.self) {
      try BenchmarkOptions.parse(["--export", "s", "ten"])
    }
    #expect(notANumber.token == ArgumentToken("ten", index: 3))
  }
}
