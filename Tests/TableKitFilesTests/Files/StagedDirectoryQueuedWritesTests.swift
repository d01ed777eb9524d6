import Foundation
import TableKitFiles
import Testing

/// `StagedDirectory.QueuedWrites`: files handed to the writer thread are all in the folder when
/// `finish()` returns, in folders of their own, counted; the first failure stops the writing
/// and is thrown.
@Suite struct StagedDirectoryQueuedWritesTests {
  @Test func everyQueuedFileIsWrittenBeforeFinishReturns() throws {
    let folder = try ScratchFolder()
    let stored = try SafeWrite.directory(at: folder.at("site")) { staged in
      let writes = StagedDirectory.QueuedWrites(into: staged, capacity: 3)
      for index in 0..<200 {
        try writes.write("t\(index % 7)/rows/\(index).html", Array("page \(index)".utf8))
      }
      return try writes.finish()
    }
    #expect(stored.written == 200 && stored.unchanged == 0)
    let tree = try folder.writtenTree("site")
    #expect(tree.filter { $0.value != "<folder>" }.count == 200)
    #expect(tree["t3/rows/10.html"] == "page 10")
    #expect(tree["t3/rows/199.html"] == "page 199")
  }

  @Test func theFirstFailureStopsTheWritingAndIsThrown() throws {
    let folder = try ScratchFolder()
    #expect {
      try SafeWrite.directory(at: folder.at("site")) { staged in
        let writes = StagedDirectory.QueuedWrites(into: staged, capacity: 2)
        try writes.write("a.html", [1])
        try writes.write("a.html", [2])  // a second file of one name: EEXIST
        // The writer stops there: later files are refused, by `write` or by `finish`.
        for index in 0..<50 { try? writes.write("b\(index).html", [3]) }
        _ = try writes.finish()
      }
    } throws: { error in
      (error as? SafeWriteError)?.operation == .create && (error as? SafeWriteError)?.code == EEXIST
    }
    #expect(!FileManager.default.fileExists(atPath: folder.at("site")))
  }
}
