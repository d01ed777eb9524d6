import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The batched counts and pages of a list page's rows equal the count and page queries made
/// one key at a time.
@Suite struct DatabaseIncomingBatchTests {
  @Test func batchedCountsAndPagesEqualTheQueriesOfOneKey() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let kids = try database.schema(of: "kids")
    let cases: [(columns: [String], keys: [[DatabaseValue]])] = [
      // More keys than one query takes; integers matched by a text column; a key with no rows.
      (["parent"], (1...240).map { [.integer(Int64($0))] }),
      // Text matched without regard to case by the column's collation, as `IS` does.
      (["code"], (0...130).map { [.text("Code\($0)")] }),
      (
        ["a", "b"], (0...7).flatMap { a in (0...40).map { [.integer(Int64(a)), .text("b\($0)")] } }
      ),
    ]
    for (columns, keys) in cases {
      let counts = try database.counts(in: "kids", whereIs: columns, equalEach: keys)
      let one = try keys.map { try database.count(in: "kids", whereIs: columns, equal: $0) }
      #expect(counts == one, "\(columns)")
      #expect(one.contains(0) && one.contains { $0 > 1 }, "\(columns)")
      let short = Array(keys.prefix(Database.keysPerBatch))
      let pages = try database.pages(of: kids, whereIs: columns, equalEach: short)
      for (index, key) in short.enumerated() {
        let page = try database.page(
          of: kids, where: columns, equal: key, after: nil, limit: 1_000)
        #expect(pages[index] == page, "\(columns) \(key)")
      }
    }
  }
}
