import TableKit
import TableKitReports
import Testing

@Suite struct ValueParserTests {
  @Test func readsEachType() throws {
    #expect(
      try ValueParser("decimal").value(from: "-1234.50")
        == .exactDecimal(try ExactDecimal("-1234.50")))
    #expect(try ValueParser("percent").value(from: "12.5%") == .percent(try ExactDecimal("0.125")))
    #expect(try ValueParser("percent").value(from: "0.125") == .percent(try ExactDecimal("0.125")))
    let euros = try ValueParser("money:EUR")
    let amount = try #require(Money(try ExactDecimal("12.50"), currency: "EUR"))
    #expect(try euros.value(from: "12.50") == .money(amount))
    #expect(try euros.value(from: "EUR 12.50") == .money(amount))
    #expect(try euros.value(from: "") == .empty)
  }

  @Test func readsDatesTimesAndBothByThePattern() throws {
    let day = try ValueParser("date:dd.MM.yyyy").value(from: "29.02.2024")
    #expect(
      day == .date(try #require(DateValue(written: "29.02.2024", year: 2024, month: 2, day: 29))))
    #expect(
      try ValueParser("date").value(from: "0001-01-01")
        == .date(try #require(DateValue(written: "0001-01-01", year: 1, month: 1, day: 1))))
    let stamp = try ValueParser("date:yyyy-MM-dd'T'HH:mm:ss.SSSXXX").value(
      from: "2024-02-29T13:05:09.120+02:00")
    #expect(
      stamp
        == .date(
          try #require(
            DateValue(
              written: "2024-02-29T13:05:09.120+02:00", year: 2024, month: 2, day: 29, hour: 13,
              minute: 5,
              second: 9, nanosecond: 120_000_000, utcOffset: 7200))))
    let time = try ValueParser("date:H:mm").value(from: "7:05")
    #expect(time == .date(try #require(DateValue(written: "7:05", hour: 7, minute: 5))))
  }

  @Test(arguments: [
    ("decimal", "12a", "a decimal number", 2),
    ("decimal", "1,000", "a decimal number", 1),
    ("percent", "12.5 %", "a number before %", 4),
    ("money:EUR", "USD 5", "an amount, or EUR and a space before it", 0),
    ("money:EUR", "EUR 5x", "an amount in EUR", 5),
    // The second digit of MM is missing where "-" stands, at character 6.
    ("date:yyyy-MM-dd", "2024-2-05", "2 digits for MM", 6),
    ("date:yyyy-MM-dd", "2024/02/05", "\"-\"", 4),
    ("date:yyyy-MM-dd", "2023-02-29", "a day or time that exists", 0),
    ("date:yyyy-MM-dd", "2024-02-291", "the end of the value", 10),
    ("date:yyyy-MM-dd", "０２０２-02-29", "4 digits for yyyy", 0),
    // Offsets count characters, not bytes: é is two bytes, CR LF one character.
    ("date:'é'yyyy", "é2024x", "the end of the value", 5),
    ("date:yyyy", "2024\r\n", "the end of the value", 4),
    ("date:HH:mmXXX", "10:00+05-30", "Z or an offset ±hh:mm", 5),
  ])
  func refusesTextThatDoesNotFit(type: String, text: String, expected: String, offset: Int) throws {
    let error = #expect(throws: ValueParserError.self) { try ValueParser(type).value(from: text) }
    #expect(error?.expected == expected)
    #expect(error?.offset == offset)
    #expect(error?.text == text)
  }

  @Test func refusesUnknownTypes() {
    #expect(throws: ValueParserError.self) { try ValueParser("money") }
    #expect(throws: ValueParserError.self) { try ValueParser("money:eur") }
    #expect(throws: ValueParserError.self) { try ValueParser("integer") }
    let error = #expect(throws: ValueParserError.self) { try ValueParser("date:yyyy-MM-dd EEEE") }
    #expect(error?.offset == 16)
    #expect(
      ValueParserError(text: "\u{1B}[2J", expected: "x", offset: 0).description.contains("\\u{1B}"))
  }

  /// A decimal or an amount read from a field's bytes is the value its text gives; anything
  /// the bytes do not hold as a plain number is left to the text (which may be an error).
  @Test(arguments: [
    "12.50", "-0.001", "0", "-0", "1e3", "1.5E-2", "+7", ".5", "5.", "007",
    "123456789012345678901234567890123456789", "EUR 12.50", "USD 1", "", " 1", "1 ", "1,5",
    "abc", "€12", "12.50.1", "-", "1e", "½",
  ])
  func readsPlainNumbersFromBytesAsFromText(_ text: String) throws {
    for specification in ["decimal", "money:EUR"] {
      let parser = try ValueParser(specification)
      let kind = try #require(parser.numberKind)
      var copy = text
      let fromBytes = copy.withUTF8 { ValueParser.number(utf8: $0, kind: kind) }
      let fromText = Result { () throws(ValueParserError) in try parser.value(from: text) }
      if let fromBytes {
        #expect(try fromText.get() == fromBytes, "\(specification): \(text)")
      } else {
        let isPlain = text.utf8.first.map { $0 >= 0x80 || $0 | 0x20 >= 0x61 } == false
        #expect(!isPlain || (try? fromText.get()) == nil, "\(specification): \(text)")
      }
    }
    #expect(try ValueParser("percent").numberKind == nil)
    #expect(try ValueParser("date").numberKind == nil)
  }

  /// A value of a pattern of fixed-width fields, read in one pass over its bytes, is what the
  /// text read character by character gives, value or error.
  @Test(arguments: [
    (
      "yyyy-MM-dd",
      [
        "2024-02-29", "2023-02-29", "1900-01-01", "0001-01-01", "2024-2-29",
        "2024-02-291", "2024-02", "2024/02/29", "２０２４-02-29", "", "2024-13-01", "2024-00-10",
      ]
    ),
    (
      "dd.MM.yyyy HH:mm:ss",
      [
        "29.02.2024 13:05:09", "29.02.2024 24:00:00", "29.02.2024 13:05",
        "29.02.2024 13:05:60", "1.02.2024 13:05:09",
      ]
    ),
    ("HH:mm", ["07:05", "7:05", "23:59", "24:00", "07:5"]),
    ("yyyy'T'MM", ["2024T02", "2024t02", "2024T2"]),
  ])
  func fixedPatternsReadAsCharacterByCharacter(pattern: String, texts: [String]) throws {
    let reader = DateTextReader(pattern: pattern)
    for text in texts {
      let fast = Result { () throws(ValueParserError) in try reader.read(text) }
      let general = Result { () throws(ValueParserError) in try reader.readCharacters(text) }
      #expect(fast == general, "\(pattern): \(text)")
    }
  }
}
