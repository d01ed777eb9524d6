import Testing
import tablekit

/// `--progress` and `--no-progress`, for the commands that do long work (render with -o, export), and the sizes the
/// progress line shows.
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
    (0, "0 B"), (1023, "1023 B"), (1024, "1.0 KB"), (1536, "1.5 KB"),
    (59_407_412, "56.7 MB"), (3 * 1024 * 1024 * 1024, "3.0 GB"),
  ])
  func sizesAreShort(bytes: Int, text: String) {
    #expect(ProgressTicker.size(bytes) == text)
  }
}
