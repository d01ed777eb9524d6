import TableKitArguments
import TableKitRecords
import TableKitReports
import TableKitSamples
import TableRender
import Testing
import tablekit

/// `tablekit`'s options, each parsed in-process, and every usage error with its place.
@Suite struct OptionsTests {
  @Test func hasDefaults() throws {
    let options = try Options.parse([])
    #expect(options.output.format == .text)
    #expect(options.output.style == .plain)
    #expect(
      options.inputPath == nil && options.output.outputPath == nil && options.maximumWidth == nil)
    #expect(!options.wraps && !options.alignsDecimalPoints && !options.output.htmlFragment)
    #expect(options.output.formulaGuard && !options.showHelp && !options.composed)
    #expect(options.feed == nil)
    #expect(options.input.sample == 1_000)
  }

  @Test(arguments: ["-h", "--help"])
  func help(spelling: String) throws {
    #expect(try Options.parse([spelling]).showHelp)
  }

  @Test(arguments: Options.Format.allCases)
  func format(format: Options.Format) throws {
    #expect(try Options.parse(["-f", format.rawValue]).output.format == format)
    #expect(try Options.parse(["--format", format.rawValue]).output.format == format)
    #expect(try Options.parse(["--format=\(format.rawValue)"]).output.format == format)
  }

  @Test func style() throws {
    for (name, style) in Options.styles {
      #expect(try Options.parse(["-s", name]).output.style == style)
      #expect(try Options.parse(["--style=\(name)"]).output.style == style)
    }
  }

  @Test func input() throws {
    #expect(try Options.parse(["data.csv"]).inputPath == "data.csv")
    #expect(try Options.parse(["-"]).inputPath == "-")
    #expect(try Options.parse(["-i", "a.csv"]).inputPath == "a.csv")
    #expect(try Options.parse(["--input=a.csv"]).inputPath == "a.csv")
    // After --, a file named like an option is a file.
    #expect(try Options.parse(["--", "--help"]).inputPath == "--help")
    #expect(try !Options.parse(["--", "--help"]).showHelp)
  }

  @Test(arguments: InputFormat.allCases)
  func from(format: InputFormat) throws {
    #expect(try Options.parse(["--from", format.rawValue]).input.format == format)
  }

  @Test func shaping() throws {
    let options = try Options.parse([
      "--columns", "a,b", "--sort", "-amount", "--group-by", "region", "--title", "T",
      "--footer", "F", "--count",
    ])
    #expect(options.input.shaping.columns == ["a", "b"])
    #expect(options.input.shaping.sort?.column == "amount")
    #expect(options.input.shaping.sort?.descending == true)
    #expect(options.input.shaping.groupBy == "region")
    #expect(options.input.shaping.title == "T")
    #expect(options.input.shaping.footer == "F")
    #expect(options.input.shaping.countsRows)
    let ascending = try Options.parse(["--sort=amount"]).input.shaping.sort
    #expect(ascending?.column == "amount" && ascending?.descending == false)
    // A lone - is a column named -, sorted from the smallest.
    #expect(try Options.parse(["--sort", "-"]).input.shaping.sort?.column == "-")
  }

  @Test func reading() throws {
    let options = try Options.parse([
      "--no-infer", "--lossy", "--max-field-bytes", "4K", "--max-record-bytes=2M",
      "--sample-rows", "50",
    ])
    #expect(!options.input.infers)
    #expect(options.input.isLossy)
    #expect(options.input.limits.maximumFieldBytes == 4 * 1024)
    #expect(options.input.limits.maximumRecordBytes == 2 * 1024 * 1024)
    #expect(options.input.sample == 50)
  }

  @Test func columnDeclaresAType() throws {
    let options = try Options.parse([
      "--column", "amount=money:EUR", "--column=day=date:dd.MM.yyyy",
    ])
    #expect(options.input.columnTypes.map(\.column) == ["amount", "day"])
    #expect(options.input.columnTypes.first?.parser.kind == .money(currency: "EUR"))
    #expect(options.input.columnTypes.last?.parser.kind == .date(pattern: "dd.MM.yyyy"))
    for bad in ["amount", "=decimal", "amount=money:eur", "amount=integer", "day=date:yyyy EEEE"] {
      #expect(throws: UsageError.self, "\(bad)") { try Options.parse(["--column", bad]) }
    }
  }

  @Test func sampleNamesABuiltInSampleOrInTheOldSpellingARowCount() throws {
    #expect(try Options.parse(["--sample", "feed"]).feed != nil)
    let ledger = try Options.parse(["--sample", "ledger"])
    #expect(ledger.feed == nil && ledger.input.sample == 1_000)
    #expect(try Options.parse(["--sample", "7"]).input.sample == 7)
  }

  @Test func output() throws {
    let options = try Options.parse([
      "-o", "out.html", "-w", "40", "--wrap", "--decimal-align", "--fragment",
      "--no-formula-guard",
    ])
    #expect(options.output.outputPath == "out.html")
    #expect(options.maximumWidth == 40)
    #expect(options.wraps && options.alignsDecimalPoints && options.output.htmlFragment)
    #expect(!options.output.formulaGuard)
    #expect(try Options.parse(["--output=o.csv", "--max-width=3"]).maximumWidth == 3)
  }

  @Test func composedSamples() throws {
    let composed = try Options.parse(["--composed"])
    #expect(composed.composed && !composed.showsLastMonth)
    let lastMonth = try Options.parse(["--last-month"])
    #expect(lastMonth.composed && lastMonth.showsLastMonth)
  }

  @Test func feed() throws {
    let feed = try #require(
      try Options.parse([
        "--page-size", "5", "--pages=2", "--feed-size", "0", "--fail-page", "1", "--cache", "c",
      ]).feed)
    #expect(feed.pageSize == 5)
    #expect(feed.pages == 2)
    #expect(feed.count == 0)
    #expect(feed.failingPage == 1)
    #expect(feed.cacheFolder == "c")
  }

  // MARK: - Usage errors

  static let valueOptions = [
    "-f", "--format", "-s", "--style", "-i", "--input", "--from", "--columns", "--sort",
    "--group-by", "--title", "--footer", "--max-field-bytes", "--max-record-bytes",
    "--sample-rows", "--sample", "-o", "--output", "-w", "--max-width", "--page-size",
    "--pages", "--feed-size", "--fail-page", "--cache",
  ]

  static let flags = [
    "--help", "--count", "--no-infer", "--lossy", "--wrap", "--decimal-align",
    "--fragment", "--no-formula-guard", "--composed", "--last-month",
  ]

  @Test(arguments: valueOptions)
  func aValueOptionAtTheEndNeedsItsValue(option: String) {
    #expect(throws: UsageError.missingValue(ArgumentToken(option, index: 2))) {
      try Options.parse(["data.csv", option])
    }
  }

  @Test func aShortOptionHasNoEqualsSign() {
    #expect(throws: UsageError.unknownOption(ArgumentToken("-h=yes", index: 1))) {
      try Options.parse(["-h=yes"])
    }
  }

  @Test(arguments: flags)
  func aFlagTakesNoValue(flag: String) {
    let value = ArgumentToken(
      "yes", argument: "\(flag)=yes", index: 1, part: .attachedValue)
    #expect(throws: UsageError.unexpectedValue(value, option: flag)) {
      try Options.parse(["\(flag)=yes"])
    }
  }

  @Test(arguments: [
    ("--format", "pdf"), ("-s", "fancy"), ("--from", "xml"), ("--columns", ","),
    ("--max-field-bytes", "0x"), ("--max-record-bytes", "0"), ("--sample-rows", "0"),
    ("--sample", "news"), ("-w", "0"), ("--max-width", "-3"), ("--page-size", "0"),
    ("--pages", "two"), ("--feed-size", "1000001"), ("--fail-page", "-1"), ("--cache", ""),
  ])
  func anInvalidValueIsNamedWithItsPlace(option: String, value: String) throws {
    let error = try #require(throws: UsageError.self) {
      try Options.parse(["data.csv", option, value])
    }
    guard case .invalidValue(let token, let name, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(token == ArgumentToken(value, index: 3))
    #expect(name == option)
    #expect(error.description.hasPrefix("argument 3, `\(value)`: \(option) needs "))
  }

  @Test func anInvalidAttachedValueNamesTheWholeArgument() throws {
    let error = try #require(throws: UsageError.self) {
      try Options.parse(["a.csv", "-f", "csv", "--max-field-bytes=0x"])
    }
    #expect(
      error.description
        == "argument 4, `--max-field-bytes=0x`: --max-field-bytes needs a positive whole "
        + "number of bytes, optionally followed by K, M or G (powers of 1024), not `0x`")
  }

  @Test func anUnknownOptionIsNamed() {
    #expect(throws: UsageError.unknownOption(ArgumentToken("--colour", index: 2))) {
      try Options.parse(["data.csv", "--colour"])
    }
    #expect(throws: UsageError.unknownOption(ArgumentToken("-x", index: 1))) {
      try Options.parse(["-x"])
    }
  }

  @Test func oneInputAtATime() throws {
    let second = try #require(throws: UsageError.self) {
      try Options.parse(["a.csv", "b.csv"])
    }
    #expect(second.token == ArgumentToken("b.csv", index: 2))
    #expect(second.description.contains("argument 1, `a.csv` is the input already"))
    let viaInput = try #require(throws: UsageError.self) {
      try Options.parse(["a.csv", "--input", "b.csv"])
    }
    #expect(
      viaInput
        == .conflictingOptions(
          ArgumentToken("b.csv", index: 3), earlier: ArgumentToken("a.csv", index: 1),
          reason: "one input at a time"))
  }

  @Test func untrustedTextIsInertInTheMessage() throws {
    let error = try #require(throws: UsageError.self) {
      try Options.parse(["--format", "p\u{1B}[2J\u{9B}31m"])
    }
    let line = errorLine(error.description)
    #expect(line.hasPrefix("tablekit: argument 2, `p^[[2J"))
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }
}
