import Foundation
import TableKit
import TableKitRecords
import Testing

@Suite struct JSONRecordReadingTests {
  @Test func anArrayOfObjectsTakesColumnsFromKeysInFirstSeenOrder() throws {
    let table = try readTable(
      "t.json", #"[{"name": "a", "n": 1}, {"n": 2.50, "extra": true}, {}]"#)
    #expect(table.columns == ["name", "n", "extra"])
    #expect(
      table.rows == [
        ["a", 1, .empty], [.empty, try decimal("2.50"), .boolean(true)],
        [.empty, .empty, .empty],
      ])
  }

  @Test func anArrayOfArraysTakesItsFirstArrayAsTheHeader() throws {
    let table = try readTable("t.json", #"[["name", "n"], ["a", 1], ["b", null]]"#)
    #expect(table.columns == ["name", "n"])
    #expect(table.rows == [["a", 1], ["b", .empty]])
  }

  @Test func aRowOfAnArrayOfArraysWithTheWrongLengthIsReported() throws {
    let error = try #require(inputError("t.json", "[[\"a\", \"b\"],\n [1, 2],\n [3]]"))
    #expect(error.position == JSONPosition(byteOffset: 23, line: 3, column: 2))
    #expect(error.message.hasPrefix("row 2 has 1 field, but the header has 2"))
  }

  @Test func theTableDocumentWithSectionsStillReads() throws {
    let table = try readTable(
      "t.json",
      #"{"title": "T", "columns": ["n"], "sections": [{"header": "H", "footer": "F", "rows": [[1]]}]}"#
    )
    #expect(table.sections == [ReadTable.Section(header: "H", rows: [[1]], footer: "F")])
  }

  @Test func nestedValuesAreShownAsCompactJSON() throws {
    let table = try readTable("t.json", #"[{"a": {"k": [1, "q\"", null]}, "b": []}]"#)
    #expect(table.rows == [[#"{"k":[1,"q\"",null]}"#, "[]"]])
  }

  @Test func malformedNestedValuesAreErrorsAtTheirPlace() throws {
    // Reported by a helper of issue 25: a nested value was only checked for balanced brackets,
    // so `{"k" 1}` read as `{"k"1}` and `[1 2]` as `[12]`, text that is not JSON.
    let cases: [(String, Int, String)] = [
      (#"{"a": {"k" 1}}"#, 12, "expected `:` after the key, found the number 1"),
      (#"{"a": [1 2]}"#, 10, "expected `,` or a closing bracket, found the number 2"),
      (#"{"a": [1,]}"#, 10, "expected a value, found `]`"),
      (#"{"a": {"k":}}"#, 12, "expected a value, found `}`"),
      (#"{"a": {1: 2}}"#, 8, "expected a key (a string) or `}`, found the number 1"),
      (#"{"a": {"k": 1,}}"#, 15, "expected a key (a string), found `}`"),
      (#"{"a": [1]]}"#, 10, "expected `,` or `}` after a value in an object, found `]`"),
    ]
    // Columns counted by hand from 1; a JSON array around the line moves them one on.
    for (line, column, message) in cases {
      for format in ["t.jsonl", "t.json"] {
        let text = format == "t.json" ? "[" + line + "]" : line + "\n"
        let error = try #require(inputError(format, text), "\(line)")
        #expect(error.position?.column == column + (format == "t.json" ? 1 : 0), "\(line)")
        #expect(error.message.contains(message), "\(line): \(error.message)")
      }
    }
    let table = try readTable(
      "t.jsonl", #"{"a": {"k": [1, {"m": null}], "n": {}}, "b": [[], [2]]}"#)
    #expect(table.rows == [[#"{"k":[1,{"m":null}],"n":{}}"#, "[[],[2]]"]])
  }

  @Test func numbersKeepTheirDigitsAndOnesTooLongStayAsWritten() throws {
    let table = try readTable(
      "t.jsonl",
      #"{"n": 100.10}"# + "\n" + #"{"n": 123456789012345678901234567890}"# + "\n"
        + #"{"n": 1e400}"# + "\n" + #"{"n": "12.50"}"#)
    #expect(
      table.rows == [
        [try decimal("100.10")], [try decimal("123456789012345678901234567890")], ["1e400"],
        ["12.50"],
      ])
  }

  @Test func jsonLinesReadsOneObjectPerLine() throws {
    let table = try readTable(
      "logs.jsonl",
      "{\"time\": \"t1\", \"level\": \"info\"}\n\n{\"time\": \"t2\", \"message\": \"m\"}\n")
    #expect(table.columns == ["time", "level", "message"])
    #expect(table.rows == [["t1", "info", .empty], ["t2", .empty, "m"]])
  }

  @Test func aJSONLinesLineThatIsNotAnObjectIsReportedOnItsLine() throws {
    let error = try #require(inputError("t.jsonl", "{\"a\": 1}\n[1]\n"))
    #expect(error.position == JSONPosition(byteOffset: 9, line: 2, column: 1))
    #expect(error.message == "expected an object (one record per line), found an array")
  }

  @Test func brokenJSONIsReportedWithTheTokenizersMessage() throws {
    let error = try #require(inputError("t.jsonl", "{\"a\": 1}\n{\"a\": tru}\n"))
    #expect(error.position?.line == 2)
    #expect(error.position?.column == 7)
    let utf8 = try #require(
      inputError("t.json", bytes: Array("[{\"a\": \"".utf8) + [0xFF, 0x22, 0x7D, 0x5D]))
    #expect(
      utf8.message == "invalid UTF-8 at byte 8 (line 1, column 9): byte 0xFF never appears in UTF-8"
    )
  }

  @Test func aKeyFirstSeenAfterTheSampleIsReported() throws {
    var input = TableInput()
    input.sample = 2
    let text = "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3, \"late\": 4}\n"
    let error = try #require(inputError("t.jsonl", text, input))
    #expect(error.position == JSONPosition(byteOffset: 27, line: 3, column: 10))
    #expect(
      error.message.hasPrefix(
        #"the key "late" first appears in record 3, after the columns were taken from the first 2 records"#
      ))
    // Naming the columns reads the rest, other keys skipped.
    input.shaping.columns = ["late", "a"]
    #expect(try readTable("t.jsonl", text, input).rows == [[.empty, 1], [.empty, 2], [4, 3]])
  }

  @Test func aLateKeyCutFromItsValueByAReadIsPlacedAtTheKey() throws {
    // Found by the records fuzz harness, through a pipe that returned a few bytes per read: when
    // the read that ends just after a late key is followed by another, the bytes before the
    // colon are dropped, and the error named the value's place instead of the key's. A file is
    // read in reads of `ByteInput.chunkSize` bytes, so the first read here ends after `{"b"`.
    let lines = String(repeating: "{\"a\":1}\n", count: 32_766) + "{\"a\":12345}\n"
    let keyLine = lines.utf8.count
    #expect(keyLine + 4 == ByteInput.chunkSize)
    let error = try #require(inputError("t.jsonl", lines + "{\"b\":4}\n"))
    #expect(error.position == JSONPosition(byteOffset: keyLine + 1, line: 32_768, column: 2))
    #expect(error.reason == .lateKey("b", record: 32_768, sampled: 1_000))
  }

  @Test func aByteOrderMarkSpreadOverReadsOfAPipeIsNoField() throws {
    // Found by the records fuzz harness: with a field limit of one byte, the first two bytes of
    // a byte order mark, read before the third, were taken for a field past the limit. Each
    // read here gets the next piece, written just before it (`willRead`).
    let input = try piecedPipe([[0xEF], [0xBB], [0xBF]])
    var reading = TableInput()
    reading.format = .jsonl
    reading.limits = InputLimits(field: 1)
    reading.shaping.columns = ["a"]
    let table = try collect(try reading.open(input, path: nil))
    #expect(table.columns == ["a"])
    #expect(table.rows.isEmpty)
  }

  @Test func anEmptyArrayAndTrailingContentAreReported() throws {
    #expect(
      try #require(inputError("t.json", "[]")).message
        == "the input holds no table; it must start with a record (an object or an array), and this array is empty"
    )
    let trailing = try #require(inputError("t.json", #"[{"a": 1}] {}"#))
    #expect(trailing.position?.column == 12)
    #expect(trailing.message.hasPrefix("found an object after the end of the table"))
  }
}
