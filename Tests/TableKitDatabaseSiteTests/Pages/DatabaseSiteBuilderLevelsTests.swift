import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// `DatabaseSiteBuilder.page(for:)`, the page of one level read on its own (`tablekit open`).
@Suite struct DatabaseSiteBuilderLevelsTests {
  static let sql = """
    create table orders (id integer primary key, status text);
    insert into orders values (1, 'open'), (2, 'paid');
    """

  @Test(arguments: [
    DatabaseSiteLevel.list(table: "no_such_table", page: 1),
    .row(table: "no_such_table", key: [.integer(1)]),
    .facet(table: "../orders", column: "status"),
    .filtered(table: "Orders", columns: ["status"], values: [.text("open")], page: 1),
  ])
  func aTableTheDatabaseLacksIsALevelThatDoesNotExist(level: DatabaseSiteLevel) throws {
    let fixture = try SiteFixture(Self.sql)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 10, indexTitle: "Test")
    #expect {
      _ = try builder.page(for: level)
    } throws: { error in
      guard case .noSuchLevel(let url) = error as? DatabaseSiteError else { return false }
      return url == builder.url(of: level)
    }
  }

  @Test func aTableItHasIsStillFound() throws {
    let fixture = try SiteFixture(Self.sql)
    defer { fixture.remove() }
    let builder = try DatabaseSiteBuilder(
      database: try Database(path: fixture.path), rowsPerPage: 10, indexTitle: "Test")
    let page = try builder.page(for: .row(table: "orders", key: [.integer(2)]))
    #expect(page.file == "orders/rows/2.html")
  }
}
