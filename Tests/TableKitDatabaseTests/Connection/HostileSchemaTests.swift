import TableKitDatabase
import Testing

/// Schemas written to attack the reader: views and triggers that call functions with side
/// effects, generated columns, the widest table SQLite allows, a header with a wrong page size.
@Suite struct HostileSchemaTests {
  static let sql = """
    CREATE TABLE t (a, b);
    INSERT INTO t VALUES (1, 'x');
    CREATE VIEW leaks AS SELECT fts3_tokenizer('simple') AS p FROM t;
    CREATE VIEW loads AS SELECT load_extension('/nonexistent/evil') FROM t;
    CREATE TRIGGER loads_on_insert AFTER INSERT ON t BEGIN
      SELECT load_extension('/nonexistent/evil');
    END;
    CREATE TABLE g (a, b AS (upper(a)));
    INSERT INTO g (a) VALUES ('q');
    """

  /// With the schema untrusted, a view may call only innocuous functions: one that reads a
  /// pointer or loads code is refused, naming the view.
  @Test(arguments: [("leaks", "fts3_tokenizer"), ("loads", "load_extension")])
  func viewsCannotCallUnsafeFunctions(view: String, function: String) throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    let database = try fixture.open()
    #expect {
      _ = try database.rowCount(of: view)
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.table == view && error.description.contains("unsafe use of \(function)()")
    }
    // The rest of the file reads: a generated column, the table the trigger is on.
    #expect(try database.rows("SELECT * FROM g", table: "g") == [[.text("q"), .text("Q")]])
    #expect(try database.rowCount(of: "t") == 1)
  }

  /// A table at SQLite's 2,000-column limit pages by its primary key; one keyed by its rowid
  /// cannot select the rowid beside its columns: a typed error, not a trap.
  @Test func readsTheWidestTable() throws {
    let columns = (1..<2_000).map { "c\($0)" }.joined(separator: ", ")
    let fixture = try TestDatabase(
      """
      CREATE TABLE wide (c0 INTEGER PRIMARY KEY, \(columns));
      INSERT INTO wide (c0, c1999) VALUES (1, 2), (5, 6);
      CREATE TABLE plain (c0, \(columns));
      INSERT INTO plain (c0) VALUES (1);
      """)
    defer { fixture.remove() }
    let database = try fixture.open()
    let schema = try database.schema(of: "wide")
    #expect(schema.columns.count == 2_000)
    let first = try database.page(of: schema, after: nil, limit: 1)
    #expect(first.keys == [[.integer(1)]] && first.rows[0].count == 2_000)
    #expect(first.rows[0].last == .integer(2))
    let second = try database.page(of: schema, after: [.integer(1)], limit: 1)
    #expect(second.keys == [[.integer(5)]] && second.rows[0].last == .integer(6))
    let plain = try database.schema(of: "plain")
    #expect(throws: DatabaseError.self) { try database.page(of: plain, after: nil, limit: 1) }
    #expect(try database.rowCount(of: "plain") == 1)
  }

  @Test func wrongPageSizeIsNotADatabase() throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    var bytes = try fixture.bytes
    (bytes[16], bytes[17]) = (0x03, 0x00)  // 768: not a power of two
    try fixture.write(bytes)
    #expect(CorruptFileTests.corruption(in: fixture) == "sqlite_master")
  }
}

extension HostileSchemaTests {
  /// A value longer than the connection's length limit is an error when it is read, naming the
  /// table: a file cannot make the reader hold more than the limit (256 MiB; 1 MiB here).
  @Test func valueOverTheLengthLimitIsAnError() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE huge (id INTEGER PRIMARY KEY, body TEXT);
      INSERT INTO huge VALUES (1, 'short'), (2, printf('%.2000000c', 'x'));
      """)
    defer { fixture.remove() }
    let library = try SQLiteLibrary.shared.get()
    let database = try Database(path: fixture.path, library: library, maximumValueBytes: 1 << 20)
    let statement = try database.prepare("SELECT body FROM huge ORDER BY id", table: "huge")
    #expect(try statement.step())
    #expect(statement.value(at: 0) == .text("short"))
    #expect {
      _ = try statement.step()
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.table == "huge" && error.description.contains("too big")
    }
  }

  /// A schema whose table name is a BLOB (found by the database fuzz harness) lists the rest.
  ///
  /// The listing leaves that entry out, and a BLOB read as a value keeps every byte. The old
  /// reader freed such an unread BLOB before copying into it in optimised builds
  /// (AddressSanitizer's heap-use-after-free; replayed by `Scripts/fuzz.sh run database
  /// Fuzz/Corpus/database/blob-table-name.db`).
  @Test func aTableNamedByABlobIsLeftOutOfTheListing() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE employees (id INTEGER PRIMARY KEY);
      CREATE TABLE ints (n INTEGER);
      PRAGMA writable_schema = ON;
      UPDATE sqlite_master SET name = CAST(name AS BLOB) WHERE name = 'employees';
      PRAGMA writable_schema = OFF;
      """)
    defer { fixture.remove() }
    let database = try fixture.open()
    #expect(try database.tables().map(\.name) == ["ints"])
    let blob = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'", table: nil)
    #expect(blob.contains([.blob(Array("employees".utf8))]))
  }

  /// A recursive view that never ends stops at the count's work limit with an error naming it,
  /// instead of hanging the listing; a view that ends is counted under the same limit.
  @Test func aViewThatNeverEndsStopsAtTheWorkLimit() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE t (a);
      INSERT INTO t VALUES (1), (2), (3);
      CREATE VIEW endless AS
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
      CREATE VIEW three AS SELECT a FROM t;
      """)
    defer { fixture.remove() }
    let database = try fixture.open()
    database.countWorkLimit = 2_000_000
    #expect(try database.rowCount(of: "three") == 3)
    #expect {
      _ = try database.rowCount(of: "endless")
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.table == "endless"
        && error.description.contains("stopped after 2000000 steps of SQLite's work")
    }
    // The limit is lifted after the count: the same connection reads on.
    #expect(try database.rowCount(of: "t") == 3)
  }
}
