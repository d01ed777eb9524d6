import TableKit
import TableKitDatabase
import TableRender
import Testing

@Suite struct DatabaseRowsDataSourceTests {
  static let sql = """
    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount REAL, note);
    INSERT INTO t VALUES (1, 'Ann', 0.1, NULL), (2, '', 1e300, x'6869'), (3, 'Cy', 2.5, 'x');
    """

  /// Every renderer draws the streamed rows as it draws the same cells held in memory; the text
  /// renderer's two passes read the statement twice.
  @Test func rendersAsTheSameRowsHeld() throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    let database = try fixture.open()
    let held: [[CellValue]] = [
      [1, "Ann", .exactDecimal(try ExactDecimal("0.1")), "∅"],
      [2, "", "1e+300", "x'6869' (2 bytes)"],
      [3, "Cy", .exactDecimal(try ExactDecimal("2.5")), "x"],
    ]
    let renderers: [any TableRenderer] = [
      TextTableRenderer(), MarkdownTableRenderer(), CSVTableRenderer(),
      HTMLTableRenderer(mode: .fragment),
    ]
    for renderer in renderers {
      let source = DatabaseRowsDataSource(
        statement: try database.query("SELECT * FROM t ORDER BY id"), nullText: "∅")
      let streamed = renderer.render(TableView(dataSource: source))
      let memory = renderer.render(
        TableView(
          dataSource: StaticDataSource(
            columns: ["id", "name", "amount", "note"].map { ColumnDefinition($0) },
            rows: held)))
      #expect(streamed == memory, "\(type(of: renderer))")
      #expect(source.error == nil)
    }
  }

  @Test func keepsTheErrorThatEndedTheRows() throws {
    let fixture = try CorruptFileTests.damagedLeafPage()
    defer { fixture.remove() }
    let database = try fixture.open()
    let source = DatabaseRowsDataSource(
      statement: try database.prepare("SELECT * FROM big", table: "big"))
    _ = CSVTableRenderer().render(TableView(dataSource: source))
    #expect(source.error?.isCorruption == true && source.error?.table == "big")
  }
}
