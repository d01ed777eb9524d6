import TableKit
import TableKitRecords
import Testing

/// An error names the true line, column and byte offset of its place whichever path read it.
///
/// The paths are a file in chunks, a file row by row and a pipe. Blank lines and carriage returns alone
/// end lines like any other line end, and an invalid byte is placed from the start of the
/// input. Each expected place is counted from how the input was built, not from what a reader
/// said.
@Suite struct ErrorPositionTests {
  /// A header and `count` good rows of two fields, each ending with `lineEnd`.
  static func goodRows(_ count: Int, lineEnd: String = "\n") -> String {
    "a,b" + lineEnd + (1...count).map { "\($0),x\($0)" + lineEnd }.joined()
  }

  static let cases: [(ReadingPath, Int)] = ReadingPath.allCases.flatMap { path in
    (path == .chunkedFile ? [1, 7, 16, 40] : [16]).map { (path, $0) }
  }

  @Test(arguments: cases)
  func blankLinesAreCountedBeforeARaggedRow(path: ReadingPath, chunkSize: Int) throws {
    // The case: printf 'a,b\n1,2\n\n\n\n3\n' said 3:1 for the row on line 6.
    let short = try path.error(reading: Array("a,b\n1,2\n\n\n\n3\n".utf8), chunkSize: chunkSize)
    #expect(short?.position == JSONPosition(byteOffset: 11, line: 6, column: 1), "\(path)")
    #expect(short?.reason == .raggedRow(row: 2, count: 1, columns: 2))

    // Late in the file, past the kept rows, with CRLF and lone CR blank lines too.
    let prefix = Self.goodRows(20) + "\n\r\n\r\n\r"
    let bytes = Array((prefix + "3\n4,y\n").utf8)
    let late = try path.error(reading: bytes, chunkSize: chunkSize)
    // The header, 20 rows and 4 blank lines ("\n", "\r\n", "\r\n", "\r") come first.
    let place = JSONPosition(byteOffset: prefix.utf8.count, line: 26, column: 1)
    #expect(late?.position == place, "\(path), chunks of \(chunkSize)")
    #expect(late?.reason == .raggedRow(row: 21, count: 1, columns: 2))
  }

  @Test(arguments: cases)
  func carriageReturnsAloneInsideQuotedFieldsEndLines(path: ReadingPath, chunkSize: Int) throws {
    // Each record holds a lone CR inside quotes, so it spans two lines.
    let records = (1...20).map { "\($0),\"x\ry\($0)\"\n" }.joined()
    let prefix = "a,b\n" + records
    let bytes = Array((prefix + "3\n").utf8)
    let error = try path.error(reading: bytes, chunkSize: chunkSize)
    let place = JSONPosition(byteOffset: prefix.utf8.count, line: 42, column: 1)
    #expect(error?.position == place, "\(path), chunks of \(chunkSize)")
    #expect(error?.reason == .raggedRow(row: 21, count: 1, columns: 2))

    // Records ended by a CR alone, with one inside quotes.
    let crOnly = try path.error(reading: Array("a,b\r\"x\ry\",2\r1\r".utf8), chunkSize: chunkSize)
    #expect(crOnly?.position == JSONPosition(byteOffset: 12, line: 4, column: 1), "\(path)")
  }

  @Test(arguments: cases)
  func anInvalidByteIsPlacedFromTheStartOfTheInput(path: ReadingPath, chunkSize: Int) throws {
    // The case: printf 'h\nab\nc\xd5a\n' named the 0xD5 "at byte 1" (of its field);
    // it is byte 6 of the input, and the byte that breaks the character is byte 7.
    let short = try path.error(
      reading: Array("h\nab\nc".utf8) + [0xD5] + Array("a\n".utf8), chunkSize: chunkSize)
    #expect(short?.position == JSONPosition(byteOffset: 7, line: 3, column: 3), "\(path)")
    #expect(
      short?.reason
        == .json(
          .invalidUTF8("byte 0x61 does not continue the character that byte 0xD5 at byte 6 starts"))
    )

    // Late, inside a quoted field after a doubled quote and a lone CR.
    let prefix = Self.goodRows(20) + "21,\"q\"\"\r"
    let bytes = Array(prefix.utf8) + [0xE2, 0x28] + Array("\"\n".utf8)
    let late = try path.error(reading: bytes, chunkSize: chunkSize)
    let lead = prefix.utf8.count
    // Line 22 is `21,"q""`; the CR ends it, so the lead byte is column 1 of line 23.
    #expect(
      late?.position == JSONPosition(byteOffset: lead + 1, line: 23, column: 2),
      "\(path), chunks of \(chunkSize)")
    #expect(
      late?.reason
        == .json(
          .invalidUTF8(
            "byte 0x28 does not continue the character that byte 0xE2 at byte \(lead) starts")))
  }
}
