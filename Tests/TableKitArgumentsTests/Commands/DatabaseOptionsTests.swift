import TableKitArguments
import Testing
import tablekit

/// The database options of the render command: a table or a query, and the text for NULL.
@Suite struct DatabaseOptionsTests {
  @Test func takesATableAQueryAndANullText() throws {
    let table = try Options.parse(["shop.db", "--table", "a\"b\n../c", "--null", "∅"])
    #expect(table.inputPath == "shop.db")
    #expect(table.database.table == "a\"b\n../c" && table.database.query == nil)
    #expect(table.database.nullText == "∅" && table.database.isChosen)
    let query = try Options.parse(["shop.db", "--query=SELECT 1"])
    #expect(query.database.query == "SELECT 1" && query.database.table == nil)
    #expect(!(try Options.parse(["shop.db"]).database.isChosen))
  }

  @Test func refusesATableAndAQuery() {
    #expect(throws: UsageError.self) {
      try Options.parse(["shop.db", "--table", "t", "--query", "SELECT 1"])
    }
    #expect(throws: UsageError.self) {
      try Options.parse(["shop.db", "--table", "t", "--table", "u"])
    }
    #expect(throws: UsageError.missingValue(ArgumentToken("--table", index: 2))) {
      try Options.parse(["shop.db", "--table"])
    }
  }

  @Test func helpDescribesDatabases() {
    let help = Options.command.help
    #expect(help.contains("--table <name>") && help.contains("--query <sql>"))
    #expect(help.contains("libsqlite3-0") && help.contains("69"))
  }
}
