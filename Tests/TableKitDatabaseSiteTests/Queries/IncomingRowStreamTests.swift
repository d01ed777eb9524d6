import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The rows streamed for a whole table's short lists equal the rows the batched query reads
/// for each page, and the stream says nothing where it cannot be sure.
@Suite struct IncomingRowStreamTests {
  @Test func streamedRowsEqualTheBatchedQuery() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 40, indexTitle: "Test")
    let parents = try builder.schema("parents")
    let kids = try builder.schema("kids")
    let references = builder.incomingKeys("parents")
    // Text keys matched to integers, text matched without regard to case, a compound key.
    #expect(references.count == 3)
    let counts = try builder.incomingCountStream(of: "parents")
    let stream = try builder.incomingRowStream(of: "parents")
    var after: [DatabaseValue]?
    var (short, long, none) = (0, 0, 0)
    while true {
      let page = try database.page(of: parents, after: after, limit: 40)
      guard let last = page.keys.last else { break }
      after = last
      let pageCounts = counts.counts(for: page.keys)
      for (number, reference) in references.enumerated() {
        let referencing = try #require(pageCounts[number])
        let matched = page.rows.map { values in
          reference.key.referencedColumns.map { column in
            page.columns.firstIndex(of: column).map { values[$0] } ?? .null
          }
        }
        let asked = matched.indices.filter { !matched[$0].contains(.null) }
        let found = try #require(
          stream.rows(
            reference: number, keys: asked.map { page.keys[$0] },
            counts: asked.map { referencing[$0] }, limit: 40),
          "\(reference.key.columns)")
        let batched = try database.pages(
          of: kids, whereIs: reference.key.columns, equalEach: asked.map { matched[$0] })
        for (index, row) in asked.enumerated() {
          let count = referencing[row]
          guard count > 0, count <= 40 else {
            #expect(found[index] == nil)
            if count == 0 { none += 1 } else { long += 1 }
            continue
          }
          let rows = try #require(found[index], "\(reference.key.columns) \(page.keys[row])")
          #expect(rows.columns == batched[index].columns)
          #expect(rows.keys == batched[index].keys, "\(reference.key.columns) \(page.keys[row])")
          #expect(rows.rows == batched[index].rows, "\(reference.key.columns) \(page.keys[row])")
          short += 1
        }
      }
    }
    // Every kind of list was met: short ones compared, a long one (parent 1 has 150 kids by
    // `parent`) and rows nobody references.
    #expect(short > 300)
    #expect(long >= 1)
    #expect(none > 10)
  }

  @Test func aPageOutOfStepOrACountThatDiffersIsNotRead() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 40, indexTitle: "Test")
    let references = builder.incomingKeys("parents")
    let compound = try #require(references.firstIndex { $0.key.columns == ["a", "b"] })
    let byParent = try #require(references.firstIndex { $0.key.columns == ["parent"] })
    // Parent 1 (a 1, b 'b0') is referenced by kids 36, 288 and 540 through the compound key:
    // asking for parent 2 first is out of step.
    let outOfStep = try builder.incomingRowStream(of: "parents")
    #expect(
      outOfStep.rows(reference: compound, keys: [[.integer(2)]], counts: [1], limit: 40) == nil)
    // Once out of step, the key's stream is not used again, even in step.
    #expect(
      outOfStep.rows(reference: compound, keys: [[.integer(1)]], counts: [3], limit: 40) == nil)
    // In step, a new stream reads it.
    let inStep = try builder.incomingRowStream(of: "parents")
    let one = try #require(
      inStep.rows(reference: compound, keys: [[.integer(1)]], counts: [3], limit: 40))
    #expect(one.first??.keys == [[.integer(36)], [.integer(288)], [.integer(540)]])
    // A count that is not the group's size: parent 1 has 152 kids by `parent`.
    let miscounted = try builder.incomingRowStream(of: "parents")
    #expect(
      miscounted.rows(reference: byParent, keys: [[.integer(1)]], counts: [151], limit: 400)
        == nil)
    let counted = try builder.incomingRowStream(of: "parents")
    #expect(
      counted.rows(reference: byParent, keys: [[.integer(1)]], counts: [152], limit: 400)?
        .first??.rows.count == 152)
  }

  @Test func aReferencingTableKeyedByTextIsNotStreamed() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE p (id INTEGER PRIMARY KEY);
      CREATE TABLE r (name TEXT PRIMARY KEY, p INTEGER REFERENCES p(id)) WITHOUT ROWID;
      INSERT INTO p VALUES (1), (2);
      INSERT INTO r VALUES ('b', 1), ('a', 1), ('c', 2);
      """)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 40, indexTitle: "Test")
    let stream = try builder.incomingRowStream(of: "p")
    // The rows' order would need SQLite's text order: the caller reads these lists itself.
    #expect(stream.rows(reference: 0, keys: [[.integer(1)]], counts: [2], limit: 40) == nil)
  }
}
