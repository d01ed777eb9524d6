import Foundation
import TableKit
import TableKitFiles
import TableKitNavigation
import TableRender
import Testing

@Suite struct SiteExportDirectoryTests {
  @Test func replacesTheFolderWholeAndLeavesNoStalePage() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-export-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try SiteExporter().export(SiteExporterTests.catalogue(), toDirectory: folder)
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/stale.html"))
    let report = try SiteExporter().export(SiteExporterTests.catalogue(), toDirectory: folder)
    #expect(report.pagesWritten == 6)
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
    #expect(!files.contains("stale.html"))
    #expect(files.contains("index.html") && files.contains("1-alfa-romeo/1-giulia.html"))
    let memory = try ExportedSite.export(SiteExporterTests.catalogue())
    for (path, text) in memory.files {
      #expect(try String(contentsOfFile: folder + "/" + path, encoding: .utf8) == text)
    }
    let siblings = try FileManager.default.contentsOfDirectory(
      atPath: (folder as NSString).deletingLastPathComponent)
    let name = (folder as NSString).lastPathComponent
    #expect(siblings.filter { $0.contains(name) } == [name])
  }

  @Test func aFailedExportLeavesTheOldSite() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-export-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
    try Data().write(to: URL(fileURLWithPath: folder + "/" + SafeWrite.writtenMarker))
    var exporter = SiteExporter()
    exporter.maximumPages = 2
    #expect(throws: SiteExportError.pageLimitReached(limit: 2)) {
      try exporter.export(SiteExporterTests.catalogue(), toDirectory: folder)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == [SafeWrite.writtenMarker, "index.html"])
    #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "old")
  }

  @Test func aFolderItDidNotWriteIsRefusedBeforeTheWalk() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-export-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/in", withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/in/x.json"))
    let refusal = SafeWriteError.Refusal.notWrittenByTableKit
    #expect(
      throws: SiteExportError.cannotWrite(
        SafeWriteError(path: folder, operation: .refuse(refusal), code: refusal.code))
    ) {
      try SiteExporter().export(SiteExporterTests.catalogue(), toDirectory: folder)
    }
    var exporter = SiteExporter()
    exporter.inputPaths = [folder + "/in/x.json"]
    exporter.replacesForeignFolder = true
    let holds = SafeWriteError.Refusal.holdsInput(folder + "/in/x.json")
    #expect(
      throws: SiteExportError.cannotWrite(
        SafeWriteError(path: folder + "/in", operation: .refuse(holds), code: holds.code))
    ) {
      try exporter.export(SiteExporterTests.catalogue(), toDirectory: folder + "/in")
    }
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        == ["in", "in/x.json", "notes.txt"])
    // Asked explicitly, a foreign folder that holds no input is replaced.
    exporter.inputPaths = []
    try exporter.export(SiteExporterTests.catalogue(), toDirectory: folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.contains("index.html") && files.contains(SafeWrite.writtenMarker))
    #expect(!files.contains("notes.txt"))
  }
}

extension SiteExportDirectoryTests {
  /// A page whose path is longer than the system takes (a drill-down 100 levels deep, each
  /// folder named by a 48-byte title) cannot be written: the export reports the system's own
  /// code for that page's folder, and leaves nothing behind.
  @Test func aPageThatCannotBeWrittenReportsTheSystemsErrno() throws {
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-export-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: parent) }
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
    let title = String(repeating: "a", count: SitePageNaming.maximumReadableLength)
    var tree: NestedValue = .list(["leaf"], title: title)
    for _ in 0..<100 { tree = .list([tree], title: title) }
    var exporter = SiteExporter()
    exporter.maximumDepth = 200
    let stack = NavigationController(drillingInto: tree, title: "Root")
    let error = #expect(throws: SiteExportError.self) {
      try exporter.export(stack, toDirectory: parent + "/site")
    }
    guard case .cannotWrite(let failure) = error else {
      Issue.record("expected cannotWrite, got \(String(describing: error))")
      return
    }
    #expect(failure.operation == .makeDirectory && failure.code == ENAMETOOLONG)
    #expect(failure.path.hasPrefix(parent + "/site/1-"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
  }
}
