import Foundation
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct PatchedDirectoryTests {
  static func fingerprint(_ value: UInt64) -> InputFingerprint {
    SiteManifestTests.fingerprint(value)
  }

  /// Exports `files` (path → text) to `site` in `folder` as a whole folder, each file with the
  /// fingerprint of its index.
  static func export(_ files: [(String, String)], to folder: ScratchFolder) throws {
    let fill = { (staged: StagedDirectory) throws(SafeWriteError) in
      for (index, (path, text)) in files.enumerated() {
        _ = try staged.writeFile(
          path, contents: Array(text.utf8), fingerprint: fingerprint(UInt64(index)),
          failure: { $0 })
      }
    }
    try SafeWrite.directory(at: folder.at("site"), failure: { $0 }, fill)
  }

  /// The inode number of `name`.
  static func inode(_ folder: ScratchFolder, _ name: String) -> ino_t {
    var info = stat()
    return lstat(folder.at(name), &info) == 0 ? info.st_ino : 0
  }

  static let site = [("index.html", "home"), ("b/c.html", "c"), ("b/d.html", "d")]

  /// The whole-folder write leaves a manifest with every file's fingerprint.
  @Test func theFirstExportLeavesAManifest() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    for (index, (path, _)) in Self.site.enumerated() {
      #expect(patch.previousFingerprint(of: path) == Self.fingerprint(UInt64(index)))
    }
    #expect(patch.previousFingerprint(of: "b/e.html") == nil)
  }

  /// Kept files and files written with their old bytes keep their inodes; a changed file gets
  /// a new one; a new file is added; nothing of the patch's own is left.
  @Test func onlyChangedFilesAreWritten() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    let before = ["site/index.html", "site/b/c.html", "site/b/d.html"].map {
      Self.inode(folder, $0)
    }
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    try patch.keep("index.html", fingerprint: Self.fingerprint(0))
    try patch.write("b/c.html", Array("c".utf8), fingerprint: Self.fingerprint(10))
    try patch.write("b/d.html", Array("new d".utf8), fingerprint: Self.fingerprint(11))
    try patch.write("e/f/g.html", Array("g".utf8), fingerprint: Self.fingerprint(12))
    #expect(try folder.text(at: "site/b/d.html") == "d")
    let counts = try patch.commit()
    #expect(counts == PatchedDirectory.Counts(written: 2, unchanged: 2, removed: 0))
    #expect(Self.inode(folder, "site/index.html") == before[0])
    #expect(Self.inode(folder, "site/b/c.html") == before[1])
    #expect(Self.inode(folder, "site/b/d.html") != before[2])
    #expect(
      try folder.writtenTree("site")
        == [
          "index.html": "home", "b": "<folder>", "b/c.html": "c", "b/d.html": "new d",
          "e": "<folder>", "e/f": "<folder>", "e/f/g.html": "g",
        ])
    let again = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(again.previousFingerprint(of: "b/c.html") == Self.fingerprint(10))
    #expect(again.previousFingerprint(of: "e/f/g.html") == Self.fingerprint(12))
  }

  /// Files neither kept nor written are removed with the folders that leaves empty; a file
  /// the export did not write stays.
  @Test func filesNoLongerWrittenAreRemoved() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site + [("old/x/y.html", "y")], to: folder)
    try folder.put("mine", at: "site/b/notes.txt")
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    try patch.keep("index.html", fingerprint: Self.fingerprint(0))
    let counts = try patch.commit()
    #expect(counts == PatchedDirectory.Counts(written: 0, unchanged: 1, removed: 3))
    var tree = try folder.tree("site")
    tree[SafeWrite.writtenMarker] = nil
    tree[SiteManifest.fileName] = nil
    #expect(tree == ["index.html": "home", "b": "<folder>", "b/notes.txt": "mine"])
    let again = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(again.previousFingerprint(of: "b/c.html") == nil)
    #expect(again.previousFingerprint(of: "index.html") == Self.fingerprint(0))
  }

  /// A path that leaves the folder or names the export's own files is refused, and nothing is
  /// written through a link in the folder.
  @Test(arguments: [
    "../x.html", "/tmp/x.html", "a//b.html", "./a.html", "a/../../b.html", "", "a\0b",
    ".tablekit-manifest", ".tablekit-journal", ".tablekit-patch/x.html", ".written-by-tablekit",
  ])
  func hostilePathsAreRefused(path: String) throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(
      throws: SafeWriteError(
        path: folder.at("site") + "/" + path, operation: .validatePath, code: EINVAL)
    ) {
      try patch.write(path, Array("x".utf8), fingerprint: Self.fingerprint(1))
    }
    #expect(throws: SafeWriteError.self) {
      try patch.keep(path, fingerprint: Self.fingerprint(1))
    }
  }

  /// A folder on the way that is a link is not followed, and a file that is a link is
  /// replaced, not written through.
  @Test func linksInTheFolderAreNotFollowed() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    try FileManager.default.createDirectory(
      atPath: folder.at("outside"), withIntermediateDirectories: false)
    try folder.put("secret", at: "outside/evil.html")
    symlink(folder.at("outside"), folder.at("site/away"))
    symlink(folder.at("outside/evil.html"), folder.at("site/evil.html"))
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(throws: SafeWriteError.self) {
      try patch.write("away/evil.html", Array("x".utf8), fingerprint: Self.fingerprint(1))
    }
    try patch.write("evil.html", Array("page".utf8), fingerprint: Self.fingerprint(2))
    try patch.commit()
    #expect(try folder.text(at: "outside/evil.html") == "secret")
    #expect(!folder.isLink("site/evil.html"))
    #expect(try folder.text(at: "site/evil.html") == "page")
    #expect(try folder.names(in: "outside") == ["evil.html"])
  }

  /// Nothing there, an empty folder, a foreign folder, a TableKit folder without a manifest
  /// or with a damaged one: none is patched, and none is changed.
  @Test func aFolderThatCannotBePatchedIsNotOpened() throws {
    let folder = try ScratchFolder()
    #expect(try PatchedDirectory.open(at: folder.at("absent")) == nil)
    try FileManager.default.createDirectory(
      atPath: folder.at("empty"), withIntermediateDirectories: false)
    #expect(try PatchedDirectory.open(at: folder.at("empty")) == nil)
    try FileManager.default.createDirectory(
      atPath: folder.at("foreign"), withIntermediateDirectories: false)
    try folder.put("mine", at: "foreign/index.html")
    try folder.put("tablekit-manifest 1\nend 0\n", at: "foreign/" + SiteManifest.fileName)
    #expect(try PatchedDirectory.open(at: folder.at("foreign")) == nil)
    try Self.export(Self.site, to: folder)
    try FileManager.default.removeItem(atPath: folder.at("site/" + SiteManifest.fileName))
    #expect(try PatchedDirectory.open(at: folder.at("site")) == nil)
    try folder.put("tablekit-manifest 1\nend 1\n", at: "site/" + SiteManifest.fileName)
    #expect(try PatchedDirectory.open(at: folder.at("site")) == nil)
    try folder.put("tablekit-manifest 1\nend 0\n", at: "site/" + SiteManifest.fileName)
    #expect(try PatchedDirectory.open(at: folder.at("site")) != nil)
    #expect(try folder.tree("foreign").keys.sorted() == [SiteManifest.fileName, "index.html"])
    try folder.put("file", at: "file")
    #expect(throws: SafeWriteError(path: folder.at("file"), operation: .inspect, code: ENOTDIR)) {
      _ = try PatchedDirectory.open(at: folder.at("file"))
    }
    let refusal = SafeWriteError.Refusal.holdsInput(folder.at("site/b/c.html"))
    #expect(
      throws: SafeWriteError(
        path: folder.at("site"), operation: .refuse(refusal), code: refusal.code)
    ) {
      _ = try PatchedDirectory.open(at: folder.at("site"), protecting: [folder.at("site/b/c.html")])
    }
  }

  /// A patch released before its commit leaves the folder exactly as it was.
  @Test func aPatchNotCommittedChangesNothing() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    let before = try folder.tree("site")
    var patch = try PatchedDirectory.open(at: folder.at("site"))
    try patch?.write("b/d.html", Array("new".utf8), fingerprint: Self.fingerprint(1))
    try patch?.write("n/new.html", Array("new".utf8), fingerprint: Self.fingerprint(2))
    #expect(try folder.names(in: "site").contains(PatchedDirectory.stagingName))
    patch = nil
    #expect(try folder.tree("site") == before)
  }

  /// A journal whose steps were half made when the process died is finished by the next open:
  /// the staged files are moved in, the removed files are gone, the manifest is the new one.
  @Test func theNextOpenFinishesAnInterruptedJournal() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site + [("gone/x.html", "x")], to: folder)
    let staging = "site/" + PatchedDirectory.stagingName
    try FileManager.default.createDirectory(
      atPath: folder.at(staging + "/n"), withIntermediateDirectories: true)
    try folder.put("new home", at: staging + "/index.html")
    try folder.put("new page", at: staging + "/n/p.html")
    let manifest = try SiteManifestTests.written([
      ("index.html", Self.fingerprint(20)), ("b/c.html", Self.fingerprint(1)),
      ("b/d.html", Self.fingerprint(2)), ("n/p.html", Self.fingerprint(21)),
    ])
    try Data(manifest).write(to: URL(fileURLWithPath: folder.at(staging + "/.tablekit-manifest")))
    try folder.put(
      "tablekit-journal 1\nR index.html\0\nR n/p.html\0\nD gone/x.html\0\nend 3\n",
      at: "site/" + PatchedDirectory.journalName)
    // Half done: the first file moved, the folder of the second made.
    #expect(rename(folder.at(staging + "/index.html"), folder.at("site/index.html")) == 0)
    try FileManager.default.createDirectory(
      atPath: folder.at("site/n"), withIntermediateDirectories: false)
    let patch = try #require(try PatchedDirectory.open(at: folder.at("site")))
    #expect(
      try folder.writtenTree("site")
        == [
          "index.html": "new home", "b": "<folder>", "b/c.html": "c", "b/d.html": "d",
          "n": "<folder>", "n/p.html": "new page",
        ])
    #expect(patch.previousFingerprint(of: "n/p.html") == Self.fingerprint(21))
    #expect(patch.previousFingerprint(of: "gone/x.html") == nil)
  }

  /// While one patch holds the folder, a second open waits; it proceeds once the first is
  /// released, and sees what the first committed.
  @Test func twoOpensExcludeEachOther() throws {
    let folder = try ScratchFolder()
    try Self.export(Self.site, to: folder)
    var first = try PatchedDirectory.open(at: folder.at("site"))
    try first?.keep("index.html", fingerprint: Self.fingerprint(30))
    let opened = Locked<InputFingerprint??>(nil)
    let site = folder.at("site")
    let thread = Thread {
      let second = try? PatchedDirectory.open(at: site)
      opened.withLock { $0 = .some(second?.previousFingerprint(of: "index.html")) }
    }
    thread.start()
    Thread.sleep(forTimeInterval: 0.2)
    #expect(opened.withLock { $0 } == nil)
    try first?.commit()
    first = nil
    let deadline = Date().addingTimeInterval(5)
    while opened.withLock({ $0 }) == nil && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(opened.withLock { $0 } == .some(Self.fingerprint(30)))
  }
}
