import Foundation
import TableKitRecords
import Testing

/// Opening a file that is refused after it was opened gives its descriptor back.
@Suite struct ByteInputDescriptorTests {
  /// The descriptors of this process open on `path`, from the links in `/proc/self/fd`.
  private func descriptors(openOn path: String) throws -> Int {
    let links = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return links.count {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func aDirectoryRefusedAfterOpeningIsClosed() throws {
    // A folder of this test's own, so no other test's descriptors are counted.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("byte-input-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for _ in 0..<3 {
      #expect(throws: TableInputError.self) { _ = try ByteInput(path: folder) }
    }
    #expect(try descriptors(openOn: folder) == 0)
  }
}
