import Foundation
import TableKit
import TableKitRecords
import TableRender
import Testing

/// A JSON Lines file is read in chunks on two threads like a CSV file (each chunk cut at a line
/// start, continued by `JSONRecordReader.init(input:resumingAt:…)`): every renderer's output and
/// the error the rows end on must be byte for byte what the one-row-at-a-time path gives,
/// including where a record spans lines, a key comes late, or the bytes go wrong on the line of
/// the last kept record.
@Suite struct ChunkedJSONLinesTests {
  /// `count` records of mixed values: integers, exact amounts, booleans, nulls, text needing
  /// escapes in every format (some of it non-ASCII, some written with JSON escapes), a nested
  /// value, and keys left out or given in another order.
  static func mixedLines(rows count: Int) -> String {
    var lines = ""
    for id in 1...count {
      let name = id % 3 == 0 ? "Zoë \(id)" : id % 5 == 0 ? "a|b <i>\(id)</i>" : "name \(id)"
      let note =
        id % 4 == 0 ? "null" : id % 7 == 0 ? #""\"quoted\", with comma\n\u00e9""# : "\"n\(id)\""
      if id % 11 == 0 {
        // Keys in another order, one left out, and a nested value.
        lines += #"{"note":\#(note),"id":\#(id),"ok":{"deep":[1,"x"]}}"# + "\n"
      } else {
        lines +=
          #"{"id":\#(id),"name":"\#(name)","amount":\#(id * 13 % 1000).\#(id % 10)5,"#
          + #""ok":\#(id % 2 == 0),"note":\#(note)}"# + "\n"
      }
    }
    return lines
  }

  @Test func everyRendererWritesTheSameInChunksAsRowByRow() throws {
    let error = try ChunkedReadingTests.expectSameOutput("mixed.jsonl", Self.mixedLines(rows: 120))
    #expect(error == nil)
  }

  @Test func objectsWithoutKeysAreDrawnAsRowByRow() throws {
    // Found by the records fuzz harness: records `{}` make a table of no columns, which every
    // renderer draws with its default columns (two empty fields a CSV record); in chunks each
    // row was handed to the writer with no values, and CSV wrote a bare line feed for it.
    let text = "{}\r{}\r\n" + String(repeating: "{}\n", count: 40)
    let error = try ChunkedReadingTests.expectSameOutput(
      "empty.jsonl", text, configure: { $0.sample = 1 })
    #expect(error == nil)
    let file = try TemporaryFile("empty.jsonl", text)
    let output = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(lineEnding: .lf), chunked: true, chunkSize: 16,
      configure: { $0.sample = 1 }
    ).output
    #expect(output == String(repeating: ",\n", count: 42))
  }

  @Test func theChunkedPathIsTakenForJSONLines() throws {
    var input = TableInput()
    input.sample = 3
    input.chunkSize = 64
    input.chunking = .always
    let file = try TemporaryFile("mixed.jsonl", Self.mixedLines(rows: 50))
    let opened = try input.open(try ByteInput(path: file.path), path: file.path)
    let stream = try #require(opened.stream)
    var output = OutputBuffer(sink: DiscardingSink())
    let consumed = stream.consume(rowsFrom: 3, with: LineCounter(), into: &output)
    #expect(consumed?.count == 47)
  }

  @Test func recordsOverSeveralLinesAndBlankLinesAreReadWhole() throws {
    // Every fifth record is spread over lines, so many cuts fall inside a record: the chunk
    // before such a cut fails and the rest is read one record at a time.
    var lines = Self.mixedLines(rows: 30)
    for id in 31...90 {
      if id % 5 == 0 {
        lines += "{\n  \"id\": \(id),\n\n  \"name\": \"spread \(id)\"\n}\n"
      } else {
        lines += #"{"id":\#(id),"name":"line \#(id)"}"# + "\r\n\n"
      }
    }
    try ChunkedReadingTests.expectSameOutput("spread.jsonl", lines)
  }

  @Test func aKeyTheSampleDidNotHaveIsReportedWithItsPlace() throws {
    var lines = Self.mixedLines(rows: 100)
    lines += #"{"id":101,"late":"x"}"# + "\n" + #"{"id":102}"# + "\n"
    let error = try ChunkedReadingTests.expectSameOutput("late.jsonl", lines)
    #expect(error?.contains("late.jsonl:101:11:") == true, "\(error ?? "")")
    #expect(error?.contains("late") == true, "\(error ?? "")")
  }

  @Test func badBytesOnTheLineOfTheLastKeptRecordAreReportedAtTheirColumn() throws {
    // The rows after the three kept ones start on the third line, after its first record: the
    // chunked readers count that line's columns on from there.
    let lines =
      #"{"id":1}"# + "\n" + #"{"id":2}"# + "\n" + #"{"id":3} {"id":4} {"id":5,}"# + "\n"
      + #"{"id":6}"# + "\n"
    let error = try ChunkedReadingTests.expectSameOutput("same-line.jsonl", lines)
    #expect(error?.contains("same-line.jsonl:3:27:") == true, "\(error ?? "")")
  }

  @Test func invalidUTF8LateInTheFileIsReportedAtItsOffset() throws {
    let good = Array(Self.mixedLines(rows: 80).utf8)
    let bytes = good + Array(#"{"id":81,"name":"bad "#.utf8) + [0xFF] + Array("\"}\n".utf8)
    let error = try ChunkedReadingTests.expectSameOutput("bad.jsonl", bytes: bytes)
    #expect(error?.contains("bad.jsonl:81:22:") == true, "\(error ?? "")")
  }

  @Test func chosenColumnsLeaveOtherKeysOut() throws {
    var lines = Self.mixedLines(rows: 70)
    lines += #"{"id":71,"other":"left out"}"# + "\n"
    let error = try ChunkedReadingTests.expectSameOutput("chosen.jsonl", lines) { input in
      input.shaping.columns = ["note", "id"]
      input.shaping.countsRows = true
    }
    #expect(error == nil)
  }

  @Test func keysWrittenWithEscapesAreTheSameColumns() throws {
    // The first records spell the keys plainly, later ones with escapes, and one key holds a
    // quote: each must land in its column whichever way it is written.
    var lines = ""
    for id in 1...60 {
      let idKey = id % 3 == 0 ? #"\u0069d"# : "id"
      lines += #"{"\#(idKey)":\#(id),"say \"hi\"":"v\#(id)","é":\#(id % 2 == 0)}"# + "\n"
    }
    let error = try ChunkedReadingTests.expectSameOutput("escaped-keys.jsonl", lines)
    #expect(error == nil)
  }
}

/// Takes rows and does nothing with them.
private struct LineCounter: RowConsumer {
  mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer) {
  }
}

/// Throws away what it is given.
private final class DiscardingSink: ByteSink {
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
