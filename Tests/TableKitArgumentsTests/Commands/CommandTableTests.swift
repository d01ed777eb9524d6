import TableKitArguments
import Testing
import tablekit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every command's option table: each option is in `--help` and parses, help fits in 80
/// columns, and `help`, `--version` and a missing input behave.
@Suite struct CommandTableTests {
  /// A valid value for each option that takes one, by its first name; an option added to a
  /// table without a value here fails ``everyOptionParses()``.
  static let values: [String: String] = [
    "-i": "data.csv", "--from": "csv", "--max-field-bytes": "4K", "--max-record-bytes": "1M",
    "--sample-rows": "10", "--columns": "a,b", "--sort": "-a", "--group-by": "a",
    "--title": "T", "--footer": "F", "-f": "csv", "-s": "grid", "-o": "out",
    "-w": "40", "--sample": "feed", "--page-size": "5", "--pages": "2", "--feed-size": "9",
    "--fail-page": "1", "--cache": "dir", "--url": "cars://brands", "--root": "https://e.x/",
    "--rows-per-page": "3", "--max-depth": "2", "--max-pages": "9", "--column": "a=money:EUR",
    "--sum": "a", "--mean": "a,b", "--min": "a", "--max": "a", "--count-values": "a",
    "--subtitle": "S", "--stub": "a", "--footnote": "a=Note", "--source-note": "Source",
    "--spanner": "Money=a,b", "--locale": "de_DE", "--format-column": "a=currency:EUR,accounting",
    "--table": "orders", "--query": "SELECT 1", "--null": "NULL",
  ]

  /// Checks one command's table: every option in the help, every spelling parsed with a
  /// valid value after `required` (and the arguments `needs` gives the option), the help's
  /// lines at most 80 columns.
  func check<Root>(
    _ command: CommandDescription<Root>, required: [String], needs: [String: [String]] = [:]
  ) throws {
    let help = command.help
    for option in command.options {
      #expect(help.contains(option.synopsis), "\(command.name): \(option.synopsis) not in help")
      for name in option.names {
        var arguments = required + needs[option.names[0], default: []] + [name]
        if option.kind != .flag {
          let value = try #require(Self.values[option.names[0]], "no test value for \(name)")
          arguments.append(value)
        }
        do {
          _ = try command.parse(arguments, firstIndex: 2)
        } catch {
          #expect(Bool(false), "\(command.commandLine) \(arguments): \(error)")
        }
      }
    }
    for line in help.split(separator: "\n") {
      #expect(line.count <= 80, "\(command.commandLine) --help: \(line.count) columns: \(line)")
    }
  }

  @Test func renderTable() throws { try check(Options.command, required: []) }
  @Test func browseTable() throws { try check(BrowseOptions.command, required: []) }
  @Test func openTable() throws { try check(OpenOptions.command, required: ["cars://brands"]) }
  @Test func exportTable() throws {
    try check(ExportOptions.command, required: ["--out", "site"], needs: ["--group-by": ["a.csv"]])
  }

  @Test func optionsParseIntoTheirFields() throws {
    let options = try Options.parse(["-w", "40", "--progress", "-s", "grid"])
    #expect(options.maximumWidth == 40 && options.output.progress == .on)
    #expect(try Options.parse(["--no-progress"]).output.progress == .off)
    #expect(try OpenOptions.parse(["u", "-o", "x.md"]).output.outputPath == "x.md")
  }

  @Test func everyOptionNameIsDeclaredOnce() {
    for names in [
      Options.command.options.flatMap(\.names), BrowseOptions.command.options.flatMap(\.names),
      OpenOptions.command.options.flatMap(\.names), ExportOptions.command.options.flatMap(\.names),
    ] {
      #expect(Set(names).count == names.count, "\(names)")
    }
  }

  @Test @MainActor func helpListsTheCommandsAndEachCommandsHelp() throws {
    let overview = try Program.helpText(for: []).get()
    #expect(overview.hasPrefix("USAGE: tablekit"))
    for name in ["browse", "open", "export"] {
      #expect(overview.contains("\n  \(name) "))
    }
    #expect(try Program.helpText(for: ["open"]).get() == OpenOptions.command.help)
    #expect(try Program.helpText(for: ["export"]).get() == ExportOptions.command.help)
    for line in overview.split(separator: "\n") { #expect(line.count <= 80) }
    #expect(throws: UsageError.self) { try Program.helpText(for: ["frobnicate"]).get() }
  }

  @Test @MainActor func helpAndVersionSucceed() async {
    #expect(Program.version.hasPrefix("tablekit "))
    #expect(await Program.run(["--version"]) == .success)
    #expect(await Program.run(["help"]) == .success)
    #expect(await Program.run(["help", "browse"]) == .success)
  }

  @Test func exitStatusesInHelpComeFromTheNamedStatuses() {
    let help = OpenOptions.command.help
    #expect(help.contains("\n  \(ExitStatus.noInput.rawValue)    No route matches."))
    #expect(Options.command.help.contains("\n  66    The input file does not exist."))
  }

  @Test func aMissingInputFileIsNoInput() throws {
    let failure = try #require(throws: CommandFailure.self) {
      try InputChoice.file(path: "/nonexistent/tablekit-no-such-file.csv")
    }
    #expect(failure.status == .noInput)
    #expect(failure.status.rawValue == 66)
    // A folder exists: it is bad input, not a missing one.
    let folder = try #require(throws: CommandFailure.self) { try InputChoice.file(path: "/") }
    #expect(folder.status == .dataError)
  }

  @Test func messagesAreLowerCaseClauses() {
    #expect(errorLine("No route matches \"x\".") == "tablekit: no route matches \"x\"")
    #expect(errorLine("URL is bad") == "tablekit: URL is bad")
    #expect(
      errorLine("data.csv:1:2: row 1 has 2 fields") == "tablekit: data.csv:1:2: row 1 has 2 fields")
  }
}
