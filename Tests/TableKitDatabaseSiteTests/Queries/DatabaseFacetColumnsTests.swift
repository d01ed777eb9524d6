import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The columns that get a facet are those the whole count of distinct values says, though the
/// count now stops one past the limit.
@Suite struct DatabaseFacetColumnsTests {
  static let sql = """
    CREATE TABLE t (id INTEGER PRIMARY KEY, two TEXT, many INTEGER, nulls TEXT,
      folded TEXT COLLATE NOCASE, blobby, long TEXT, five INTEGER, one TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
    INSERT INTO t SELECT i, CASE i % 2 WHEN 0 THEN 'x' ELSE 'y' END, i,
      CASE WHEN i % 3 = 0 THEN NULL ELSE 'n' || (i % 4) END,
      CASE i % 4 WHEN 0 THEN 'a' WHEN 1 THEN 'A' WHEN 2 THEN 'b' ELSE 'B' END,
      CASE WHEN i = 7 THEN x'00ff' ELSE i % 3 END,
      CASE WHEN i = 9 THEN printf('%.*c', 5000, 'z') ELSE 'l' || (i % 3) END,
      i % 5, 'same'
    FROM n;
    """

  /// The columns the former query found: the whole count of distinct values, and no blob or
  /// long value.
  static func expected(_ database: Database, _ schema: TableSchema, maximum: Int) throws
    -> [String]
  {
    try schema.columns.filter { $0.primaryKeyIndex == 0 }.map(\.name).filter { name in
      let quoted = SQLIdentifier.quoted(name)
      let row = try database.rows(
        "SELECT count(DISTINCT \(quoted)), coalesce(max(typeof(\(quoted)) = 'blob'), 0)"
          + " OR coalesce(max(length(CAST(\(quoted) AS BLOB))), 0) > 4096 FROM t", table: "t")[0]
      guard case .integer(let distinct) = row[0] else { return false }
      return row[1] == .integer(0) && distinct >= 2 && distinct <= maximum
    }
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 299, 300, 301, Int.max, -1, Int.min])
  func facetColumnsAreTheWholeCountsOnes(maximum: Int) throws {
    let fixture = try SiteFixture(Self.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let schema = try database.schema(of: "t")
    let found = try database.facetColumns(of: schema, maximum: maximum)
    #expect(found == (try Self.expected(database, schema, maximum: maximum)))
  }

  @Test func theFixtureHoldsEachCase() throws {
    let fixture = try SiteFixture(Self.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let found = try database.facetColumns(of: try database.schema(of: "t"), maximum: 5)
    // `folded` has two values under NOCASE; `blobby` and `long` have few values but one
    // blob or one long text; `many` has 300; `one` has one.
    #expect(found == ["two", "nulls", "folded", "five"])
  }
}
