import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import Testing

@Suite struct DatabaseSiteExporterTests {
  static let shop = """
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
      status TEXT);
    INSERT INTO customers VALUES (1, 'Ann'), (2, 'Bo'), (3, 'Chen');
    INSERT INTO orders VALUES (10, 1, 'new'), (11, 1, 'paid'), (12, 2, 'paid'), (13, 99, 'new'),
      (14, NULL, 'paid');
    """

  @Test func foreignKeysLinkToTheReferencedRowAndDanglingOnesAreMarked() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let files = try fixture.export()
    let linked = try files.object("orders/rows/10.json")
    let keys = try #require(linked["foreign_keys"] as? [[String: Any]])
    #expect(keys.count == 1)
    #expect(keys[0]["columns"] as? [String] == ["customer_id"])
    #expect(keys[0]["table"] as? String == "customers")
    #expect(keys[0]["target"] as? String == "customers/rows/1.json")
    #expect(files["customers/rows/1.json"] != nil)
    #expect(try files.text("orders/rows/10.html").contains("href=\"../../customers/rows/1.html\""))
    let dangling = try files.object("orders/rows/13.json")
    let danglingKeys = try #require(dangling["foreign_keys"] as? [[String: Any]])
    #expect(danglingKeys[0]["target"] is NSNull)
    let html = try files.text("orders/rows/13.html")
    #expect(html.contains("99 (dangling: no such row in customers)"))
    #expect(!html.contains("customers/rows/99"))
    // NULL references nothing: no target, not marked.
    let null = try files.object("orders/rows/14.json")
    #expect((null["foreign_keys"] as? [[String: Any]])?[0]["target"] is NSNull)
    #expect(!(try files.text("orders/rows/14.html")).contains("dangling"))
  }

  @Test func rowPagesCountAndLinkTheRowsThatReferenceThem() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let files = try fixture.export()
    let ann = try files.object("customers/rows/1.json")
    let incoming = try #require(ann["incoming"] as? [[String: Any]])
    #expect(incoming.count == 1)
    #expect(incoming[0]["table"] as? String == "orders")
    #expect(incoming[0]["count"] as? Int == 2)
    let list = try #require(incoming[0]["list"] as? String)
    let filtered = try files.object(list)
    #expect((filtered["where"] as? [String: Int]) == ["customer_id": 1])
    let rows = try #require(filtered["rows"] as? [[String: Any]])
    #expect(rows.map { $0["id"] as? Int } == [10, 11])
    let chen = try files.object("customers/rows/3.json")
    let none = try #require(chen["incoming"] as? [[String: Any]])
    #expect(none[0]["count"] as? Int == 0)
    #expect(none[0]["list"] is NSNull)
  }

  /// Found by Scripts/datasette-oracle.py: keys whose TEXT is not UTF-8 decoded to the same
  /// text, so two rows claimed one page and a reference to either found no row.
  @Test func textKeysThatAreNotUTF8KeepTheirOwnPagesAndReferences() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE authors (id TEXT PRIMARY KEY, name TEXT);
      CREATE TABLE books (id INTEGER PRIMARY KEY, author_id TEXT REFERENCES authors(id));
      INSERT INTO authors VALUES (CAST(x'41ff' AS TEXT), 'first'), (CAST(x'41fe' AS TEXT), 'second');
      INSERT INTO books VALUES (1, CAST(x'41ff' AS TEXT));
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let list = try files.object("authors/pages/1.json")
    let rows = try #require(list["rows"] as? [[String: Any]])
    let pages = rows.compactMap { $0["$row"] as? String }
    #expect(pages.count == 2 && Set(pages).count == 2)
    // Key order is byte order: x'41fe' ("second") before x'41ff' ("first").
    let names = try pages.map {
      try (files.object($0)["row"] as? [String: Any])?["name"] as? String
    }
    #expect(names == ["second", "first"])
    let book = try files.object("books/rows/1.json")
    let target = try #require(
      (book["foreign_keys"] as? [[String: Any]])?.first?["target"] as? String)
    #expect(target == pages[1])
    let counts = try pages.map {
      try (files.object($0)["incoming"] as? [[String: Any]])?.first?["count"] as? Int
    }
    #expect(counts == [0, 1])
  }

  @Test func exportingAgainWritesOnlyTheFilesThatChanged() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let site = fixture.folder.appendingPathComponent("site").path
    let exporter = DatabaseSiteExporter(siteTitle: "Test", rowsPerPage: 100)
    let first = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(first.filesWritten == first.files && first.filesUnchanged == 0)
    let again = try exporter.export(try Database(path: fixture.path), toDirectory: site)
    #expect(again.files == first.files)
    #expect(again.filesWritten == 0 && again.filesUnchanged == first.files)
    #expect(again.filesRemoved == 0)
  }

  @Test func facetsCountEachValueMostFirst() throws {
    let fixture = try SiteFixture(
      Self.shop + """
        CREATE TABLE one (id INTEGER PRIMARY KEY, same TEXT, many INTEGER);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 31)
        INSERT INTO one SELECT i, 'x', i FROM n;
        """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let index = try files.object("index.json")
    let tables = try #require(index["tables"] as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: tables.map { ($0["name"] as? String ?? "", $0) })
    let orderFacets = try #require(byName["orders"]?["facets"] as? [[String: String]])
    #expect(orderFacets.map { $0["column"] } == ["customer_id", "status"])
    // One distinct value and 31 get no facet.
    #expect((byName["one"]?["facets"] as? [Any])?.isEmpty == true)
    let facetPath = try #require(orderFacets[1]["json"])
    let facet = try files.object(facetPath)
    let values = try #require(facet["values"] as? [[String: Any]])
    #expect(values.map { $0["value"] as? String } == ["paid", "new"])
    #expect(values.map { $0["count"] as? Int } == [3, 2])
    let paid = try files.object(try #require(values[0]["list"] as? String))
    #expect((paid["rows"] as? [[String: Any]])?.count == 3)
    // NULL is a value of its own, listed first among equal counts.
    let customers = try files.object(try #require(orderFacets[0]["json"]))
    let customerValues = try #require(customers["values"] as? [[String: Any]])
    #expect(customerValues.map { $0["count"] as? Int } == [2, 1, 1, 1])
    #expect(customerValues[1]["value"] is NSNull)
  }

  @Test func aCompoundForeignKeyLinksToTheCompositeKeysRow() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE items (order_id INTEGER, line INTEGER, what TEXT,
        PRIMARY KEY (order_id, line));
      CREATE TABLE shipments (id INTEGER PRIMARY KEY, order_id INTEGER, line INTEGER,
        FOREIGN KEY (order_id, line) REFERENCES items (order_id, line));
      INSERT INTO items VALUES (1, 1, 'a'), (1, 2, 'b');
      INSERT INTO shipments VALUES (5, 1, 2), (6, 1, 3);
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 100, indexTitle: "Test")
    let target = builder.jsonPath(of: .row(table: "items", key: [.integer(1), .integer(2)]))
    let shipment = try files.object("shipments/rows/5.json")
    let keys = try #require(shipment["foreign_keys"] as? [[String: Any]])
    #expect(keys[0]["columns"] as? [String] == ["order_id", "line"])
    #expect(keys[0]["target"] as? String == target)
    let item = try files.object(target)
    #expect(item["key"] as? [String: Int] == ["order_id": 1, "line": 2])
    let incoming = try #require(item["incoming"] as? [[String: Any]])
    #expect(incoming[0]["count"] as? Int == 1)
    let dangling = try files.object("shipments/rows/6.json")
    #expect((dangling["foreign_keys"] as? [[String: Any]])?[0]["target"] is NSNull)
  }

  @Test func withoutRowIDTablesArePagedByTheirKeyAndViewsHaveNoRowPages() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE codes (code TEXT PRIMARY KEY, label TEXT) WITHOUT ROWID;
      INSERT INTO codes VALUES ('c', '3'), ('a', '1'), ('b', '2');
      CREATE VIEW labels AS SELECT label FROM codes ORDER BY label DESC;
      """)
    defer { fixture.remove() }
    let files = try fixture.export(rowsPerPage: 2)
    let first = try files.object("codes/pages/1.json")
    let rows = try #require(first["rows"] as? [[String: Any]])
    #expect(rows.map { $0["code"] as? String } == ["a", "b"])
    let rowPath = try #require(rows[0]["$row"] as? String)
    #expect((try files.object(rowPath))["key"] as? [String: String] == ["code": "a"])
    #expect(first["next"] as? String == "codes/pages/2.json")
    let second = try files.object("codes/pages/2.json")
    #expect((second["rows"] as? [[String: Any]])?.map { $0["code"] as? String } == ["c"])
    let view = try files.object("labels/pages/1.json")
    let viewRows = try #require(view["rows"] as? [[String: Any]])
    #expect(viewRows.map { $0["label"] as? String } == ["3", "2"])
    #expect(viewRows.allSatisfy { $0["$row"] == nil })
    #expect(!files.keys.contains { $0.hasPrefix("labels/rows/") })
  }

  @Test(arguments: [(0, 1, [0]), (4, 2, [2, 2]), (5, 3, [2, 2, 1])])
  func keysetPagesSplitTheRowsExactly(rows: Int, pages: Int, sizes: [Int]) throws {
    var sql = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"
    for id in stride(from: 1, through: rows, by: 1) {
      sql += "INSERT INTO t VALUES (\(id * 7), 'v');"
    }
    let fixture = try SiteFixture(sql)
    defer { fixture.remove() }
    let files = try fixture.export(rowsPerPage: 2)
    var seen: [Int] = []
    for number in 1...pages {
      let page = try files.object("t/pages/\(number).json")
      #expect(page["pages"] as? Int == pages)
      let list = try #require(page["rows"] as? [[String: Any]])
      #expect(list.count == sizes[number - 1])
      seen += list.compactMap { $0["id"] as? Int }
      #expect(page["first_row"] as? Int == (list.isEmpty ? 0 : (number - 1) * 2 + 1))
      #expect(page["last_row"] as? Int == (list.isEmpty ? 0 : (number - 1) * 2 + list.count))
      #expect((page["previous"] as? String) == (number > 1 ? "t/pages/\(number - 1).json" : nil))
      #expect((page["next"] as? String) == (number < pages ? "t/pages/\(number + 1).json" : nil))
    }
    #expect(seen == (0..<rows).map { ($0 + 1) * 7 })
    #expect(files["t/pages/\(pages + 1).json"] == nil)
  }

  @Test func jsonTwinsHoldValuesAsSQLiteHoldsThem() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE v (id INTEGER PRIMARY KEY, big INTEGER, small INTEGER, tenth REAL, huge REAL,
        data BLOB, absent TEXT, empty TEXT);
      INSERT INTO v VALUES (1, 9223372036854775807, -9223372036854775808, 0.1, 1e300,
        x'00ff10', NULL, '');
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let text = try files.text("v/rows/1.json")
    #expect(
      text.contains(
        #""row":{"id":1,"big":9223372036854775807,"small":-9223372036854775808,"tenth":0.1,"#
          + #""huge":1e+300,"data":{"$base64":true,"encoded":"AP8Q"},"absent":null,"empty":""}"#
      ))
    let list = try files.text("v/pages/1.json")
    #expect(list.contains(#""big":9223372036854775807"#))
    #expect(list.contains(#""absent":null,"empty":"""#))
  }

  @Test func hostileNamesStayDataAndMakeSafeFileNames() throws {
    let long = String(repeating: "é", count: 150)
    let name = "../\"x\"\u{1}" + long
    let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let fixture = try SiteFixture(
      """
      CREATE TABLE \(quoted) (\(quoted) TEXT PRIMARY KEY, "a/b" TEXT) WITHOUT ROWID;
      INSERT INTO \(quoted) VALUES ('../../etc/passwd', '<script>'), ('\u{1}', 'x'), ('', 'y');
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    for file in files.keys {
      for part in file.split(separator: "/", omittingEmptySubsequences: false) {
        #expect(part != "." && part != ".." && !part.isEmpty, "\(file)")
        #expect(part.utf8.count <= 100, "\(file)")
        #expect(
          part.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
              || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~")]
                .contains(byte)
          }, "\(file)")
      }
    }
    let index = try files.object("index.json")
    let table = try #require((index["tables"] as? [[String: Any]])?.first)
    #expect(table["name"] as? String == name)
    let list = try files.object(try #require(table["list"] as? String))
    let rows = try #require(list["rows"] as? [[String: Any]])
    #expect(rows.compactMap { $0[name] as? String } == ["", "\u{1}", "../../etc/passwd"])
    for row in rows {
      let page = try files.object(try #require(row["$row"] as? String))
      #expect((page["row"] as? [String: String])?[name] == row[name] as? String)
    }
    #expect(
      !(try files.text(
        try #require(rows[2]["$row"] as? String).replacingOccurrences(
          of: ".json", with: ".html"))).contains("<script>"))
  }

  @Test func twoExportsAreByteIdentical() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let first = try fixture.export(rowsPerPage: 2)
    let second = try fixture.export(rowsPerPage: 2)
    #expect(first == second)
    #expect(first.count > 30)
  }

  @Test func eachFileHandedOnHoldsStorageOfItsOwnSize() throws {
    // One list page far larger than the row pages after it: they must not each keep storage
    // of its size while they wait to be written. (The names are distinct: no facet.)
    let fixture = try SiteFixture(
      """
      CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
      INSERT INTO t SELECT i, printf('%.1000c', 'x') || i FROM n;
      """)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let files = MemorySiteFiles()
    _ = try DatabaseSiteExporter(rowsPerPage: 100).export(database, to: files)
    let largest = files.files.values.map(\.bytes.count).max() ?? 0
    let oversized = files.files.filter { file, written in
      (file.hasSuffix(".html") || file.hasSuffix(".csv"))
        && written.bytes.capacity > written.bytes.count + 64
    }.keys.sorted()
    #expect(largest > 100_000)
    #expect(oversized.isEmpty, "\(oversized.prefix(3))")
  }

  @Test func theSitemapListsExactlyThePages() throws {
    let fixture = try SiteFixture(Self.shop)
    defer { fixture.remove() }
    let files = try fixture.export(rowsPerPage: 2)
    let sitemap = try files.text("sitemap.xml")
    let listed = sitemap.components(separatedBy: "<loc>").dropFirst().compactMap {
      $0.components(separatedBy: "</loc>").first
    }
    #expect(listed.sorted() == files.keys.filter { $0.hasSuffix(".html") }.sorted())
    for page in listed {
      #expect(files[DatabaseSitePage.twin(of: page, "csv")] != nil)
      #expect(files[DatabaseSitePage.twin(of: page, "json")] != nil)
    }
  }
}
