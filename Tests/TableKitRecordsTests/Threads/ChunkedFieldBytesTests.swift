import Foundation
import TableKit
import TableKitRecords
import TableRender
import Testing

/// CSV written from CSV or TSV in chunks must be what is written from the values row by row.
///
/// In chunks the writer takes the fields' bytes as they are
/// (`DelimitedRecordReader.consumeFieldBytes`, `CSVTableRenderer.RowWriter`'s `FieldBytesConsumer`
/// conformance), with no `CellValue` made; row by row it takes the values. The two must write
/// the same bytes for every kind of field, with the formula guard on and off and with inference
/// on and off.
@Suite struct ChunkedFieldBytesTests {
  /// Fields whose CSV differs between a number and text, or needs quoting, escaping, guarding.
  static func trickyCSV(rows count: Int) -> String {
    let fields = [
      "-4.99", "-0", "-0.00", "-12", "-", "--1", "-1e5", "=1+2", "+1", "@SUM(A1)", " -3",
      "\"a \"\"quoted\"\" one\"", "\"comma, inside\"", "\"line\nbreak\"", "007", "100.10",
      "123456789012345678901234567890", "-123456789012345678901234567890.5", "true", "TRUE",
      "Zoë", "\"-Zoë\"", "\"\"", "", "\"=cmd|' /C calc'!A0\"", "\u{3000}=1", "x",
    ]
    var csv = "id,value,other\n"
    for id in 1...count {
      csv += "\(id),\(fields[id % fields.count]),\(fields[(id * 7) % fields.count])\n"
    }
    return csv
  }

  @Test(arguments: [CSVTableRenderer.FormulaGuard.on, .off], [true, false])
  func csvFromCSVWritesTheSameBytesAsFromValues(
    formulaGuard: CSVTableRenderer.FormulaGuard, infers: Bool
  ) throws {
    let file = try TemporaryFile("tricky.csv", Self.trickyCSV(rows: 200))
    for renderer in [
      CSVTableRenderer(formulaGuard: formulaGuard),
      CSVTableRenderer(lineEnding: .lf, formulaGuard: formulaGuard, sectionColumn: "part"),
      CSVTableRenderer(formulaGuard: formulaGuard, quotesSurroundingSpaces: true),
    ] {
      let expected = try ChunkedReadingTests.render(
        file.path, with: renderer, chunked: false, configure: { $0.infers = infers })
      for size in [1, 7, 40, 300] {
        let chunked = try ChunkedReadingTests.render(
          file.path, with: renderer, chunked: true, chunkSize: size,
          configure: { $0.infers = infers })
        #expect(chunked.output == expected.output, "chunks of \(size)")
        #expect(chunked.error == nil && expected.error == nil)
      }
    }
    // The guard and the numbers, checked by hand rather than against the other path: a
    // negative number is never guarded; text that starts like one is, when the guard is on.
    let renderer = CSVTableRenderer(lineEnding: .lf, formulaGuard: formulaGuard)
    let output = try ChunkedReadingTests.render(
      file.path, with: renderer, chunked: true, chunkSize: 7, configure: { $0.infers = infers }
    ).output
    let guarded = formulaGuard == .on
    #expect(output.contains("\n27,-4.99,") == (!guarded || infers))
    #expect(output.contains("\n27,'-4.99,") == (guarded && !infers))
    #expect(output.contains("\n29,'-0.00,") == guarded)
    #expect(output.contains("\n34,'=1+2,") == guarded)
    #expect(output.contains("\n38,\"a \"\"quoted\"\" one\",") == true)
    #expect(output.contains("\n40,\"line\nbreak\",") == true)
  }

  @Test func tsvToCSVWritesTheSameBytesAsFromValues() throws {
    var tsv = "id\tname\tnote\n"
    for id in 1...80 { tsv += "\(id)\t-\(id).5\t\"not, a quote\n" }
    let file = try TemporaryFile("table.tsv", tsv)
    let expected = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: false)
    let chunked = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: true, chunkSize: 9)
    #expect(chunked.output == expected.output)
    #expect(chunked.output.contains("\r\n80,-80.5,\"\"\"not, a quote\"\r\n"))
  }

  @Test func aLossyReaderRepairsInvalidUTF8TheSameWay() throws {
    let good = Array(Self.trickyCSV(rows: 60).utf8)
    let bytes = good + Array("61,bad ".utf8) + [0xFF, 0xC3] + Array(" byte,x\n62,y,z\n".utf8)
    let file = try TemporaryFile("lossy.csv", bytes: bytes)
    let expected = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: false, configure: { $0.isLossy = true })
    let chunked = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: true, chunkSize: 16,
      configure: { $0.isLossy = true })
    #expect(chunked.output == expected.output)
    #expect(chunked.output.contains("61,bad \u{FFFD}\u{FFFD} byte,x"))
  }
}
