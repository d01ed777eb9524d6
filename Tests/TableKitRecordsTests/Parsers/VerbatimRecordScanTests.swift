import Foundation
import TableKit
import TableKitRecords
import TableRender
import Testing

/// Which CSV records a writer may copy as they stand (`VerbatimRecordScan`), and that CSV written
/// from CSV through those copies is what the values write row by row.
@Suite struct VerbatimRecordScanTests {
  /// A writer that looks at fields starting with `=` or `-` and copies only the numbers among
  /// them, as the CSV writer does with its formula guard on.
  struct GuardingWriter: VerbatimRecordConsumer {
    static let starts = VerbatimFieldStarts { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "-") }
    var verbatimFieldStarts: VerbatimFieldStarts? { Self.starts }
    func writesUnchanged(_ field: FieldBytes) -> Bool { field.kind == .number }
    mutating func consume(fields: UnsafeBufferPointer<FieldBytes>, into output: inout OutputBuffer)
    {}
    mutating func consume(
      verbatimRecords records: UnsafeBufferPointer<UInt8>, count: Int,
      into output: inout OutputBuffer
    ) {}
    mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer)
    {}
  }

  /// The records of `bytes` from their start that a scan puts in one run, as text.
  ///
  /// An unfinished record of sixteen bytes follows them: the scan reads whole words only, so
  /// every line feed of `bytes` lies in one, and the record never joins the run.
  func run(
    bytes: [UInt8], columns: Int = 3, limits: InputLimits = InputLimits(), infers: Bool = true
  ) -> [String] {
    let bytes = bytes + Array("9,zzzzzzzzzzzzzz".utf8)
    let found = bytes.withUnsafeBufferPointer { bytes in
      VerbatimRecordScan.scan(
        bytes, from: 0, columns: columns, limits: limits, infers: infers,
        starts: GuardingWriter.starts, consumer: GuardingWriter())
    }
    let records = String(decoding: bytes[..<found.end], as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + "\n" }
    #expect(records.count == found.records)
    return records
  }

  /// ``run(bytes:columns:limits:infers:)`` for text.
  func run(
    _ text: String, columns: Int = 3, limits: InputLimits = InputLimits(), infers: Bool = true
  ) -> [String] {
    run(bytes: Array(text.utf8), columns: columns, limits: limits, infers: infers)
  }

  @Test func plainRecordsRunToTheFirstThatIsNot() {
    #expect(run("1,a,b\n2,c,d\n3,e,f\n") == ["1,a,b\n", "2,c,d\n", "3,e,f\n"])
    #expect(run("1,a,b\n2,c,d\n3,abcdefgh\"ij\",f\n4,g,h\n") == ["1,a,b\n", "2,c,d\n"])
    #expect(run("1,a,b\n2,c,dddddddd\r\n3,e,f\n") == ["1,a,b\n"])
    #expect(run("1,a,b\n\n2,c,d\n") == ["1,a,b\n"], "a blank line is read field by field")
    #expect(run("1,a,b\n2,c\n3,e,f\n") == ["1,a,b\n"], "a ragged row")
    #expect(run("1,a,b\n2,c,d,e\n") == ["1,a,b\n"], "a ragged row")
    #expect(run("1,a,\n2,,\n,,\n") == ["1,a,\n", "2,,\n", ",,\n"], "empty fields")
    #expect(run("") == [], "a record the bytes read do not hold whole")
  }

  @Test func aQuoteOrCarriageReturnEndsTheRunWhereverItIsInAWord() {
    // Records of every length around eight bytes, so the quote falls at every place in a word;
    // it is eight bytes into its record, so the records before it end in earlier words.
    for length in 1...17 {
      let plain = "1,\(String(repeating: "x", count: length)),y\n"
      #expect(run(plain + plain + "2,abcdefgh\"b,c\n" + plain) == [plain, plain], "\(length)")
      #expect(run(plain + "2,abcdefgh\rb,c\n" + plain) == [plain], "\(length)")
      #expect(run(plain + plain + plain) == [plain, plain, plain], "\(length)")
      // Wherever the quote is, the record holding it is never in the run.
      for place in 0..<length {
        var quoted = Array(plain.utf8)
        quoted[2 + place] = UInt8(ascii: "\"")
        let records = run(bytes: Array(plain.utf8) + quoted + Array(plain.utf8))
        #expect(records == [plain] || records == [], "\(length), \(place)")
      }
    }
  }

  @Test func flaggedStartsAreCopiedOnlyWhenTheWriterSaysSo() {
    #expect(run("1,-4.5,b\n2,-x,d\n") == ["1,-4.5,b\n"])
    #expect(run("1,-4.5,b\n", infers: false) == [], "not inferred: text, guarded")
    #expect(run("1,a=b,b\n2,=x,d\n") == ["1,a=b,b\n"], "only the first byte is looked at")
  }

  @Test func invalidUTF8AndFieldsOverTheLimitsAreLeftToTheFieldByFieldRead() {
    let valid = "1,Zoë Nguyễn 山田,b\n"
    #expect(run(valid + "2,Zo\u{00EB},d\n") == [valid, "2,Zoë,d\n"])
    let invalid = Array("1,ok,b\n2,bad ".utf8) + [0xC3, 0x28] + Array(",d\n3,e,f\n".utf8)
    #expect(run(bytes: invalid) == ["1,ok,b\n"])
    #expect(run("1,abcd,b\n2,abcde,c\n", limits: InputLimits(field: 4)) == ["1,abcd,b\n"])
    #expect(run("1,abcd,b\n2,abcde,c\n", limits: InputLimits(record: 8)) == ["1,abcd,b\n"])
  }

  /// Mostly plain rows with tricky ones between them, so long runs are copied and cut.
  static func mostlyPlainCSV(rows count: Int) -> String {
    let tricky = [
      "\"said \"\"hi\"\"\"", "=1+2", "-7.25", "-x", "@a", "\"a, b\"", "\"line\nbreak\"", " x",
      "Zoë", "\u{3000}=1", "",
    ]
    var csv = "id,name,amount,note\n"
    for id in 1...count {
      let note = id % 9 == 0 ? tricky[id / 9 % tricky.count] : "note \(id)"
      csv += "\(id),Nguyễn \(id % 13),\(id % 5 == 0 ? "-" : "")\(id).50,\(note)\n"
      if id % 500 == 0 { csv += "\n" }
    }
    return csv
  }

  @Test(arguments: [CSVTableRenderer.FormulaGuard.on, .off])
  func csvFromCSVThroughCopiedRunsIsWhatTheValuesWrite(formulaGuard: CSVTableRenderer.FormulaGuard)
    throws
  {
    let file = try TemporaryFile("plain.csv", Self.mostlyPlainCSV(rows: 3_000))
    for renderer in [
      CSVTableRenderer(formulaGuard: formulaGuard),
      CSVTableRenderer(lineEnding: .lf, formulaGuard: formulaGuard),
    ] {
      let expected = try ChunkedReadingTests.render(file.path, with: renderer, chunked: false)
      for size in [300, 4_096, 1 << 20] {
        let chunked = try ChunkedReadingTests.render(
          file.path, with: renderer, chunked: true, chunkSize: size)
        #expect(chunked.output == expected.output, "chunks of \(size)")
        #expect(chunked.error == nil && expected.error == nil)
      }
    }
    // Checked by hand too: a plain record is written as it was read, with the renderer's line
    // ending; the guard marks text, not numbers.
    let output = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(formulaGuard: formulaGuard), chunked: true,
      chunkSize: 1 << 20
    ).output
    #expect(output.contains("\r\n1,Nguyễn 1,1.50,note 1\r\n2,Nguyễn 2,2.50,note 2\r\n"))
    #expect(output.contains("\r\n5,Nguyễn 5,-5.50,note 5\r\n"))
    #expect(output.contains("\r\n9,Nguyễn 9,9.50,\(formulaGuard == .on ? "'" : "")=1+2\r\n"))
  }

  @Test func errorsAfterCopiedRunsNameTheirPlaceAsRowByRow() throws {
    var csv = Self.mostlyPlainCSV(rows: 2_000)
    csv += "2001,ragged\n"
    let file = try TemporaryFile("ragged.csv", csv)
    let expected = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: false)
    let chunked = try ChunkedReadingTests.render(
      file.path, with: CSVTableRenderer(), chunked: true, chunkSize: 1 << 20)
    #expect(chunked.output == expected.output)
    #expect(chunked.error == expected.error)
    #expect(chunked.error?.contains("row 2001") == true)
  }
}
