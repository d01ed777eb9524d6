import Testing
import tablekit

/// `--progress` and `--no-progress`, for the commands that do long work (render with -o, export,
/// browse), the lines the progress ticker draws, and the sizes in them.
@Suite struct ProgressTests {
  @Test func theChoiceIsAnOptionOfRenderAndExport() throws {
    #expect(try Options.parse([]).output.progress == .automatic)
    #expect(try Options.parse(["--progress"]).output.progress == .on)
    #expect(try Options.parse(["--no-progress"]).output.progress == .off)
    #expect(try ExportOptions.parse(["--out", "s", "--progress"]).progress == .on)
    #expect(try ExportOptions.parse(["--out", "s", "--no-progress"]).progress == .off)
  }

  @Test func onAndOffWinOverTheTerminal() {
    #expect(ProgressChoice.on.showsProgress)
    #expect(!ProgressChoice.off.showsProgress)
  }

  @Test(arguments: [
    (ProgressChoice.automatic, true, false, true), (.automatic, false, false, false),
    (.automatic, true, true, false), (.automatic, false, true, false),
    (.on, false, true, true), (.off, true, false, false),
  ])
  func automaticIsATerminalOutsideCI(
    choice: ProgressChoice, onTerminal: Bool, inCI: Bool, shows: Bool
  ) {
    #expect(choice.showsProgress(onTerminal: onTerminal, inCI: inCI) == shows)
  }

  @Test func browseTakesTheChoice() throws {
    #expect(try BrowseOptions.parse([]).progress == .automatic)
    #expect(try BrowseOptions.parse(["--input", "a.json", "--progress"]).progress == .on)
    #expect(try BrowseOptions.parse(["--no-progress"]).progress == .off)
  }

  @Test(arguments: [
    (12_897_485, 41_943_040 as Int?, 81_234, 1, "tablekit: 12.3 MB of 40.0 MB (30%) · 81,234 rows"),
    (512, nil, 1, 1, "tablekit: 512 B · 1 row"),
    (2_048, nil, 0, 1, "tablekit: 2.0 KB · 0 rows"),
    (0, 1_024, 0, 2, "tablekit: pass 2: 0 B of 1.0 KB (0%) · 0 rows"),
    (1_024, 1_024, 999, 1, "tablekit: 1.0 KB of 1.0 KB (100%) · 999 rows"),
    // A file that grew while it was read: never more than 100%.
    (3_000, 1_024, 1_000, 1, "tablekit: 2.9 KB of 1.0 KB (100%) · 1,000 rows"),
    (0, 0, 0, 1, "tablekit: 0 B of 0 B · 0 rows"),
  ])
  func theReadingLineShowsBytesOfTheSizeAndRows(
    bytes: Int, total: Int?, rows: Int, pass: Int, line: String
  ) {
    #expect(ProgressTicker.readingLine(bytes: bytes, of: total, rows: rows, pass: pass) == line)
  }

  @Test(arguments: [
    (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (81_234, "81,234"),
    (1_234_567, "1,234,567"), (-1_234, "-1,234"),
  ])
  func countsAreGroupedInThousands(count: Int, text: String) {
    #expect(ProgressTicker.grouped(count) == text)
  }

  @Test(arguments: [
    (0, "0 B"), (1023, "1023 B"), (1024, "1.0 KB"), (1536, "1.5 KB"),
    (59_407_412, "56.7 MB"), (3 * 1024 * 1024 * 1024, "3.0 GB"),
  ])
  func sizesAreShort(bytes: Int, text: String) {
    #expect(ProgressTicker.size(bytes) == text)
  }
}
