import TableKitDatabase
import Testing

@Suite struct SchemaTests {
  /// A quote, a path, control characters and a 300-byte name: each stays one name.
  static let hostileNames = [
    "a\"b", "../../etc/passwd", "tab\tnew\nline\u{1B}[31m", String(repeating: "é", count: 150),
    "x\"\u{301}y", "\"); DROP TABLE t; --",
  ]

  static func quoted(_ name: String) -> String {
    "\"" + name.unicodeScalars.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
  }

  @Test func readsHostileNamesAsData() throws {
    var sql = "CREATE TABLE t (a);"
    for (index, name) in Self.hostileNames.enumerated() {
      let table = Self.quoted(name)
      sql +=
        "CREATE TABLE \(table) (\(table) INTEGER PRIMARY KEY, \(Self.quoted(name + "2")) TEXT);"
      sql += "INSERT INTO \(table) VALUES (\(index), 'v');"
    }
    let fixture = try TestDatabase(sql)
    defer { fixture.remove() }
    let database = try fixture.open()
    let names = try database.tables().map(\.name)
    #expect(Set(names) == Set(Self.hostileNames + ["t"]))
    for (index, name) in Self.hostileNames.enumerated() {
      let schema = try database.schema(of: name)
      #expect(schema.columns.map(\.name) == [name, name + "2"])
      #expect(schema.primaryKey == [name])
      #expect(try database.rowCount(of: name) == 1)
      let page = try database.page(of: schema, after: nil, limit: 10)
      #expect(page.rows == [[.integer(Int64(index)), .text("v")]])
    }
    #expect(try database.rowCount(of: "t") == 0)
  }

  @Test func readsKeysForeignKeysAndViews() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE plain (x VARCHAR(20));
      CREATE TABLE items (order_id INTEGER, line INTEGER, sku TEXT, PRIMARY KEY (order_id, line))
        WITHOUT ROWID;
      CREATE TABLE notes (order_id INTEGER, line INTEGER, rowid TEXT, note TEXT,
        customer INTEGER REFERENCES customers,
        FOREIGN KEY (order_id, line) REFERENCES items (order_id, line));
      CREATE VIEW named AS SELECT name FROM customers;
      """)
    defer { fixture.remove() }
    let database = try fixture.open()
    #expect(
      try database.tables().map { "\($0.name):\($0.kind.rawValue)" }
        == ["customers:table", "items:table", "named:view", "notes:table", "plain:table"])
    let customers = try database.schema(of: "customers")
    #expect(customers.primaryKey == ["id"] && customers.hasRowID && customers.key == ["id"])
    #expect(customers.columns.map(\.declaredType) == ["INTEGER", "TEXT"])
    #expect(customers.columns.map(\.isNotNull) == [false, true])
    let plain = try database.schema(of: "plain")
    #expect(plain.primaryKey.isEmpty && plain.key == ["rowid"])
    let items = try database.schema(of: "items")
    #expect(!items.hasRowID && items.key == ["order_id", "line"])
    let notes = try database.schema(of: "notes")
    #expect(notes.rowIDName == "_rowid_")
    #expect(
      Set(notes.foreignKeys) == [
        ForeignKey(columns: ["customer"], referencedTable: "customers", referencedColumns: ["id"]),
        ForeignKey(
          columns: ["order_id", "line"], referencedTable: "items",
          referencedColumns: ["order_id", "line"]),
      ])
    let view = try database.schema(of: "named")
    #expect(view.kind == .view && view.key.isEmpty && !view.hasRowID)
    #expect(throws: DatabaseError(path: fixture.path, table: "named", reason: .noKey)) {
      try database.page(of: view, after: nil, limit: 1)
    }
  }

  @Test func missingTableListsTheOthers() throws {
    let fixture = try TestDatabase("CREATE TABLE orders (a); CREATE VIEW v AS SELECT 1;")
    defer { fixture.remove() }
    #expect(
      throws: DatabaseError(
        path: fixture.path, reason: .noSuchTable("order", available: ["orders", "v"]))
    ) {
      try fixture.open().schema(of: "order")
    }
  }
}
