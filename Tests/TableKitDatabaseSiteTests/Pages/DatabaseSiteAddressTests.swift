import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// Values too long for a page's address: a facet column holding one gets no facet (its lists
/// could not be addressed), and a key holding one is a typed error naming the table, never a
/// trap.
@Suite struct DatabaseSiteAddressTests {
  @Test func aColumnWithAValueTooLongForAnAddressGetsNoFacet() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE t (id INTEGER PRIMARY KEY, kind TEXT, other TEXT);
      INSERT INTO t VALUES (1, 'a', 'x'), (2, 'b', 'y'), (3, printf('%.60000c', 'z'), 'x');
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let index = try files.text("index.json")
    #expect(!index.contains("\"kind\""))
    #expect(index.contains("\"other\""))
    #expect(try files.text("t/rows/3.json").contains(String(repeating: "z", count: 60_000)))
  }

  @Test(arguments: [
    "CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT); INSERT INTO t VALUES (printf('%.5000c', 'k'), 1);",
    """
    CREATE TABLE p (id INTEGER PRIMARY KEY, email TEXT UNIQUE);
    CREATE TABLE c (id INTEGER PRIMARY KEY, email TEXT REFERENCES p(email));
    INSERT INTO p VALUES (1, printf('%.5000c', 'e'));
    """,
  ])
  func aKeyTooLongForAnAddressIsATypedError(sql: String) throws {
    let fixture = try SiteFixture(sql)
    defer { fixture.remove() }
    #expect {
      try fixture.export()
    } throws: { error in
      guard let error = error as? DatabaseSiteError, case .database(let failure) = error else {
        return false
      }
      return failure.description.contains("4096 bytes a page's address holds")
    }
  }
}
