import TableKitDatabase
import TableKitTestSupport
import Testing

@Suite struct CorruptFileTests {
  /// A table over many pages (4096 bytes each), so damage lands inside its b-tree.
  static let sql = """
    PRAGMA page_size = 4096;
    CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO big SELECT i, printf('%.60c', 'x') || i FROM n;
    """

  /// Reads every row of every table, as the command line would.
  static func readAll(_ database: Database) throws(DatabaseError) -> Int {
    var rows = 0
    for entry in try database.tables() {
      let statement = try database.prepare(
        "SELECT * FROM \"\(entry.name)\"", table: entry.name)
      while try statement.step() {
        _ = statement.values
        rows += 1
      }
    }
    return rows
  }

  /// The table a corruption error names when every row is read (`""` when it names none),
  /// or `nil` when reading ends otherwise.
  static func corruption(in fixture: TestDatabase) -> String? {
    do {
      _ = try readAll(try fixture.open())
      return nil
    } catch {
      return error.isCorruption ? error.table ?? "" : nil
    }
  }

  @Test func truncatedFileIsATypedErrorNamingTheTable() throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    let bytes = try fixture.bytes
    #expect(bytes.count > 40_000)
    try fixture.write(Array(bytes.prefix(bytes.count / 2)))
    // The header's page count no longer matches the file: reading the schema fails first.
    #expect(Self.corruption(in: fixture) == "sqlite_master")
  }

  /// The table `big` with the cell pointer array of its third page flipped: its cells point
  /// anywhere.
  static func damagedLeafPage() throws -> TestDatabase {
    let fixture = try TestDatabase(sql)
    var bytes = try fixture.bytes
    for offset in (2 * 4096 + 8)..<(2 * 4096 + 40) { bytes[offset] ^= 0xFF }
    try fixture.write(bytes)
    return fixture
  }

  @Test func flippedLeafPageIsATypedErrorNamingTheTable() throws {
    let fixture = try Self.damagedLeafPage()
    defer { fixture.remove() }
    #expect(Self.corruption(in: fixture) == "big")
  }

  @Test func flippedHeaderIsNotADatabase() throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    var bytes = try fixture.bytes
    bytes[0] ^= 0xFF  // "SQLite format 3" no longer
    try fixture.write(bytes)
    #expect(Self.corruption(in: fixture) != nil)
  }

  /// Every single-byte flip over the first pages and a sample of the rest: an error or rows,
  /// never a trap.
  @Test func flipsAnywhereNeverTrap() throws {
    let fixture = try TestDatabase(Self.sql)
    defer { fixture.remove() }
    let original = try fixture.bytes
    var generator = SeededGenerator(state: 11)
    var outcomes = (errors: 0, reads: 0)
    for trial in 0..<300 {
      var bytes = original
      let offset =
        trial < 100 ? trial : Int(generator.next() % UInt64(original.count))
      bytes[offset] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
      try fixture.write(bytes)
      do {
        _ = try Self.readAll(try fixture.open())
        outcomes.reads += 1
      } catch {
        outcomes.errors += 1
      }
    }
    #expect(outcomes.errors + outcomes.reads == 300)
    #expect(outcomes.errors > 0)
  }
}
