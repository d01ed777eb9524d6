import Foundation
import TableKit
import TableKitRecords
import Testing

@Suite struct JSONTableErrorTests {
  /// A table whose only cell is the bytes given, between quotes: `{"columns": ["s"], "rows": [["…"]]}`.
  static func stringCell(_ bytes: [UInt8]) -> [UInt8] {
    Array(#"{"columns": ["s"], "rows": [[""#.utf8) + bytes + Array(#""]]}"#.utf8)
  }

  @Test func invalidUTF8NamesItsByteOffsetLineAndColumn() throws {
    let bytes =
      Array("{\"columns\": [\"s\"],\n \"rows\": [[\"é".utf8) + [0xFF] + Array("\"]]}".utf8)
    let error = try #require(readingError(bytes))
    // Line 2 starts at byte 19 and 0xFF stands at byte 33; "é" is two bytes but one column.
    #expect(error.position == JSONPosition(byteOffset: 33, line: 2, column: 14))
    #expect(
      error.description
        == "t.json:2:14: invalid UTF-8 at byte 33 (line 2, column 14): byte 0xFF never appears in UTF-8"
    )
  }

  @Test(arguments: [
    ([0x80] as [UInt8], "byte 0x80 continues a character, but no character starts before it", 0),
    (
      [0xC3, 0x41], "byte 0x41 does not continue the character that byte 0xC3 at byte 30 starts", 1
    ),
    ([0xC0, 0x80], "byte 0xC0 never appears in UTF-8", 0),
    ([0xE0, 0x80, 0x80], "bytes 0xE0 0x80 start an overlong form of a shorter character", 0),
    ([0xED, 0xA0, 0x80], "bytes 0xED 0xA0 start a surrogate, which UTF-8 may not encode", 0),
    ([0xF4, 0x90, 0x80, 0x80], "bytes 0xF4 0x90 start a code point above U+10FFFF", 0),
  ])
  func everyKindOfInvalidUTF8IsReportedAtItsByte(bytes: [UInt8], why: String, shift: Int) throws {
    let error = try #require(readingError(Self.stringCell(bytes)))
    #expect(error.reason == .invalidUTF8(why))
    #expect(error.position?.byteOffset == 30 + shift)
  }

  @Test func invalidUTF8CutShortAtTheEndOfTheFileIsReported() throws {
    let error = try #require(
      readingError(Array(#"{"columns": ["s"], "rows": [[""#.utf8) + [0xE2, 0x82]))
    #expect(
      error.reason == .invalidUTF8("the file ends inside the character that byte 0xE2 starts"))
    #expect(error.position?.byteOffset == 30)
  }

  @Test func invalidUTF8OutsideAStringIsReportedAsUTF8() throws {
    let error = try #require(readingError(Array(#"{"columns": ["s"], "rows": [["#.utf8) + [0xFE]))
    #expect(error.message.hasPrefix("invalid UTF-8 at byte 29 (line 1, column 30)"))
  }

  @Test func aLoneHighSurrogateIsAnErrorNamingTheEscape() throws {
    let error = try #require(readingError(#"{"columns": ["s"], "rows": [["ab\ud800cd"]]}"#))
    #expect(error.reason == .loneSurrogate(escape: #"\ud800"#, isHigh: true))
    #expect(error.position == JSONPosition(byteOffset: 32, line: 1, column: 33))
    #expect(
      error.description
        == #"t.json:1:33: the escape \ud800 is a lone surrogate: a high surrogate (\ud800 to \udbff) must be followed by a low one (\udc00 to \udfff)"#
    )
    #expect(
      readingError(#"{"columns": ["s"], "rows": [["\uD834\u0041"]]}"#)?.reason
        == .loneSurrogate(escape: #"\uD834"#, isHigh: true))
  }

  @Test func aLoneLowSurrogateIsAnError() throws {
    let error = try #require(readingError(#"{"columns": ["s"], "rows": [["\udc00"]]}"#))
    #expect(error.reason == .loneSurrogate(escape: #"\udc00"#, isHigh: false))
    #expect(error.position?.column == 31)
  }

  @Test func surrogatePairsAndEscapesDecode() throws {
    let rows = try readRows(
      #"{"columns": ["s"], "rows": [["\ud83d\ude00 \u00E9\"\\\/\b\f\n\r\t\u0000"]]}"#)
    #expect(rows == [[.text("😀 é\"\\/\u{8}\u{C}\n\r\t\u{0}")]])
  }

  @Test(arguments: [
    (#"\x"#, #"\x is not a JSON escape; use \" \\ \/ \b \f \n \r \t or \u and four hex digits"#),
    (
      #"\u12G4"#,
      #"\u12 is not a JSON escape; use \" \\ \/ \b \f \n \r \t or \u and four hex digits"#
    ),
  ])
  func badEscapesAreNamed(escape: String, message: String) throws {
    let error = try #require(readingError(#"{"columns": ["s"], "rows": [["a"# + escape + #""]]}"#))
    #expect(error.message == message)
    #expect(error.position?.column == 32)
  }

  @Test func anUnterminatedStringPointsAtItsOpeningQuote() throws {
    let atEnd = try #require(readingError(#"{"columns": ["s"], "rows": [["abc"#))
    #expect(atEnd.reason == .unterminatedString)
    #expect(atEnd.position == JSONPosition(byteOffset: 29, line: 1, column: 30))
    #expect(atEnd.description == "t.json:1:30: the string that starts here has no closing quote")
    let atLineEnd = try #require(readingError("{\"columns\": [\"s\"], \"rows\": [[\"abc]]}\n]]}"))
    #expect(atLineEnd.reason == .unterminatedString)
    #expect(atLineEnd.position?.column == 30)
  }

  @Test func aControlCharacterInAStringIsNamed() throws {
    let error = try #require(readingError(Self.stringCell([0x61, 0x1B, 0x5B])))
    #expect(error.reason == .controlCharacter(0x1B))
    #expect(error.position?.byteOffset == 31)
    #expect(error.message.hasPrefix("a string holds the control character U+001B unescaped"))
  }

  @Test func trailingGarbageIsReportedWhereItStarts() throws {
    let error = try #require(readingError("{\"columns\": [\"s\"], \"rows\": []}\n  garbage"))
    #expect(error.position == JSONPosition(byteOffset: 33, line: 2, column: 3))
    #expect(
      error.description
        == "t.json:2:3: found `garbage` after the end of the table; a file holds one JSON document")
    #expect(
      readingError(#"{"columns": [], "rows": []} {}"#)?.reason
        == .trailingContent(found: "an object"))
  }

  @Test(arguments: [
    ("[]", "an array"), (#""table""#, #"the string "table""#), ("42", "the number 42"),
    ("null", "null"), ("", "the end of the file"),
  ])
  func theTopLevelMustBeAnObject(json: String, found: String) throws {
    let error = try #require(readingError(json))
    #expect(
      error.reason
        == .unexpected(
          found: found,
          expected: #"an object holding the table, such as {"columns": […], "rows": […]}"#))
    #expect(error.position?.line == 1)
    #expect(error.position?.column == 1)
  }

  @Test func missingColumnsIsNamedAtTheClosingBrace() throws {
    let error = try #require(readingError("{\"rows\": [[1]]\n}"))
    #expect(error.description == #"t.json:2:1: missing "columns" in the table"#)
    #expect(
      readingError(#"{"columns": ["a"]}"#)?.message == #"missing "rows" or "sections" in the table"#
    )
    #expect(
      readingError(#"{"columns": ["a"], "sections": [{"header": "x"}]}"#)?.description
        == #"t.json:1:47: missing "rows" in sections[0]"#)
  }

  @Test func rowLengthMismatchNamesTheRowAndWhereItStarts() throws {
    let error = try #require(
      readingError("{\"columns\": [\"a\", \"b\", \"c\"],\n \"rows\": [[1, 2, 3],\n  [4, 5]]}"))
    #expect(error.reason == .rowLength(row: 1, section: 0, count: 2, columns: 3))
    #expect(
      error.description
        == "t.json:3:3: row 1 of section 0 has 2 values, but the table has 3 columns")
  }

  @Test func rowLengthMismatchIsFoundWhenTheColumnsComeLast() throws {
    let error = try #require(
      readingError(
        "{\"sections\": [{\"rows\": [[1, 2]]},\n {\"rows\": [[1, 2], [3]]}], \"columns\": [\"a\", \"b\"]}"
      ))
    #expect(error.reason == .rowLength(row: 1, section: 1, count: 1, columns: 2))
    #expect(error.position == JSONPosition(byteOffset: 53, line: 2, column: 20))
  }

  @Test(arguments: [
    (
      #"{"columns": "a", "rows": []}"#,
      #""columns" must be an array of column titles, found the string "a""#
    ),
    (
      #"{"columns": [1], "rows": []}"#,
      "columns[0] must be a string (a column title), found the number 1"
    ),
    (
      #"{"title": 3, "columns": [], "rows": []}"#,
      #""title" must be a string or null, found the number 3"#
    ),
    (
      #"{"columns": ["a"], "rows": [[[1]]]}"#,
      "rows[0][0] must be a string, number, true, false or null, found an array"
    ),
    (
      #"{"columns": ["a"], "rows": [1]}"#,
      "rows[0] must be an array of values, one per column, found the number 1"
    ),
    (#"{"columns": ["a"], "rows": {}}"#, "rows must be an array of rows, found an object"),
    (
      #"{"columns": ["a"], "sections": [[]]}"#,
      #"sections[0] must be a section object, such as {"header": "…", "rows": […]}, found an array"#
    ),
    (#"{"columns": ["a"], "rows": [], "columns": ["b"]}"#, #""columns" stands twice in the table"#),
    (
      #"{"columns": ["a"], "rows": [], "sections": []}"#,
      #"the table has both "rows" and "sections"; give "rows" for one untitled section or "sections" for several"#
    ),
    (
      #"{"columns": ["a"] "rows": []}"#,
      "expected `,` or `}` after a value in the table, found the string \"rows\""
    ),
    (
      #"{"columns": ["a"], "rows": [[1 2]]}"#,
      "expected `,` or `]` after a value in a row, found the number 2"
    ),
    (
      #"{"columns": ["a"], "rows": [[1,]]}"#,
      "expected a value (a string, number, true, false or null), found `]`"
    ),
    (#"{"columns": ["a",], "rows": []}"#, "expected a column title, found `]`"),
    (#"{"columns": ["a"], "rows": [[1],]}"#, "expected a row, found `]`"),
    (#"{"columns": ["a"], "rows": [],}"#, "expected a key in double quotes, found `}`"),
    (#"{"columns": ["a"], "sections": [{"rows": []},]}"#, "expected a section, found `]`"),
    (#"{"columns": ["a"], "rows": [], "x": [1,]}"#, "expected a value, found `]`"),
    (#"{"columns": ["a"], "rows": [[True]]}"#, "expected a JSON value, found `True`"),
    (#"{"columns": ["a"], "rows": [[1] x]}"#, "expected `,` or `]` after a row, found `x`"),
    (#"{"columns" ["a"]}"#, #"expected `:` after the key "columns", found an array"#),
    (#"{columns: []}"#, "expected a key in double quotes or `}`, found `columns`"),
    (#"{"columns": ["a"], "rows": [], 'x': 1}"#, "expected a key in double quotes, found `'`"),
    (#"{"columns": ["a"], "rows": [], "x": [1, {"y": }]}"#, "expected a value, found `}`"),
  ])
  func everyShapeErrorSaysWhatWasExpectedInPlainWords(json: String, message: String) throws {
    let error = try #require(readingError(json))
    #expect(error.message == message)
    #expect(error.position != nil)
    for jargon in ["Dictionary", "Swift.", "DecodingError", "Array<", "String.Type"] {
      #expect(!error.description.contains(jargon))
    }
  }

  @Test func messagesNeverCarryControlCharactersFromTheInput() throws {
    let error = try #require(
      readingError("{\"columns\": [\"a\"], \"rows\": [[1]], \"x\": 1} \"\\u001b[31m\u{202E}\""))
    #expect(error.message.contains(#"\u{1B}[31m\u{202E}"#))
    #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }
}
