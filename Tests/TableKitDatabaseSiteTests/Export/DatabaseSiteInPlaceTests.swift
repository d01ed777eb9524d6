import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// An export over a site an earlier export wrote updates it in place: only the pages whose
/// rows changed are written, the rest keep their files (same inode), and the folder ends equal
/// to a fresh export's.
@Suite struct DatabaseSiteInPlaceTests {
  static let shop = """
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
      status TEXT, note TEXT);
    INSERT INTO customers VALUES (1, 'Ann'), (2, 'Bo'), (3, 'Chen');
    INSERT INTO orders VALUES (10, 1, 'new', 'a'), (11, 1, 'paid', 'b'), (12, 2, 'paid', 'c'),
      (13, 3, 'new', 'd'), (14, 2, 'paid', 'e'), (15, 3, 'new', 'f');
    """

  /// Every file of the folder at `root` (its manifest aside) with its bytes and inode.
  static func tree(_ root: String) throws -> [String: (bytes: Data, inode: UInt64)] {
    var files: [String: (bytes: Data, inode: UInt64)] = [:]
    let manager = FileManager.default
    guard let walk = manager.enumerator(atPath: root) else { return files }
    for case let path as String in walk where path != ".tablekit-manifest" {
      let full = root + "/" + path
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
        continue
      }
      let inode = try manager.attributesOfItem(atPath: full)[.systemFileNumber] as? UInt64
      files[path] = (try Data(contentsOf: URL(fileURLWithPath: full)), inode ?? 0)
    }
    return files
  }

  /// Runs `sql` on the database at `path` (Python's `sqlite3`: the package only reads).
  static func change(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.executescript(sys.argv[2])\n"
        + "c.commit()", path, sql,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw SiteTestFailure("python3 failed: \(sql)") }
  }

  @Test func aChangedRowRewritesOnlyItsPagesAndTheFolderEqualsAFreshExport() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let site = fixture.folder.appendingPathComponent("site").path
    let fresh = fixture.folder.appendingPathComponent("fresh").path
    var exporter = DatabaseSiteExporter(siteTitle: "Shop", rowsPerPage: 2)
    exporter.maximumFacetValues = 1  // no facets: a changed note changes no facet page

    let first = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(first.filesWritten == first.files && first.pagesKept == 0)
    let before = try Self.tree(site)

    try Self.change(fixture.path, "UPDATE orders SET note = 'changed' WHERE id = 13;")
    let again = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    // Order 13's page, its list page and its customer's list of orders, with their twins.
    #expect(again.filesWritten == 9, "\(again)")
    #expect(again.filesRemoved == 0)
    #expect(again.pagesKept == again.pagesWritten - 3, "\(again)")
    let after = try Self.tree(site)
    let rewritten = after.keys.filter { after[$0]?.inode != before[$0]?.inode }.sorted()
    let changed = ["orders/rows/13.", "orders/pages/2.", "orders/where/"]
    #expect(
      rewritten.allSatisfy { path in changed.contains { path.hasPrefix($0) } }, "\(rewritten)")
    #expect(rewritten.count == 9, "\(rewritten)")

    try Self.change(fixture.path, "DELETE FROM orders WHERE id = 15;")
    let removed = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(removed.filesRemoved >= 3, "\(removed)")
    _ = try exporter.export(try Database(path: fixture.path), toDirectory: fresh)
    let patched = try Self.tree(site)
    let whole = try Self.tree(fresh)
    #expect(patched.keys.sorted() == whole.keys.sorted())
    for (path, file) in whole { #expect(patched[path]?.bytes == file.bytes, "\(path)") }

    // The whole-folder swap makes every page again and leaves the same files.
    var swapping = exporter
    swapping.replacesWholeFolder = true
    let swapped = try swapping.export(try Database(path: fixture.path), toDirectory: site)
    #expect(swapped.pagesKept == 0 && swapped.filesWritten == 0, "\(swapped)")
    #expect(try Self.tree(site).mapValues(\.bytes) == whole.mapValues(\.bytes))
  }

  /// A folder of the site that became a file (here by hand) makes the in-place update fail
  /// with `ENOTDIR` on the first changed page under it: the export then writes the folder
  /// whole (no deadlock on the lock the update held), and the site is a fresh export's.
  @Test func aFolderThatBecameAFileFallsBackToTheWholeFolder() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let site = fixture.folder.appendingPathComponent("site").path
    let fresh = fixture.folder.appendingPathComponent("fresh").path
    let exporter = DatabaseSiteExporter(siteTitle: "Shop", rowsPerPage: 2)
    _ = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    let manager = FileManager.default
    let rows = site + "/orders/rows"
    #expect(manager.fileExists(atPath: rows + "/13.html"))
    try manager.removeItem(atPath: rows)
    #expect(manager.createFile(atPath: rows, contents: Data("not a folder".utf8)))

    try Self.change(fixture.path, "UPDATE orders SET note = 'changed' WHERE id = 13;")
    let again = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(again.pagesKept == 0, "\(again)")
    _ = try exporter.export(try Database(path: fixture.path), toDirectory: fresh)
    #expect(try Self.tree(site).mapValues(\.bytes) == Self.tree(fresh).mapValues(\.bytes))
    // The next export updates in place again.
    let third = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(third.pagesKept == third.pagesWritten && third.filesWritten == 0, "\(third)")
  }
}
