import Foundation
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `StagedDirectory.writeFile(_:contents:failure:)`: over a folder TableKit wrote, a file with
/// the same bytes is hard-linked from it (same inode), anything else is written, and the files
/// the new tree lacks are counted.
@Suite struct StagedDirectoryUnchangedTests {
  /// The device and inode of `name` in `folder`, a link not followed.
  static func identity(_ folder: ScratchFolder, _ name: String) -> [UInt64] {
    var info = stat()
    guard lstat(folder.at(name), &info) == 0 else { return [] }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
  }

  /// An old site: `same.html`, `b/changed.html` (3 bytes, as its new content), `gone.html`,
  /// `old/deep/gone.html`.
  static func oldSite(_ folder: ScratchFolder, marked: Bool = true) throws {
    try FileManager.default.createDirectory(
      atPath: folder.at("site/old/deep"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder.at("site/b"), withIntermediateDirectories: true)
    try folder.put("same bytes", at: "site/same.html")
    try folder.put("old", at: "site/b/changed.html")
    try folder.put("gone", at: "site/gone.html")
    try folder.put("gone", at: "site/old/deep/gone.html")
    if marked { try folder.markAsWritten("site") }
  }

  /// Stores `files` into the folder `site` with `writeFile(_:contents:failure:)`; returns how
  /// each was stored and the count of old files the new tree lacks.
  static func reexport(
    _ folder: ScratchFolder, _ files: KeyValuePairs<String, String>, linkFailure: Int32? = nil,
    replacesForeignFolder: Bool = false
  ) throws(SafeWriteError) -> (storage: [String: StagedDirectory.Storage], removed: Int) {
    let fill = { (staged: StagedDirectory) throws(SafeWriteError) in
      var storage: [String: StagedDirectory.Storage] = [:]
      for (path, text) in files {
        storage[path] = try staged.writeFile(path, contents: Array(text.utf8), failure: { $0 })
      }
      return (storage, staged.previousFilesNotStaged())
    }
    return try SafeWrite.directory(
      at: folder.at("site"), replacesForeignFolder: replacesForeignFolder,
      linkFailure: linkFailure, failure: { $0 }, fill)
  }

  @Test func linksTheSameBytesAndWritesTheRest() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    let before = Self.identity(folder, "site/same.html")
    let changedBefore = Self.identity(folder, "site/b/changed.html")
    let (storage, removed) = try Self.reexport(
      folder, ["same.html": "same bytes", "b/changed.html": "new", "b/added.html": "added"])
    #expect(
      storage == ["same.html": .linked, "b/changed.html": .written, "b/added.html": .written])
    #expect(removed == 2)
    #expect(
      try folder.writtenTree("site") == [
        "same.html": "same bytes", "b": "<folder>", "b/changed.html": "new",
        "b/added.html": "added",
      ])
    #expect(Self.identity(folder, "site/same.html") == before)
    #expect(Self.identity(folder, "site/b/changed.html") != changedBefore)
    #expect(try folder.names() == ["site"])
  }

  @Test func aFolderTableKitDidNotWriteIsNeverLinkedFrom() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder, marked: false)
    let before = Self.identity(folder, "site/same.html")
    let (storage, removed) = try Self.reexport(
      folder, ["same.html": "same bytes"], replacesForeignFolder: true)
    #expect(storage == ["same.html": .written] && removed == 0)
    #expect(try folder.writtenTree("site") == ["same.html": "same bytes"])
    #expect(Self.identity(folder, "site/same.html") != before)
  }

  @Test(arguments: [EXDEV, EPERM, EMLINK])
  func aFailedLinkFallsBackToWriting(code: Int32) throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    let before = Self.identity(folder, "site/same.html")
    let (storage, removed) = try Self.reexport(
      folder, ["same.html": "same bytes"], linkFailure: code)
    #expect(storage == ["same.html": .written] && removed == 3)
    #expect(try folder.writtenTree("site") == ["same.html": "same bytes"])
    #expect(Self.identity(folder, "site/same.html") != before)
  }

  @Test func linksInTheOldSiteAreNotFollowed() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    try FileManager.default.createDirectory(
      atPath: folder.at("outside"), withIntermediateDirectories: false)
    try folder.put("same bytes", at: "outside/page.html")
    symlink(folder.at("outside"), folder.at("site/through"))
    symlink(folder.at("outside/page.html"), folder.at("site/page.html"))
    let outside = Self.identity(folder, "outside/page.html")
    let (storage, _) = try Self.reexport(
      folder, ["through/page.html": "same bytes", "page.html": "same bytes"])
    #expect(storage == ["through/page.html": .written, "page.html": .written])
    #expect(Self.identity(folder, "site/through/page.html") != outside)
    #expect(Self.identity(folder, "site/page.html") != outside)
    #expect(!folder.isLink("site/page.html") && !folder.isLink("site/through"))
  }

  @Test func aLongerOrShorterOldFileIsWritten() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    let (storage, _) = try Self.reexport(
      folder, ["same.html": "same bytes and more", "b/changed.html": "ol"])
    #expect(storage == ["same.html": .written, "b/changed.html": .written])
    #expect(
      try folder.writtenTree("site") == [
        "same.html": "same bytes and more", "b": "<folder>", "b/changed.html": "ol",
      ])
  }

  @Test func aSecondFileAtOnePathIsStillRefused() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    #expect {
      _ = try Self.reexport(folder, ["same.html": "same bytes", "same.html": "same bytes"])
    } throws: { error in
      (error as? SafeWriteError).map { $0.operation == .create && $0.code == EEXIST } ?? false
    }
    #expect(try folder.tree("site")["same.html"] == "same bytes")
  }

  @Test func aLargeFileIsComparedPastTheFirstChunk() throws {
    let folder = try ScratchFolder()
    try Self.oldSite(folder)
    let large = String(repeating: "0123456789abcdef", count: 20_000)
    try folder.put(large, at: "site/large.html")
    var changed = Array(large.utf8)
    changed[changed.count - 2] = UInt8(ascii: "#")
    let (storage, _) = try Self.reexport(
      folder, ["large.html": String(decoding: changed, as: UTF8.self)])
    #expect(storage == ["large.html": .written])
    let before = Self.identity(folder, "site/large.html")
    let (again, _) = try Self.reexport(
      folder, ["large.html": String(decoding: changed, as: UTF8.self)])
    #expect(again == ["large.html": .linked])
    #expect(Self.identity(folder, "site/large.html") == before)
  }
}
