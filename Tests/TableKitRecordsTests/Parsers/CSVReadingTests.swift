import Foundation
import TableKit
import TableKitRecords
import Testing

@Suite struct CSVReadingTests {
  @Test func quotedFieldsDoubledQuotesAndLineBreaksInsideQuotesAreCells() throws {
    let table = try readTable(
      "t.csv", "name,note\r\n\"Acme, Inc.\",\"say \"\"hi\"\"\"\r\nZed,\"two\r\nlines\"\r\n")
    #expect(table.columns == ["name", "note"])
    #expect(table.rows == [["Acme, Inc.", "say \"hi\""], ["Zed", "two\r\nlines"]])
  }

  @Test func lineFeedsCarriageReturnsAndAMissingLastLineEndAllEndRecords() throws {
    let table = try readTable("t.csv", "a,b\n1,x\r2,y\r\n3,z")
    #expect(table.rows == [[1, "x"], [2, "y"], [3, "z"]])
  }

  @Test func aByteOrderMarkIsSkippedAndBlankLinesAreToo() throws {
    let table = try readTable("t.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("id,v\n\n1,2\n\n".utf8))
    #expect(table.columns == ["id", "v"])
    #expect(table.rows == [[1, 2]])
  }

  @Test func emptyFieldsAreEmptyCellsAtTheStartMiddleAndEnd() throws {
    let table = try readTable("t.csv", "a,b,c\n,,\n1,,\n")
    #expect(table.rows == [[.empty, .empty, .empty], [1, .empty, .empty]])
  }

  @Test func aQuoteInsideAnUnquotedFieldIsData() throws {
    let table = try readTable("t.csv", "size\n5\"\n")
    #expect(table.rows == [["5\""]])
  }

  @Test func numbersKeepTheirDigitsAndOnlyTheDocumentedFormsAreNumbers() throws {
    let fields = [
      "100.10", "-4.99", "0", "0.50", "9223372036854775807", "9223372036854775808",
      "123456789012345678901234567890", "007", "+1", "1e5", ".5", "5.", "1,000", " 12", "-0",
      "-0.0", "TRUE", "true", "false", "NaN", "1234567890123456789012345678901234567890",
    ]
    let csv =
      "v\n"
      + fields.map { $0.contains(",") || $0.hasPrefix(" ") ? "\"\($0)\"" : $0 }
      .joined(separator: "\n")
    let table = try readTable("t.csv", csv)
    let expected: [CellValue] = [
      try decimal("100.10"), try decimal("-4.99"), .integer(0), try decimal("0.50"),
      .integer(Int.max), try decimal("9223372036854775808"),
      try decimal("123456789012345678901234567890"), "007", "+1", "1e5", ".5", "5.", "1,000",
      " 12", "-0", "-0.0", "TRUE", .boolean(true), .boolean(false), "NaN",
      "1234567890123456789012345678901234567890",
    ]
    #expect(table.rows.map { $0[0] } == expected)
    // Written back, every field reads as it was written.
    #expect(table.rows.map { $0[0].text } == fields)
  }

  @Test func noInferKeepsEveryFieldText() throws {
    var input = TableInput()
    input.infers = false
    let table = try readTable("t.csv", "a,b,c\n1.50,true,\n", input)
    #expect(table.rows == [["1.50", "true", .empty]])
  }

  @Test func aRaggedRowIsReportedWithItsLine() throws {
    let error = try #require(inputError("t.csv", "a,b,c\n1,2,3\n\"x\ny\",2\n"))
    #expect(error.position?.line == 3)
    #expect(error.position?.column == 1)
    #expect(
      error.message
        == "row 2 has 2 fields, but the header has 3; every row needs one field per column")
  }

  @Test func anUnterminatedQuoteIsReportedWhereItOpens() throws {
    let error = try #require(inputError("t.csv", "a,b\n1,\"open\n2,3\n"))
    #expect(error.position == JSONPosition(byteOffset: 6, line: 2, column: 3))
    #expect(error.message == "the quoted field that starts here has no closing quote")
  }

  @Test func textAfterAClosingQuoteIsReported() throws {
    let error = try #require(inputError("t.csv", "a,b\n\"ab\"c,1\n"))
    #expect(error.position == JSONPosition(byteOffset: 8, line: 2, column: 5))
    #expect(
      error.message.hasPrefix(
        "expected a separator or the end of the line after the "
          + "closing quote, found `c`"))
  }

  @Test func aCharacterAfterAClosingQuoteCutByAReadIsNamedWhole() throws {
    // Found by the records fuzz harness, through a pipe that returned a few bytes per read: an
    // `é` whose bytes two reads held was named "byte 0xC3". A file is read in reads of
    // `ByteInput.chunkSize` bytes; here the first ends between the two bytes of the `é`.
    let prefix = "a,b\n" + String(repeating: "1,2\n", count: 65_531) + "123456,78\n" + "3,\"x\""
    #expect(prefix.utf8.count + 1 == ByteInput.chunkSize)
    var input = TableInput()
    input.chunking = .never
    let error = try #require(inputError("t.csv", prefix + "é,1\n", input))
    #expect(error.position == JSONPosition(byteOffset: prefix.utf8.count, line: 65_534, column: 6))
    #expect(error.message.contains("closing quote, found the character é (U+00E9);"))
  }

  @Test func aByteOrderMarkSpreadOverReadsOfAPipeIsSkipped() throws {
    // Found by the records fuzz harness: a pipe whose first read held only the first byte of
    // the mark gave a column named "\u{FEFF}a". Each read here gets the next piece, written
    // just before it (`willRead`), so the reads are cut the same way every time.
    let input = try piecedPipe([[0xEF], [0xBB], [0xBF] + Array("a,b\n1,2\n".utf8)])
    var reading = TableInput()
    reading.format = .csv
    let table = try collect(try reading.open(input, path: nil))
    #expect(table.columns == ["a", "b"])
    #expect(table.rows == [[1, 2]])
  }

  @Test func aRecordOfTheMostBytesEndedByACarriageReturnLastInARead() throws {
    // Found by the records fuzz harness: when a read of a pipe ended just after the carriage
    // return ending a record of exactly the record limit, the reader, reading on to see whether
    // a line feed followed, counted the carriage return in the record and reported it as past
    // the limit. A file read whole had no such error.
    for rest in ["\n1,2\r\n", "1,2\r"] {
      let input = try piecedPipe([Array("abcde,fghij\r".utf8), Array(rest.utf8)])
      var reading = TableInput()
      reading.format = .csv
      reading.limits = InputLimits(record: 11)
      let table = try collect(try reading.open(input, path: nil))
      #expect(table.columns == ["abcde", "fghij"])
      #expect(table.rows == [[1, 2]])
    }
  }

  @Test func invalidUTF8IsReportedAtItsByteUnlessLossy() throws {
    let bytes = Array("a,b\n1,é".utf8) + [0xFF] + Array("x\n".utf8)
    let error = try #require(inputError("t.csv", bytes: bytes))
    // "a,b\n" is bytes 0-3, "1," 4-5, "é" 6-7: 0xFF is byte 8, column 4 of line 2.
    #expect(error.position == JSONPosition(byteOffset: 8, line: 2, column: 4))
    #expect(
      error.message
        == "invalid UTF-8 at byte 8 (line 2, column 4): byte 0xFF never appears in UTF-8")
    var lossy = TableInput()
    lossy.isLossy = true
    #expect(try readTable("t.csv", bytes: bytes, lossy).rows == [[1, "é\u{FFFD}x"]])
  }

  @Test func invalidUTF8InsideAQuotedFieldOnALaterLineIsPlacedOnThatLine() throws {
    let bytes = Array("a\n\"x\ny".utf8) + [0xC3] + Array("\"\n".utf8)
    let error = try #require(inputError("t.csv", bytes: bytes))
    #expect(error.position == JSONPosition(byteOffset: 6, line: 3, column: 2))
  }

  @Test func anEmptyInputSaysATableStartsWithAHeader() throws {
    let error = try #require(inputError("t.csv", ""))
    #expect(
      error.message == "the input holds no table; it must start with a header row of column names")
  }

  @Test func recordsThatCrossChunkBoundariesReadWhole() throws {
    // Long enough to take several reads; a quoted field with a line break every 1,000 rows.
    var text = "id,note\n"
    var expected: [[CellValue]] = []
    for id in 1...40_000 {
      let note = id % 1_000 == 0 ? "a \"quoted\",\nnote \(id)" : "plain note number \(id)"
      text += "\(id),\"\(note.replacing("\"", with: "\"\""))\"\n"
      expected.append([.integer(id), .text(note)])
    }
    #expect(text.utf8.count > 3 * ByteInput.chunkSize)
    #expect(try readTable("t.csv", text).rows == expected)
  }

  @Test func tsvSplitsOnTabsAndKeepsQuotesAsData() throws {
    let table = try readTable("t.tsv", "name\tamount\n\"Acme\"\t12.50\na,b\t-1\n")
    #expect(table.columns == ["name", "amount"])
    #expect(table.rows == [["\"Acme\"", try decimal("12.50")], ["a,b", -1]])
  }
}
