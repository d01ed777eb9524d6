import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The counts and rows streamed for a whole table equal the count query of one row and the
/// rows the batched query reads, and the stream says nothing where it cannot be sure.
@Suite struct IncomingRowStreamTests {
  @Test func streamedCountsAndRowsEqualTheQueries() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 40, indexTitle: "Test")
    let parents = try builder.schema("parents")
    let kids = try builder.schema("kids")
    let references = builder.incomingKeys("parents")
    // Text keys matched to integers, text matched without regard to case, a compound key.
    #expect(references.count == 3)
    let stream = try builder.incomingRowStream(of: "parents")
    #expect(stream.isStreamed == [true, true, true])
    var after: [DatabaseValue]?
    var (short, long, none) = (0, 0, 0)
    while true {
      let page = try database.page(of: parents, after: after, limit: 40)
      guard let last = page.keys.last else { break }
      after = last
      for (number, reference) in references.enumerated() {
        let found = try #require(
          stream.read(reference: number, keys: page.keys, limit: 40), "\(reference.key.columns)")
        #expect(found.count == page.keys.count)
        for (row, values) in page.rows.enumerated() {
          let matched = reference.key.referencedColumns.map { column in
            page.columns.firstIndex(of: column).map { values[$0] } ?? .null
          }
          let label = "\(reference.key.columns) \(page.keys[row])"
          guard !matched.contains(.null) else {
            #expect(found[row].count == 0 && found[row].rows == nil, "\(label)")
            none += 1
            continue
          }
          let count = try database.count(
            in: "kids", whereIs: reference.key.columns, equal: matched)
          #expect(found[row].count == count, "\(label)")
          guard count > 0, count <= 40 else {
            #expect(found[row].rows == nil, "\(label)")
            if count == 0 { none += 1 } else { long += 1 }
            continue
          }
          let batched = try database.pages(
            of: kids, whereIs: reference.key.columns, equalEach: [matched])[0]
          let rows = try #require(found[row].rows, "\(label)")
          #expect(rows.columns == batched.columns, "\(label)")
          #expect(rows.keys == batched.keys, "\(label)")
          #expect(rows.rows == batched.rows, "\(label)")
          short += 1
        }
      }
    }
    // Every kind of row was met: short lists compared, a long one (parent 1 has 152 kids by
    // `parent`) and rows nobody references.
    #expect(short > 300)
    #expect(long >= 1)
    #expect(none > 10)
  }

  @Test func aPageOutOfStepIsNotRead() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 40, indexTitle: "Test")
    let compound = try #require(
      builder.incomingKeys("parents").firstIndex { $0.key.columns == ["a", "b"] })
    // Parent 1 comes first: asking for parent 2 first is out of step.
    let outOfStep = try builder.incomingRowStream(of: "parents")
    #expect(outOfStep.read(reference: compound, keys: [[.integer(2)]], limit: 40) == nil)
    // Once out of step, the key's stream is not used again, even in step.
    #expect(outOfStep.read(reference: compound, keys: [[.integer(1)]], limit: 40) == nil)
    // In step, a new stream reads it: parent 1 (a 1, b 'b0') has kids 36, 288 and 540.
    let inStep = try builder.incomingRowStream(of: "parents")
    let one = try #require(inStep.read(reference: compound, keys: [[.integer(1)]], limit: 40))
    #expect(one.first?.count == 3)
    #expect(one.first?.rows?.keys == [[.integer(36)], [.integer(288)], [.integer(540)]])
    // With a limit below the count, the count without the rows.
    let limited = try builder.incomingRowStream(of: "parents")
    let counted = try #require(limited.read(reference: compound, keys: [[.integer(1)]], limit: 2))
    #expect(counted.first?.count == 3 && counted.first?.rows == nil)
  }

  /// A referencing table keyed by text: the counts are streamed, the short lists' rows are
  /// left to the caller (their order would need SQLite's text order), and the exported lists
  /// are the pages read one at a time.
  @Test func aReferencingTableKeyedByTextIsCountedAndItsListsReadElsewhere() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE p (id INTEGER PRIMARY KEY);
      CREATE TABLE r (name TEXT COLLATE NOCASE PRIMARY KEY, p INTEGER REFERENCES p(id))
        WITHOUT ROWID;
      INSERT INTO p VALUES (1), (2), (3);
      INSERT INTO r VALUES ('b', 1), ('A', 1), ('c', 2), ('B2', 1);
      """)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 40, indexTitle: "Test")
    let stream = try builder.incomingRowStream(of: "p")
    let found = try #require(
      stream.read(reference: 0, keys: [[.integer(1)], [.integer(2)], [.integer(3)]], limit: 40))
    #expect(found.map(\.count) == [3, 1, 0])
    #expect(found.allSatisfy { $0.rows == nil })
    let files = try fixture.export(rowsPerPage: 40)
    var lists = 0
    for id in 1...2 {
      let row = try builder.page(for: .row(table: "p", key: [.integer(Int64(id))]))
      for level in row.linkedLevels {
        let list = try builder.page(for: level)
        #expect(files[DatabaseSitePage.twin(of: list.file, "json")] == list.json, "\(level)")
        lists += 1
      }
    }
    #expect(lists == 2)
  }
}
