import TableKitReports
import Testing

@Suite struct ReportLocaleTests {
  @Test func knownIdentifiersLoad() throws {
    #expect(try ReportLocale(identifier: "de_DE").identifier == "de_DE")
    #expect(try ReportLocale(identifier: "de-CH").identifier == "de_CH")
    #expect(try ReportLocale(identifier: "en_US_POSIX") == .plain)
    #expect(ReportLocale.availableIdentifiers.count >= 100)
    for identifier in ReportLocale.availableIdentifiers {
      #expect(try ReportLocale(identifier: identifier).identifier == identifier)
    }
  }

  @Test func anUnknownIdentifierIsATypedErrorNamingIt() {
    #expect(throws: ReportLocaleError(identifier: "xx_YY")) {
      try ReportLocale(identifier: "xx_YY")
    }
    let hostile = ReportLocaleError(identifier: "de\u{1B}[31m")
    #expect(hostile.description.contains("de\\u{1B}[31m"))
    #expect(!hostile.description.contains("\u{1B}"))
  }
}
