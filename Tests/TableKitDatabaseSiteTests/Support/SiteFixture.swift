import Foundation
import TableKitDatabase
import TableKitDatabaseSite

/// A database made at test time from SQL (by Python's `sqlite3`), exported in memory.
struct SiteFixture {
  /// The database file's folder, removed by ``remove()``.
  let folder: URL
  /// The database file.
  let path: String

  /// Makes the database from `sql` (several statements).
  init(_ sql: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tablekit-site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("test.db").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.executescript(sys.stdin.read())\n"
        + "c.commit()\nc.close()",
      path,
    ]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(sql.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SiteTestFailure("python3 could not make the database")
    }
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Every file of the site, by path relative to its folder, with `rowsPerPage` rows a page.
  func export(rowsPerPage: Int = 100) throws -> [String: [UInt8]] {
    try export(rowsPerPage: rowsPerPage, over: [:]).files.files.mapValues(\.bytes)
  }

  /// Every file of the site with its fingerprint, and what the export reported, keeping the
  /// pages of `previous` (an earlier export's files) whose fingerprints did not change.
  func export(rowsPerPage: Int = 100, over previous: [String: MemorySiteFiles.File]) throws
    -> (files: MemorySiteFiles, report: DatabaseSiteReport)
  {
    let database = try Database(path: path)
    let files = MemorySiteFiles(previous: previous)
    let exporter = DatabaseSiteExporter(siteTitle: "Test", rowsPerPage: rowsPerPage)
    let report = try exporter.export(database, to: files)
    return (files, report)
  }
}

/// A file of an exported site read as JSON or text.
extension [String: [UInt8]] {
  /// The JSON object of `file`.
  func object(_ file: String) throws -> [String: Any] {
    guard let bytes = self[file] else { throw SiteTestFailure("no file \(file)") }
    guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      throw SiteTestFailure("\(file) is not a JSON object")
    }
    return object
  }

  /// The text of `file`.
  func text(_ file: String) throws -> String {
    guard let bytes = self[file] else { throw SiteTestFailure("no file \(file)") }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A failure of a test's own setup.
struct SiteTestFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
