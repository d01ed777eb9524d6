import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import TableKitFiles
import TableKitTestSupport
import Testing

/// Pages kept from a previous export by their fingerprints, against an oracle that cannot be
/// fooled: a full export of the same database, made after each random mutation.
@Suite struct DatabaseSiteKeptPagesTests {
  /// A shop: a compound foreign key to a `WITHOUT ROWID` table, a self-reference, a reference
  /// to a `UNIQUE` column that is not the key, a facet column, a view, NULLs and a dangling
  /// reference.
  static let shop = """
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE, city TEXT);
    CREATE TABLE products (sku TEXT PRIMARY KEY, title TEXT, price REAL) WITHOUT ROWID;
    CREATE TABLE orders (id INTEGER PRIMARY KEY,
      customer_id INTEGER REFERENCES customers(id), status TEXT, total REAL);
    CREATE TABLE order_items (order_id INTEGER REFERENCES orders(id), line INTEGER,
      sku TEXT REFERENCES products(sku), qty INTEGER, PRIMARY KEY (order_id, line)) WITHOUT ROWID;
    CREATE TABLE returns (id INTEGER PRIMARY KEY, order_id INTEGER, line INTEGER, reason TEXT,
      FOREIGN KEY (order_id, line) REFERENCES order_items(order_id, line));
    CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT,
      manager_id INTEGER REFERENCES employees(id));
    CREATE TABLE notes (id INTEGER PRIMARY KEY, email TEXT REFERENCES customers(email), body BLOB);
    CREATE VIEW paid_orders AS SELECT id, customer_id, total FROM orders WHERE status = 'paid';
    INSERT INTO customers VALUES (1, 'Ann', 'ann@x', 'Oslo'), (2, 'Bo', 'bo@x', 'Lima'),
      (3, 'Chen', NULL, 'Oslo'), (4, 'Dee', 'dee@x', NULL), (5, '', 'e@x', 'Lima'),
      (6, 'Fay', 'fay@x', 'Kyiv'), (7, 'Gus', 'gus@x', 'Oslo');
    INSERT INTO products VALUES ('a1', 'Pen', 1.5), ('b2', 'Ink', 0.1), ('c3', 'Pad', NULL),
      ('d4', 'Cup', 1e300);
    INSERT INTO orders VALUES (10, 1, 'new', 3.0), (11, 1, 'paid', 0.1), (12, 2, 'paid', 7),
      (13, 99, 'new', NULL), (14, NULL, 'shipped', 2.5), (15, 3, 'paid', 1.0), (16, 3, 'new', 9),
      (17, 4, 'shipped', 4), (18, 1, 'paid', 5.5), (19, 6, NULL, 1);
    INSERT INTO order_items VALUES (10, 1, 'a1', 2), (10, 2, 'b2', 1), (11, 1, 'a1', 1),
      (12, 1, 'c3', 4), (12, 2, 'zz', 1), (13, 1, 'a1', NULL), (15, 1, 'd4', 2),
      (15, 2, 'a1', 1), (15, 3, 'b2', 1), (16, 1, 'b2', 3), (18, 1, 'a1', 1), (42, 1, 'a1', 1);
    INSERT INTO returns VALUES (1, 10, 1, 'broken'), (2, 15, 2, NULL), (3, 12, 9, 'lost'),
      (4, NULL, 1, 'odd');
    INSERT INTO employees VALUES (1, 'Boss', NULL), (2, 'Ava', 1), (3, 'Ben', 1), (4, 'Cy', 2),
      (5, 'Dot', 9);
    INSERT INTO notes VALUES (1, 'ann@x', x'00ff'), (2, 'nobody@x', NULL), (3, 'bo@x', x'');
    """

  /// Rows a list page holds: small, so lists span pages and their boundaries move.
  static let rowsPerPage = 3

  @Test func keptPagesAreExactlyWhatAFullExportWrites() throws {
    var random = SeededGenerator(state: 38_5)
    let mutations = (0..<120).map { _ in Self.mutation(&random) }
    let snapshots = try Snapshots(Self.shop, mutations: mutations)
    defer { snapshots.remove() }
    var previous = try Self.export(snapshots.path(0), over: [:]).files.files
    var pages = 0
    var kept = 0
    for step in 1...mutations.count {
      let path = snapshots.path(step)
      let change = "step \(step), after \(mutations[step - 1])"
      let full = try Self.export(path, over: [:]).files.files
      // Same fingerprint ⇒ same bytes, for every file the two full exports share.
      var stale: [String] = []
      for (file, now) in full {
        guard let before = previous[file], before.fingerprint == now.fingerprint else { continue }
        if before.bytes != now.bytes { stale.append(file) }
      }
      #expect(
        stale.isEmpty, "\(change): same fingerprint, other bytes: \(stale.sorted().prefix(4))")
      // An export given the previous files keeps pages, and ends with the full export's files.
      let (skipping, report) = try Self.export(path, over: previous)
      let differing = Set(full.keys).union(skipping.files.keys).filter {
        skipping.files[$0] != full[$0]
      }
      #expect(differing.isEmpty, "\(change): kept, not made: \(differing.sorted().prefix(4))")
      let keptSitemap = skipping.kept.contains("sitemap.xml") ? 1 : 0
      #expect(skipping.kept.count == report.pagesKept * 3 + keptSitemap)
      guard stale.isEmpty, differing.isEmpty else { break }
      pages += report.pagesWritten
      kept += report.pagesKept
      previous = full
    }
    // The fingerprints do their work: most pages survive a one-row change.
    #expect(kept * 2 > pages, "kept \(kept) of \(pages) pages")
  }

  /// Each setting of the exporter that pages show, changed.
  static let settings: [(String, @Sendable (inout DatabaseSiteExporter) -> Void)] = [
    ("title", { $0.siteTitle = "Store" }),
    ("no title", { $0.siteTitle = nil }),
    ("language", { $0.language = "de" }),
    ("base URL", { $0.baseURL = "https://example.com/shop/" }),
    ("rows a page", { $0.rowsPerPage = rowsPerPage + 1 }),
    ("facet limit", { $0.maximumFacetValues = 3 }),
  ]

  @Test(arguments: settings.indices)
  func aChangedSettingMakesEveryPageItChanges(_ index: Int) throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let before = try Self.export(fixture.path, over: [:]).files.files
    let full = try Self.export(fixture.path, over: [:], settings: Self.settings[index].1)
    let (keeping, report) = try Self.export(
      fixture.path, over: before, settings: Self.settings[index].1)
    let differing = Set(full.files.files.keys).union(keeping.files.keys).filter {
      keeping.files[$0] != full.files.files[$0]
    }
    #expect(differing.isEmpty, "\(Self.settings[index].0): \(differing.sorted().prefix(4))")
    #expect(report.pagesKept < report.pagesWritten)
  }

  /// A foreign key that references another column holding the same values finds the same
  /// rows: only the schema tells the two sites apart (the JSON names the referenced columns).
  @Test func aChangedSchemaMakesThePagesItChanges() throws {
    func shop(_ referenced: String) -> String {
      """
      CREATE TABLE customers (id INTEGER PRIMARY KEY, code INTEGER UNIQUE);
      CREATE TABLE orders (id INTEGER PRIMARY KEY,
        customer_id INTEGER REFERENCES customers(\(referenced)));
      INSERT INTO customers VALUES (1, 1), (2, 2);
      INSERT INTO orders VALUES (10, 1), (11, 2), (12, 2);
      """
    }
    let before = try SiteFixture(shop("id"))
    let after = try SiteFixture(shop("code"))
    defer {
      before.remove()
      after.remove()
    }
    let previous = try Self.export(before.path, over: [:]).files.files
    let full = try Self.export(after.path, over: [:]).files.files
    let (keeping, report) = try Self.export(after.path, over: previous)
    #expect(full["orders/rows/10.json"] != previous["orders/rows/10.json"])
    #expect(keeping.files == full)
    #expect(report.pagesKept == 0)
  }

  /// Exports the database at `path` over the files of a previous export, with the test's
  /// settings changed by `settings`.
  static func export(
    _ path: String, over previous: [String: MemorySiteFiles.File],
    settings: (inout DatabaseSiteExporter) -> Void = { _ in }
  ) throws -> (files: MemorySiteFiles, report: DatabaseSiteReport) {
    let files = MemorySiteFiles(previous: previous)
    var exporter = DatabaseSiteExporter(siteTitle: "Shop", rowsPerPage: rowsPerPage)
    settings(&exporter)
    let report = try exporter.export(try Database(path: path), to: files)
    return (files, report)
  }

  /// The tables, their keys and the columns a mutation may set.
  static let tables: [(name: String, key: String, columns: [String])] = [
    ("customers", "id", ["id", "name", "email", "city"]),
    ("products", "sku", ["sku", "title", "price"]),
    ("orders", "id", ["id", "customer_id", "status", "total"]),
    ("order_items", "order_id, line", ["order_id", "line", "sku", "qty"]),
    ("returns", "id", ["order_id", "line", "reason"]),
    ("employees", "id", ["id", "name", "manager_id"]),
    ("notes", "id", ["email", "body"]),
  ]

  /// A value for `column`: mostly one the database already holds or a near one (so references
  /// find rows, facets gain and lose values and keys move), sometimes NULL or another type.
  static func value(for column: String, _ random: inout SeededGenerator) -> String {
    let pick = random.next(12)
    switch pick {
    case 0: return "NULL"
    case 1: return "'\(random.next(9))'"
    case 2: return "\(Double(random.next(7)) / 2)"
    case 3: return "x'0\(random.next(9))'"
    default: break
    }
    switch column {
    case "id", "customer_id", "order_id", "manager_id", "line", "qty":
      return "\(Int(random.next(22)) - 2)"
    case "status": return ["'new'", "'paid'", "'shipped'", "'void'"][Int(random.next(4))]
    case "city": return ["'Oslo'", "'Lima'", "'Kyiv'", "'Pune'"][Int(random.next(4))]
    case "sku": return ["'a1'", "'b2'", "'c3'", "'d4'", "'e5'"][Int(random.next(5))]
    case "email": return ["'ann@x'", "'bo@x'", "'dee@x'", "'new@x'"][Int(random.next(4))]
    case "price", "total": return ["0.1", "1.5", "-0.0", "0.0", "1e300"][Int(random.next(5))]
    default: return "'v\(random.next(5))'"
    }
  }

  /// One random change: a value (a key, a reference, a facet value), an insert, a delete.
  static func mutation(_ random: inout SeededGenerator) -> String {
    let table = tables[Int(random.next(UInt64(tables.count)))]
    let row =
      "(\(table.key)) IN (SELECT \(table.key) FROM \(table.name) ORDER BY \(table.key)"
      + " LIMIT 1 OFFSET \(random.next(40)) % max(1, (SELECT count(*) FROM \(table.name))))"
    switch random.next(10) {
    case 0, 1:
      return "DELETE FROM \(table.name) WHERE \(row)"
    case 2, 3:
      let columns = table.columns + (table.columns.contains("id") ? [] : ["id"])
      let names = columns.filter { $0 != "id" || table.key == "id" }
      let values = names.map { value(for: $0, &random) }
      return "INSERT OR IGNORE INTO \(table.name) (\(names.joined(separator: ", ")))"
        + " VALUES (\(values.joined(separator: ", ")))"
    case 4:
      // A row's key changes: the rows that reference it by another column now link elsewhere.
      let column = String(table.key.prefix { $0 != "," })
      return "UPDATE OR IGNORE \(table.name) SET \(column) = \(value(for: column, &random))"
        + " WHERE \(row)"
    default:
      let column = table.columns[Int(random.next(UInt64(table.columns.count)))]
      return "UPDATE OR IGNORE \(table.name) SET \(column) = \(value(for: column, &random))"
        + " WHERE \(row)"
    }
  }
}

/// The states of a database after each of a list of changes, as files: state 0 before any.
struct Snapshots {
  let folder: URL

  /// Makes the database from `sql`, then applies `mutations` one by one (by Python's
  /// `sqlite3`, foreign keys not enforced, a failing statement left out), copying the file
  /// after each.
  init(_ sql: String, mutations: [String]) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tablekit-snapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = """
      import json, shutil, sqlite3, sys
      folder = sys.argv[1]
      job = json.load(sys.stdin)
      c = sqlite3.connect(folder + "/db")
      c.executescript(job["sql"])
      c.commit()
      shutil.copy(folder + "/db", folder + "/0.db")
      for index, statement in enumerate(job["mutations"]):
          try:
              c.execute(statement)
          except sqlite3.Error:
              pass  # a key of the wrong type, say: this state is the last one again
          c.commit()
          shutil.copy(folder + "/db", "%s/%d.db" % (folder, index + 1))
      c.close()
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, folder.path]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    let job = try JSONSerialization.data(withJSONObject: ["sql": sql, "mutations": mutations])
    input.fileHandleForWriting.write(job)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SiteTestFailure("python3 could not make the snapshots")
    }
  }

  /// The database after `step` changes.
  func path(_ step: Int) -> String {
    folder.appendingPathComponent("\(step).db").path
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}

extension SeededGenerator {
  /// A number below `bound`.
  mutating func next(_ bound: UInt64) -> UInt64 {
    next() % bound
  }
}
