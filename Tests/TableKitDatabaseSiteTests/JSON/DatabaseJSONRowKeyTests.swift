import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// A list twin's rows link their row page under a key no column has, so a column named
/// `$row` keeps its value.
@Suite struct DatabaseJSONRowKeyTests {
  @Test func aColumnNamedLikeTheRowLinkKeepsItsValueInTheListTwin() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE t (id INTEGER PRIMARY KEY, "$row" TEXT, "$$row" TEXT);
      INSERT INTO t VALUES (1, 'mine', 'also mine');
      CREATE TABLE plain (id INTEGER PRIMARY KEY);
      INSERT INTO plain VALUES (1);
      """)
    defer { fixture.remove() }
    let files = try fixture.export()
    let list = try files.object("t/pages/1.json")
    #expect(list["row_key"] as? String == "$$$row")
    let rows = try #require(list["rows"] as? [[String: Any]])
    #expect(rows.count == 1)
    #expect(rows.first?["$row"] as? String == "mine")
    #expect(rows.first?["$$row"] as? String == "also mine")
    #expect(rows.first?["$$$row"] as? String == "t/rows/1.json")
    // With no clash the key stays `$row`.
    #expect(try files.object("plain/pages/1.json")["row_key"] as? String == "$row")
  }
}
