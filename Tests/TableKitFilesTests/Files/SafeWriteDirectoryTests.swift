import Foundation
import Synchronization
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SafeWrite.directory(at:_:)`: a staged folder replaces the old tree whole, stale files
/// included, or the old tree stays as it was and no temporary is left.
@Suite struct SafeWriteDirectoryTests {
  @Test func createsANewFolderWithNestedFiles() throws {
    let folder = try ScratchFolder()
    let pages = try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("index.html") { try $0.write("home") }
      try staged.writeFile("brands/volvo/models.html") { try $0.write("models") }
      return 2
    }
    #expect(pages == 2)
    #expect(
      try folder.writtenTree("site") == [
        "index.html": "home", "brands": "<folder>", "brands/volvo": "<folder>",
        "brands/volvo/models.html": "models",
      ])
    #expect(try folder.names() == ["site"])
  }

  @Test func replacingRemovesStaleFilesAndKeepsTheMode() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("site/old"), withIntermediateDirectories: true)
    try folder.put("stale", at: "site/old/gone.html")
    try folder.put("old home", at: "site/index.html")
    try folder.markAsWritten("site")
    chmod(folder.at("site"), 0o750)
    try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("index.html") { try $0.write("new home") }
    }
    #expect(try folder.writtenTree("site") == ["index.html": "new home"])
    #expect(folder.mode(at: "site") == 0o750)
    #expect(try folder.names() == ["site"])
  }

  @Test func withoutTheSwapCallTwoRenamesReplaceTheTree() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("site/old"), withIntermediateDirectories: true)
    try folder.put("stale", at: "site/old/gone.html")
    try folder.markAsWritten("site")
    chmod(folder.at("site"), 0o750)
    let page = { (file: inout StagedFile) throws(SafeWriteError) in try file.write("new home") }
    let fill = { (staged: StagedDirectory) throws(SafeWriteError) in
      try staged.writeFile("index.html", failure: { $0 }, page)
    }
    try SafeWrite.directory(at: folder.at("site"), exchanges: false, failure: { $0 }, fill)
    #expect(try folder.writtenTree("site") == ["index.html": "new home"])
    #expect(folder.mode(at: "site") == 0o750)
    #expect(try folder.names() == ["site"])
  }

  @Test func aThrowingFillLeavesTheOldTreeAndNoTemporary() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("site"), withIntermediateDirectories: false)
    try folder.put("old home", at: "site/index.html")
    try folder.markAsWritten("site")
    let before = try folder.tree("site")
    var staging = ""
    #expect(throws: StopWriting(reason: "broken link")) {
      try SafeWrite.directory(at: folder.at("site")) { staged in
        staging = staged.path
        try staged.writeFile("index.html") { try $0.write("new home") }
        try staged.writeFile("a/b.html") { try $0.write("page") }
        throw StopWriting(reason: "broken link")
      }
    }
    #expect(try folder.tree("site") == before)
    #expect(try folder.names() == ["site"])
    #expect(!SafeWrite.registeredTemporaries.contains(staging))
  }

  @Test func aThrowingFileRemovesItsHalfWrittenFile() throws {
    let folder = try ScratchFolder()
    try SafeWrite.directory(at: folder.at("site")) { staged in
      #expect(throws: StopWriting(reason: "half")) {
        try staged.writeFile("half.html") { file in
          try file.write("<p>")
          throw StopWriting(reason: "half")
        }
      }
      #expect(!FileManager.default.fileExists(atPath: staged.path + "/half.html"))
      try staged.writeFile("whole.html") { try $0.write("<p>whole</p>") }
    }
    #expect(try folder.writtenTree("site") == ["whole.html": "<p>whole</p>"])
  }

  @Test(arguments: [
    "", "/etc/passwd", "..", ".", "../up.html", "a/../../b", "./a", "a//b", "a/", "a/.", "a\0b",
  ])
  func pathsOutsideTheFolderAreRefused(_ relativePath: String) throws {
    let folder = try ScratchFolder()
    try SafeWrite.directory(at: folder.at("site")) { staged in
      var ran = false
      #expect(
        throws: SafeWriteError(path: relativePath, operation: .validatePath, code: EINVAL)
      ) {
        try staged.writeFile(relativePath) { _ in ran = true }
      }
      #expect(!ran)
    }
    #expect(try folder.writtenTree("site") == [:])
    #expect(try folder.names() == ["site"])
  }

  @Test func namesThatOnlyLookOddAreAccepted() throws {
    let folder = try ScratchFolder()
    try SafeWrite.directory(at: folder.at("site")) { staged in
      for name in ["...", "..a", ".hidden", "a b/c..d.html"] {
        try staged.writeFile(name) { try $0.write(name) }
      }
    }
    #expect(
      try folder.writtenTree("site") == [
        "...": "...", "..a": "..a", ".hidden": ".hidden", "a b": "<folder>",
        "a b/c..d.html": "a b/c..d.html",
      ])
  }

  @Test func writingTheSamePathTwiceIsAnError() throws {
    let folder = try ScratchFolder()
    let target = folder.at("site")
    #expect(throws: SafeWriteError(path: target + "/page.html", operation: .create, code: EEXIST)) {
      try SafeWrite.directory(at: target) { staged in
        try staged.writeFile("page.html") { try $0.write("first") }
        try staged.writeFile("page.html") { try $0.write("second") }
      }
    }
    #expect(try folder.names() == [])
  }

  @Test func aFolderOfAPageWhereAFileIsIsAnError() throws {
    let folder = try ScratchFolder()
    let target = folder.at("site")
    #expect(
      throws: SafeWriteError(path: target + "/a/b.html", operation: .makeDirectory, code: ENOTDIR)
    ) {
      try SafeWrite.directory(at: target) { staged in
        try staged.writeFile("a") { try $0.write("a file") }
        try staged.writeFile("a/b.html") { try $0.write("a page under it") }
      }
    }
    #expect(try folder.names() == [])
  }

  @Test func aFileIsNotReplacedByAFolder() throws {
    let folder = try ScratchFolder()
    try folder.put("a file", at: "site")
    #expect(throws: SafeWriteError(path: folder.at("site"), operation: .inspect, code: ENOTDIR)) {
      try SafeWrite.directory(at: folder.at("site")) { _ in }
    }
    #expect(try folder.text(at: "site") == "a file")
  }

  @Test func aLinkToAFolderIsFollowedAndStaysALink() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("real"), withIntermediateDirectories: false)
    try folder.put("old", at: "real/index.html")
    try folder.markAsWritten("real")
    symlink("real", folder.at("site"))
    try SafeWrite.directory(at: folder.at("site")) { staged in
      try staged.writeFile("index.html") { try $0.write("new") }
    }
    #expect(folder.isLink("site"))
    #expect(try folder.writtenTree("real") == ["index.html": "new"])
    #expect(try folder.names() == ["real", "site"])
  }

  @Test func concurrentWritersLeaveOneWholeTree() throws {
    let folder = try ScratchFolder()
    let target = folder.at("site")
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { writer in
      do {
        try SafeWrite.directory(at: target) { staged in
          for page in 0..<20 {
            try staged.writeFile("w\(writer)/p\(page).html") { try $0.write("\(writer)") }
          }
          try staged.writeFile("index.html") { try $0.write("\(writer)") }
        }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let tree = try folder.writtenTree("site")
    let winner = try #require(tree["index.html"])
    #expect(tree.count == 22)
    #expect(tree.keys.allSatisfy { $0 == "index.html" || $0.hasPrefix("w\(winner)") })
    #expect(tree.values.allSatisfy { $0 == winner || $0 == "<folder>" })
    #expect(try folder.names() == ["site"])
  }
}
