import TableKitDatabase
import Testing

@Suite struct PageTests {
  static let shop = """
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE lines (order_id INTEGER, line INTEGER, sku TEXT, PRIMARY KEY (order_id, line))
      WITHOUT ROWID;
    CREATE TABLE refs (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers (id),
      order_id INTEGER, line INTEGER, FOREIGN KEY (order_id, line) REFERENCES lines);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 57)
      INSERT INTO customers SELECT i * 3, 'c' || i FROM n;
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99)
      INSERT INTO lines SELECT i / 7, i % 7, 's' || i FROM n;
    INSERT INTO refs VALUES (1, 3, 0, 1), (2, 3, 0, 1), (3, 6, 1, 0), (4, 999, 40, 0);
    """

  /// Pages by key, whatever their size, give every row once, in key order.
  @Test(arguments: [1, 5, 7, 10, 100])
  func pagesCoverEveryRowOnceInKeyOrder(limit: Int) throws {
    let fixture = try TestDatabase(Self.shop)
    defer { fixture.remove() }
    let database = try fixture.open()
    for (table, count) in [("customers", 57), ("lines", 100)] {
      let schema = try database.schema(of: table)
      var keys: [[DatabaseValue]] = []
      var page = try database.page(of: schema, after: nil, limit: limit)
      keys += page.keys
      while page.rows.count == limit, let last = page.keys.last {
        page = try database.page(of: schema, after: last, limit: limit)
        keys += page.keys
      }
      let expected = try database.rows(
        "SELECT \(schema.key.joined(separator: ", ")) FROM \(table) ORDER BY 1, \(schema.key.count)",
        table: table)
      #expect(keys == expected)
      #expect(keys.count == count)
    }
  }

  @Test func followsForeignKeysBothWays() throws {
    let fixture = try TestDatabase(Self.shop)
    defer { fixture.remove() }
    let database = try fixture.open()
    let lines = try database.schema(of: "lines")
    #expect(
      try database.row(of: lines, key: [.integer(0), .integer(1)]) == [
        .integer(0), .integer(1), .text("s1"),
      ])
    #expect(try database.row(of: lines, key: [.integer(40), .integer(0)]) == nil)  // dangling
    let incoming = try database.incomingForeignKeys(to: "lines")
    #expect(incoming.map(\.table) == ["refs"])
    #expect(incoming.first?.key.columns == ["order_id", "line"])
    #expect(
      try database.count(
        in: "refs", where: ["order_id", "line"], equal: [.integer(0), .integer(1)]) == 2)
    #expect(try database.count(in: "refs", where: ["customer"], equal: [.integer(6)]) == 1)
    #expect(
      throws: DatabaseError(
        path: fixture.path, table: "lines", reason: .keyMismatch(expected: 2, given: 1))
    ) {
      try database.row(of: lines, key: [.integer(0)])
    }
  }
}
