import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// The counts streamed for a whole table equal the count queries made one row at a time.
@Suite struct IncomingCountStreamTests {
  @Test func streamedCountsEqualTheQueriesOfOneRow() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let database = try Database(path: fixture.path)
    let builder = try DatabaseSiteBuilder(database: database, rowsPerPage: 40, indexTitle: "Test")
    let parents = try builder.schema("parents")
    let references = builder.incomingKeys("parents")
    // Text keys matched to integers, text matched without regard to case, a compound key.
    #expect(references.count == 3)
    let stream = try builder.incomingCountStream(of: "parents")
    var after: [DatabaseValue]?
    var pages = 0
    while true {
      let page = try database.page(of: parents, after: after, limit: 40)
      guard let last = page.keys.last else { break }
      after = last
      pages += 1
      let streamed = stream.counts(for: page.keys)
      for (number, reference) in references.enumerated() {
        let counts = try #require(streamed[number], "\(reference.key.columns)")
        for (index, values) in page.rows.enumerated() {
          let matched = reference.key.referencedColumns.map { column in
            page.columns.firstIndex(of: column).map { values[$0] } ?? .null
          }
          let one =
            matched.contains(.null)
            ? 0
            : try database.count(in: "kids", whereIs: reference.key.columns, equal: matched)
          #expect(counts[index] == one, "\(reference.key.columns) \(page.keys[index])")
        }
      }
    }
    #expect(pages == 7)
  }

  @Test func aPageOutOfStepIsNotCounted() throws {
    let fixture = try SiteFixture(DatabaseSiteBuilderIncomingTests.sql)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 40, indexTitle: "Test")
    let stream = try builder.incomingCountStream(of: "parents")
    #expect(stream.counts(for: [[.integer(2)]]).allSatisfy { $0 == nil })
    #expect(stream.counts(for: [[.integer(3)]]).allSatisfy { $0 == nil })
  }
}
