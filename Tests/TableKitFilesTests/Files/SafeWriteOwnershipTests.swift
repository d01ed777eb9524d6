import Foundation
import TableKit
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SafeWrite.directory(at:protecting:replacesForeignFolder:_:)` never deletes what it did not
/// write, and removes the staged folders a killed run left, never those of a running one.
@Suite struct SafeWriteOwnershipTests {
  /// The refusal `SafeWriteError` for `path`.
  func refusal(_ path: String, _ refusal: SafeWriteError.Refusal) -> SafeWriteError {
    SafeWriteError(
      path: path, operation: .refuse(refusal),
      code: refusal == .notWrittenByTableKit ? ENOTEMPTY : EBUSY)
  }

  /// A folder `site` holding `notes.txt` and `.git/HEAD`, written by someone else.
  func foreignSite(in folder: ScratchFolder) throws -> [String: String] {
    try FileManager.default.createDirectory(
      atPath: folder.at("site/.git"), withIntermediateDirectories: true)
    try folder.put("keep", at: "site/notes.txt")
    try folder.put("ref", at: "site/.git/HEAD")
    return try folder.tree("site")
  }

  @Test func aNonEmptyFolderItDidNotWriteIsRefusedBeforeTheFill() throws {
    let folder = try ScratchFolder()
    let before = try foreignSite(in: folder)
    var filled = false
    #expect(throws: refusal(folder.at("site"), .notWrittenByTableKit)) {
      try SafeWrite.directory(at: folder.at("site")) { staged in
        filled = true
        try staged.writeFile("index.html") { try $0.write("home") }
      }
    }
    #expect(!filled)
    #expect(try folder.tree("site") == before)
    #expect(try folder.names() == ["site"])
  }

  @Test func theRefusalSaysWhyAndHowToProceed() {
    let message = refusal("out", .notWrittenByTableKit).description
    #expect(message.hasPrefix("refusing to replace the folder out: it is not empty and TableKit"))
    #expect(message.contains("write to a new or empty folder"))
    #expect(message.contains("--replace-foreign"))
    #expect(
      refusal(".", .currentDirectory).description
        == "refusing to replace the folder .: it is the current directory; write to a new "
        + "folder instead")
    #expect(
      refusal("in", .holdsInput("in/x\u{1B}.json")).description
        == "refusing to replace the folder in: it holds the input in/x\\u{1B}.json; write to a "
        + "new folder instead")
  }

  @Test func aForeignFolderIsReplacedWhenAsked() throws {
    let folder = try ScratchFolder()
    _ = try foreignSite(in: folder)
    try SafeWrite.directory(at: folder.at("site"), replacesForeignFolder: true) { staged in
      try staged.writeFile("index.html") { try $0.write("home") }
    }
    #expect(try folder.writtenTree("site") == ["index.html": "home"])
  }

  @Test func aFolderItWroteAndAnEmptyFolderAreReplaced() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("site"), withIntermediateDirectories: false)
    try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("old.html") { try $0.write("old") }
    }
    #expect(try folder.writtenTree("site") == ["old.html": "old"])
    try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("index.html") { try $0.write("new") }
    }
    #expect(try folder.writtenTree("site") == ["index.html": "new"])
    #expect(try folder.names() == ["site"])
  }

  @Test func aFolderHoldingAnInputIsRefusedEvenWhenForeignFoldersMayBeReplaced() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("in/data"), withIntermediateDirectories: true)
    try folder.put("{}", at: "in/data/x.json")
    try FileManager.default.createDirectory(
      atPath: folder.at("elsewhere"), withIntermediateDirectories: false)
    // Also through a link whose name is outside: where the input leads counts.
    try #require(symlink(folder.at("in/data/x.json"), folder.at("elsewhere/link.json")) == 0)
    let input = folder.at("in/data/x.json")
    for given in [input, folder.at("elsewhere/link.json")] {
      #expect(throws: refusal(folder.at("in"), .holdsInput(given))) {
        try SafeWrite.directory(
          at: folder.at("in"), protecting: [given], replacesForeignFolder: true
        ) { _ in }
      }
    }
    #expect(try folder.text(at: "in/data/x.json") == "{}")
    // The folder holding the input's folder too, and a folder marked as TableKit's.
    try folder.put("", at: "in/" + SafeWrite.writtenMarker)
    #expect(throws: refusal(folder.at("in/data"), .holdsInput(input))) {
      try SafeWrite.directory(at: folder.at("in/data"), protecting: [input]) { _ in }
    }
    #expect(throws: refusal(folder.at("in"), .holdsInput(input))) {
      try SafeWrite.directory(at: folder.at("in"), protecting: [input]) { _ in }
    }
    #expect(try folder.text(at: "in/data/x.json") == "{}")
  }

  @Test func theCurrentDirectoryAndItsAncestorsAreRefused() throws {
    // Checked without `directory`, so that no regression can ever replace the test's own
    // current directory; `directory` makes the same check first.
    let current = FileManager.default.currentDirectoryPath
    let parent = (current as NSString).deletingLastPathComponent
    for (path, expected) in [
      (".", SafeWriteError.Refusal.currentDirectory), (current, .currentDirectory),
      ("..", .ancestorOfCurrentDirectory), (parent, .ancestorOfCurrentDirectory),
      ("/", .ancestorOfCurrentDirectory),
    ] {
      #expect(throws: refusal(path, expected)) {
        try SafeWrite.checkReplaceable(folder: path, protecting: [], replacesForeignFolder: true)
      }
    }
  }

  /// Makes a staged folder `.NAME.tablekit-SUFFIX` beside `name`, with a page and, when
  /// `marked`, the marker, as a killed run leaves it.
  func stagedFolder(
    _ folder: ScratchFolder, of name: String, suffix: String, marked: Bool
  ) throws -> String {
    let staged = "." + name + SafeWrite.temporaryMarker + suffix
    try FileManager.default.createDirectory(
      atPath: folder.at(staged + "/deep"), withIntermediateDirectories: true)
    try folder.put("page", at: staged + "/deep/page.html")
    if marked { try folder.markAsWritten(staged) }
    return staged
  }

  @Test func theStagedFoldersOfAKilledRunAreRemovedByTheNextWrite() throws {
    let folder = try ScratchFolder()
    let stale = try stagedFolder(folder, of: "site", suffix: "Ab3xYz", marked: true)
    let unmarked = try stagedFolder(folder, of: "site", suffix: "Cd4wVu", marked: false)
    let otherTarget = try stagedFolder(folder, of: "other", suffix: "Ef5tSr", marked: true)
    try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("index.html") { try $0.write("home") }
    }
    #expect(try folder.names() == [otherTarget, unmarked, "site"].sorted())
    #expect(!FileManager.default.fileExists(atPath: folder.at(stale)))
  }

  @Test func aStagedFolderWhoseMarkerIsLockedIsNeverRemoved() throws {
    let folder = try ScratchFolder()
    let running = try stagedFolder(folder, of: "site", suffix: "Gh6qPo", marked: true)
    let descriptor = open(folder.at(running + "/" + SafeWrite.writtenMarker), O_RDONLY)
    try #require(descriptor >= 0)
    try #require(flock(descriptor, LOCK_EX) == 0)
    try SafeWrite.directory(at: folder.at("site")) { _ in }
    #expect(try folder.tree(running)["deep/page.html"] == "page")
    // Once the lock is gone (as when its process is killed), the next write removes it.
    close(descriptor)
    try SafeWrite.directory(at: folder.at("site")) { _ in }
    #expect(try folder.names() == ["site"])
  }

  @Test func aWriteStartedWhileAnotherRunsLeavesTheOthersStagedFolder() throws {
    let folder = try ScratchFolder()
    var outer = ""
    try SafeWrite.directory(at: folder.at("site")) { staged in
      outer = staged.path
      try staged.writeFile("outer.html") { try $0.write("outer") }
      try SafeWrite.directory(at: folder.at("site")) { inner in
        try inner.writeFile("inner.html") { try $0.write("inner") }
      }
      #expect(try folder.writtenTree("site") == ["inner.html": "inner"])
      #expect(FileManager.default.fileExists(atPath: staged.path + "/outer.html"))
    }
    #expect(try folder.writtenTree("site") == ["outer.html": "outer"])
    #expect(!FileManager.default.fileExists(atPath: outer))
    #expect(try folder.names() == ["site"])
  }
}
