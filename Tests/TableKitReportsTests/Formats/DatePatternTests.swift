import TableKit
import TableKitReports
import Testing

@Suite struct DatePatternTests {
  static func day(_ year: Int, _ month: Int, _ day: Int) throws -> CellValue {
    .date(try #require(DateValue(written: "x", year: year, month: month, day: day)))
  }

  @Test func namedStylesFollowTheLocale() throws {
    let us = try ReportLocale(identifier: "en_US")
    let leapDay = try Self.day(2024, 2, 29)
    #expect(ColumnFormat.date(.full).text(for: leapDay, in: us) == "Thursday, February 29, 2024")
    #expect(ColumnFormat.date(.short).text(for: leapDay, in: us) == "2/29/24")
    let german = try ReportLocale(identifier: "de_DE")
    #expect(ColumnFormat.date(.long).text(for: try Self.day(1, 1, 1), in: german) == "1. Januar 1")
    #expect(
      ColumnFormat.date(.full).text(for: try Self.day(1, 1, 1), in: german) == "Montag, 1. Januar 1"
    )
    let japanese = try ReportLocale(identifier: "ja_JP")
    #expect(ColumnFormat.date(.full).text(for: leapDay, in: japanese) == "2024年2月29日木曜日")
    #expect(ColumnFormat.date(.long).text(for: leapDay, in: .plain) == "2024-02-29")
  }

  @Test func patternsWriteEachField() throws {
    let us = try ReportLocale(identifier: "en_US")
    let value = try #require(
      DateValue(
        written: "x", year: 9999, month: 12, day: 31, hour: 0, minute: 5, second: 9,
        nanosecond: 120_000_000))
    #expect(
      ColumnFormat.date(pattern: "EEE yyyy-MM-dd 'at' h:mm:ss.SS a ''yy").text(
        for: .date(value), in: us)
        == "Fri 9999-12-31 at 12:05:09.12 AM '99")
    #expect(
      ColumnFormat.date(pattern: "y MMM d HH").text(for: try Self.day(5, 3, 7), in: us)
        == "5 Mar 7 00")
  }

  @Test func timesWithoutAnOffsetNeverShowAZone() throws {
    let us = try ReportLocale(identifier: "en_US")
    let time = try #require(DateValue(written: "13:05", hour: 13, minute: 5))
    #expect(ColumnFormat.date(.short).text(for: .date(time), in: us) == "1:05\u{202F}PM")
    #expect(ColumnFormat.date(.full).text(for: .date(time), in: us) == "1:05:00\u{202F}PM")
    let zoned = try #require(
      DateValue(written: "13:05+02:00", hour: 13, minute: 5, utcOffset: 7200))
    #expect(
      ColumnFormat.date(pattern: "HH:mm xxx z").text(for: .date(zoned), in: us)
        == "13:05 +02:00 GMT+2")
  }
}
