import Foundation
import TableKit
import TableRender
import Testing

/// `write(_:toFile:)` goes through `SafeWrite`: the file is replaced whole, or kept as it was.
@Suite struct WriteToFileTests {
  private let table = makePaymentsTable([("All", [Payment(payee: "Zoë", cents: 125, isOpen: true)])]
  )

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("write-to-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    return folder
  }

  @Test func replacesTheFileAndLeavesNoTemporary() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.csv").path
    try Data("old content that is longer than the new table, by quite a bit\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    try CSVTableRenderer().write(table, toFile: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == CSVTableRenderer().render(table))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
  }

  @Test func aFolderInTheWayIsCannotOpenAndStaysAsItWas() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("out.csv")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    #expect(throws: RenderError.cannotOpen(path: target.path, code: EISDIR)) {
      try CSVTableRenderer().write(table, toFile: target.path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == [])
  }
}
