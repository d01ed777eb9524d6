import TableKitDatabase
import TableKitDatabaseSite
import TableKitNavigation
import Testing

@Suite struct DatabaseSiteLevelTests {
  static let levels: [DatabaseSiteLevel] = [
    .index,
    .list(table: "orders", page: 3),
    .row(table: "orders", key: [.integer(7)]),
    .row(table: "orders", key: [.integer(-9_223_372_036_854_775_808)]),
    .row(table: "../\"x\"\u{1}", key: [.text("a;b:c"), .real(0.1), .blob([0, 255]), .null]),
    .row(table: "t", key: [.text("7")]),
    .row(table: "t", key: [.text("")]),
    .row(table: "t", key: [.invalidText([0x41, 0xFF])]),
    .row(table: "t", key: [.invalidText([0x41, 0xFE]), .text("A\u{FFFD}")]),
    .facet(table: "orders", column: "sta/tus"),
    .filtered(table: "orders", columns: ["a", "b"], values: [.null, .real(1e300)], page: 2),
  ]

  @Test(arguments: levels)
  func everyLevelsURLRoutesBackToIt(level: DatabaseSiteLevel) throws {
    let router = try DatabaseSiteLevel.router()
    let url = try #require(router.url(for: level))
    #expect(try router.match(url) == level)
  }

  @Test func anIntegerKeyReadsAsItsDigitsAndAnIntegerTextDoesNot() throws {
    let router = try DatabaseSiteLevel.router()
    #expect(
      router.url(for: .row(table: "orders", key: [.integer(7)])) == "db://tables/orders/rows/7")
    #expect(
      router.url(for: .row(table: "orders", key: [.text("7")])) != "db://tables/orders/rows/7")
    #expect(throws: (any Error).self) { try router.match("db://tables/orders/rows/07") }
  }
}
