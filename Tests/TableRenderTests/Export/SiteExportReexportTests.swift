import Foundation
import TableKit
import TableKitFiles
import TableKitNavigation
import TableRender
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exporting over a site TableKit wrote writes only the files whose bytes changed: the others
/// are linked from the old site (same inode, same modification time), and the report counts
/// the files written, unchanged and removed.
@Suite struct SiteExportReexportTests {
  /// The catalogue of `SiteExporterTests`, with Giulia's year and the Stelvio level as given.
  static func catalogue(year: String = "2016", stelvio: Bool = true) -> NavigationController {
    var alfa: [NestedValue] = [.list(["Saloon", .value(year)], title: "Giulia")]
    if stelvio { alfa.append(.list(["SUV"], title: "Stelvio")) }
    let tree: NestedValue = .list(
      [.list(alfa, title: "Alfa Romeo"), .list([.list(["SUV"], title: "X3")], title: "BMW")],
      title: "Brands")
    return NavigationController(drillingInto: tree, title: "Brands")
  }

  /// A fresh folder path under the temporary folder, removed by the caller.
  static func scratch() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-reexport-\(UUID().uuidString)").path
  }

  /// Every file of the site at `folder` but the marker, with its inode and modification time.
  static func identities(_ folder: String) throws -> [String: [Int]] {
    var found: [String: [Int]] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder)
    where path != SafeWrite.writtenMarker && path != SiteManifest.fileName {
      var info = stat()
      guard lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        continue
      }
      found[path] = [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
    return found
  }

  /// The files whose bytes differ between two in-memory exports, or that only the second has.
  static func differingFiles(_ old: NavigationController, _ new: NavigationController) throws
    -> Set<String>
  {
    let (before, after) = (try ExportedSite.export(old), try ExportedSite.export(new))
    return Set(after.files.keys.filter { before.files[$0] != after.files[$0] })
  }

  @Test func theFirstExportWritesEveryFile() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = try SiteExporter().export(Self.catalogue(), toDirectory: folder)
    // Six pages and the sitemap.
    #expect(report.filesWritten == 7 && report.filesUnchanged == 0 && report.filesRemoved == 0)
  }

  @Test func exportingTheSameSiteAgainWritesNothing() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SiteExporter().export(Self.catalogue(), toDirectory: folder)
    let before = try Self.identities(folder)
    let report = try SiteExporter().export(Self.catalogue(), toDirectory: folder)
    #expect(report.filesWritten == 0 && report.filesUnchanged == 7 && report.filesRemoved == 0)
    #expect(before.count == 7)
    #expect(try Self.identities(folder) == before)
  }

  @Test func oneChangedRowWritesExactlyThePagesThatDiffer() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SiteExporter().export(Self.catalogue(), toDirectory: folder)
    let before = try Self.identities(folder)
    let report = try SiteExporter().export(Self.catalogue(year: "2017"), toDirectory: folder)
    let differing = try Self.differingFiles(Self.catalogue(), Self.catalogue(year: "2017"))
    // Only Giulia's page shows the year.
    #expect(differing == ["1-alfa-romeo/1-giulia.html"])
    #expect(report.filesWritten == 1 && report.filesUnchanged == 6 && report.filesRemoved == 0)
    let after = try Self.identities(folder)
    #expect(Set(after.keys.filter { after[$0] != before[$0] }) == differing)
    let giulia = try String(
      contentsOfFile: folder + "/1-alfa-romeo/1-giulia.html", encoding: .utf8)
    #expect(giulia.contains("<td>2017</td>") && !giulia.contains("2016"))
  }

  @Test func aRemovedLevelIsCountedAndGone() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SiteExporter().export(Self.catalogue(), toDirectory: folder)
    let before = try Self.identities(folder)
    let report = try SiteExporter().export(Self.catalogue(stelvio: false), toDirectory: folder)
    let differing = try Self.differingFiles(Self.catalogue(), Self.catalogue(stelvio: false))
    // Alfa Romeo's list and the sitemap lose Stelvio; the index shows Alfa Romeo's summary of
    // its models (`DrillDownNode.childSummary`), which changes with them.
    #expect(differing == ["1-alfa-romeo.html", "index.html", "sitemap.xml"])
    #expect(report.filesWritten == 3 && report.filesUnchanged == 3 && report.filesRemoved == 1)
    let after = try Self.identities(folder)
    #expect(after["1-alfa-romeo/2-stelvio.html"] == nil)
    #expect(Set(after.keys.filter { after[$0] != before[$0] }) == differing)
  }
}
