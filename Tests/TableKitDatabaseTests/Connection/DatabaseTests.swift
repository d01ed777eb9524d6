import Foundation
import TableKitDatabase
import Testing

@Suite struct DatabaseTests {
  @Test func opensHardened() throws {
    let fixture = try TestDatabase("CREATE TABLE t (a);")
    defer { fixture.remove() }
    let database = try fixture.open()
    // Read back: -1 leaves the option and reports it.
    #expect(database.library.configure(database.connection, option: 1010, to: -1) == 1)
    #expect(database.library.configure(database.connection, option: 1017, to: -1) == 0)
    #expect(database.currentLimit(7) == 0)
    #expect(database.currentLimit(0) == Database.maximumValueBytes)
    #expect(database.currentLimit(1) == Database.maximumSQLBytes)
    let pragmas = try ["cell_size_check", "mmap_size", "trusted_schema"].map { name in
      try database.rows("PRAGMA \(name)", table: nil)
    }
    #expect(pragmas == [[[.integer(1)]], [[.integer(0)]], [[.integer(0)]]])
  }

  @Test func missingLibraryNamesWhatToInstall() {
    #expect {
      _ = try SQLiteLibrary(name: "libsqlite3-missing-for-test.so.0")
    } throws: { error in
      guard let error = error as? DatabaseError,
        case .libraryUnavailable(let library, _) = error.reason
      else { return false }
      return library == "libsqlite3-missing-for-test.so.0"
        && error.description.contains("libsqlite3-0")
    }
  }

  @Test func encodesEveryByteOfThePathThatURIsRead() {
    #expect(
      Database.readOnlyURI("/tmp/a b?c#d%e.db")
        == "file:///tmp/a%20b%3Fc%23d%25e.db?mode=ro&immutable=1")
    #expect(Database.readOnlyURI("x.db") == "file:x.db?mode=ro&immutable=1")
    #expect(Database.readOnlyURI("é") == "file:%C3%A9?mode=ro&immutable=1")
  }

  @Test func opensANameWithURICharacters() throws {
    let fixture = try TestDatabase(
      "CREATE TABLE t (a); INSERT INTO t VALUES (1);", name: "a?b#c%41&mode=rw.db")
    defer { fixture.remove() }
    #expect(try fixture.open().rowCount(of: "t") == 1)
  }

  @Test func missingFileCannotBeOpened() {
    #expect {
      _ = try Database(path: "/nonexistent-tablekit/none.db")
    } throws: { error in
      guard let error = error as? DatabaseError, case .cannotOpen = error.reason else {
        return false
      }
      return true
    }
  }

  @Test(arguments: [
    "INSERT INTO t VALUES (2)", "DELETE FROM t", "UPDATE t SET a = 3", "CREATE TABLE u (b)",
    "DROP TABLE t", "PRAGMA user_version = 3", "CREATE TEMP TABLE u (b)",
  ])
  func refusesStatementsThatWrite(sql: String) throws {
    let fixture = try TestDatabase("CREATE TABLE t (a); INSERT INTO t VALUES (1);")
    defer { fixture.remove() }
    let before = try fixture.bytes
    let database = try fixture.open()
    #expect(throws: DatabaseError(path: fixture.path, table: "query", reason: .writes)) {
      try database.query(sql)
    }
    #expect(try fixture.bytes == before)
  }

  @Test func refusesSeveralStatementsAndNone() throws {
    let fixture = try TestDatabase("CREATE TABLE t (a);")
    defer { fixture.remove() }
    let database = try fixture.open()
    #expect(
      throws: DatabaseError(
        path: fixture.path, table: "query", reason: .notOneStatement(count: "more"))
    ) {
      try database.query("SELECT 1; DELETE FROM t")
    }
    #expect(
      throws: DatabaseError(
        path: fixture.path, table: "query", reason: .notOneStatement(count: "none"))
    ) {
      try database.query("  -- nothing\n")
    }
    let statement = try database.query("SELECT 1;  \n")
    #expect(try statement.step())
  }

  /// `ATTACH` passes `sqlite3_stmt_readonly` (it writes no file), so the connection's limit of
  /// no attached databases refuses it, even of a database that exists.
  @Test func attachIsRefused() throws {
    let fixture = try TestDatabase("CREATE TABLE t (a);")
    defer { fixture.remove() }
    let other = try TestDatabase("CREATE TABLE secret (a);", name: "other.db")
    defer { other.remove() }
    let database = try fixture.open()
    let statement = try database.query("ATTACH '\(other.path)' AS other")
    #expect {
      _ = try statement.step()
    } throws: { error in
      (error as? DatabaseError)?.description.contains("too many attached databases") == true
    }
  }

}
