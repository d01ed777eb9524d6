import TableKitFiles
import Testing

/// A page's files are found and kept by the fingerprint they were made from, without naming
/// them.
@Suite struct PatchedDirectoryKeepFilesTests {
  /// Writes a site whose files carry the given fingerprints.
  static func export(_ files: [(path: String, fingerprint: UInt64)], to folder: ScratchFolder)
    throws
  {
    let fill = { (staged: StagedDirectory) throws(SafeWriteError) in
      for file in files {
        _ = try staged.writeFile(
          file.path, contents: Array(file.path.utf8),
          fingerprint: PatchedDirectoryTests.fingerprint(file.fingerprint), failure: { $0 })
      }
    }
    try SafeWrite.directory(at: folder.at("site"), failure: { $0 }, fill)
  }

  static let site: [(path: String, fingerprint: UInt64)] = [
    ("index.html", 1), ("t/rows/café.html", 7), ("t/rows/café.csv", 7),
    ("t/rows/café.json", 7), ("t/rows/2.html", 8), ("t/rows/2.csv", 8), ("t/rows/2.json", 8),
  ]

  @Test func thePagesFilesAreKeptByTheirFingerprint() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    var offered: [String] = []
    // Refused: nothing is kept, and the files can still be written.
    #expect(
      patch.keepFiles(madeFrom: PatchedDirectoryTests.fingerprint(8)) {
        offered = $0
        return false
      } == nil)
    #expect(offered.sorted() == ["t/rows/2.csv", "t/rows/2.html", "t/rows/2.json"])
    // Accepted: the non-ASCII path comes back as the same string.
    let kept = patch.keepFiles(madeFrom: PatchedDirectoryTests.fingerprint(7)) { _ in true }
    #expect(kept?.sorted() == ["t/rows/café.csv", "t/rows/café.html", "t/rows/café.json"])
    // Kept once only; a fingerprint no file carries offers nothing.
    #expect(patch.keepFiles(madeFrom: PatchedDirectoryTests.fingerprint(7)) { _ in true } == nil)
    var asked = false
    #expect(
      patch.keepFiles(madeFrom: PatchedDirectoryTests.fingerprint(9)) { _ in
        asked = true
        return true
      } == nil)
    #expect(!asked)
    #expect(throws: SafeWriteError.self) {
      try patch.write("t/rows/café.html", [1], fingerprint: PatchedDirectoryTests.fingerprint(7))
    }
    try patch.keep("index.html", fingerprint: PatchedDirectoryTests.fingerprint(1))
    let counts = try patch.commit()
    #expect(counts == PatchedDirectory.Counts(written: 0, unchanged: 4, removed: 3))
    #expect(try folder.text(at: "site/t/rows/café.json") == "t/rows/café.json")
    let again = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(again.previousFingerprint(of: "t/rows/2.html") == nil)
    #expect(
      again.previousFingerprint(of: "t/rows/café.csv") == PatchedDirectoryTests.fingerprint(7))
  }
}
