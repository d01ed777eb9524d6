import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The links from other tables read a list page at a time give the row pages and the filtered
/// lists that the same pages read one at a time (`tablekit open`, a count and a page query
/// each) give.
@Suite struct DatabaseSiteBuilderIncomingTests {
  /// 250 parents (three list pages) and kids that reference them through a text column holding
  /// the integer key as text (SQLite's affinity makes `'7' IS 7` true there), a `NOCASE` text
  /// column, and a compound key; one parent has more kids than a page holds, some none, some
  /// references are `NULL` or dangling.
  static let sql = """
    CREATE TABLE parents (id INTEGER PRIMARY KEY, code TEXT, a INTEGER, b TEXT, UNIQUE (a, b));
    CREATE TABLE kids (id INTEGER PRIMARY KEY, parent TEXT REFERENCES parents(id),
      code TEXT COLLATE NOCASE REFERENCES parents(code), a INTEGER, b TEXT,
      FOREIGN KEY (a, b) REFERENCES parents(a, b));
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
    INSERT INTO parents SELECT i, 'Code' || (i % 120), i % 7, 'b' || (i / 7) FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
    INSERT INTO kids SELECT i, CASE WHEN i <= 150 THEN '1' WHEN i % 11 = 0 THEN NULL
      ELSE CAST(i % 230 AS TEXT) END, CASE i % 3 WHEN 0 THEN 'CODE' || (i % 90)
      ELSE 'code' || (i % 90) END, i % 7, CASE WHEN i % 13 = 0 THEN 'none' ELSE 'b' || (i % 36) END
      FROM n;
    """

  @Test func rowPagesAndTheirListsMatchThePagesReadOneAtATime() throws {
    let fixture = try SiteFixture(Self.sql)
    defer { fixture.remove() }
    let files = try fixture.export(rowsPerPage: 100)
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 100, indexTitle: "Test")
    var lists = 0
    var shortLists = 0
    for id in 1...250 {
      let row = try builder.page(for: .row(table: "parents", key: [.integer(Int64(id))]))
      #expect(files[DatabaseSitePage.twin(of: row.file, "json")] == row.json, "parent \(id)")
      for level in row.linkedLevels {
        let list = try builder.page(for: level)
        #expect(
          files[DatabaseSitePage.twin(of: list.file, "json")] == list.json, "\(level)")
        #expect(files[list.file] != nil, "\(level)")
        lists += 1
        if list.count == 1 { shortLists += 1 }
      }
    }
    // The three references each lead to lists, most of one page, one of two.
    #expect(lists > 600)
    #expect(shortLists < lists)
  }

  /// `é` composed and decomposed are equal as Swift compares strings but two keys to SQLite
  /// and to routing: two rows, two pages, two filtered lists, each with its own rows.
  @Test func keysEqualOnlyAsSwiftComparesTextsKeepTheirOwnPagesAndLists() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE authors (name TEXT PRIMARY KEY, born INTEGER);
      CREATE TABLE books (id INTEGER PRIMARY KEY, author TEXT REFERENCES authors(name));
      INSERT INTO authors VALUES (char(233), 1), ('e' || char(769), 2);
      INSERT INTO books VALUES (1, char(233)), (2, 'e' || char(769)), (3, 'e' || char(769));
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 100, indexTitle: "Test")
    var seen: Set<String> = []
    for name in ["\u{E9}", "e\u{301}"] {
      let row = try builder.page(for: .row(table: "authors", key: [.text(name)]))
      #expect(files[DatabaseSitePage.twin(of: row.file, "json")] == row.json)
      #expect(row.linkedLevels.count == 1)
      for level in row.linkedLevels {
        let list = try builder.page(for: level)
        #expect(files[DatabaseSitePage.twin(of: list.file, "json")] == list.json)
        seen.insert(list.file)
      }
      seen.insert(row.file)
    }
    #expect(seen.count == 4)
  }
}
