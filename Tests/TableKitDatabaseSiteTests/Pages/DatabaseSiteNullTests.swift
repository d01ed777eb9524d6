import Foundation
import TableKitDatabase
import TableKitDatabaseSite
import Testing

/// `NULL` and the empty text stay apart in each of a page's three files: the word `NULL`
/// against an empty cell in the HTML, an empty field against `""` in the CSV twin, `null`
/// against `""` in the JSON twin.
@Suite struct DatabaseSiteNullTests {
  @Test func nullAndTheEmptyTextDifferInEveryFileOfAPage() throws {
    let fixture = try SiteFixture(
      """
      CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
      INSERT INTO t VALUES (1, NULL, ''), (2, 'x', 'NULL');
      """)
    defer { fixture.remove() }
    let files = try fixture.export()

    let row = try files.text("t/rows/1.html")
    #expect(row.contains("<td>NULL</td>"))
    #expect(row.contains("<td></td>"))
    let rowCSV = try files.text("t/rows/1.csv")
    #expect(rowCSV.hasSuffix("\r\n1,,\"\"\r\n"), "\(rowCSV)")
    let rowJSON = try files.object("t/rows/1.json")
    let values = try #require(rowJSON["row"] as? [String: Any])
    #expect(values["a"] is NSNull)
    #expect(values["b"] as? String == "")

    let list = try files.text("t/pages/1.csv")
    #expect(list.contains("\r\n1,,\"\"\r\n"), "\(list)")
    #expect(list.contains("\r\n2,x,NULL\r\n"), "\(list)")
    let listHTML = try files.text("t/pages/1.html")
    #expect(
      listHTML.components(separatedBy: "<td>NULL</td>").count == 3, "NULL and the text 'NULL'")
  }
}
