import Foundation
import TableKit
import TableKitRecords
import TableKitTestSupport
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
    var verbatimLineEnding: CSVTableRenderer.LineEnding = .lf
    mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer)
    {}
  }

  /// The records of `bytes` from their start that a scan puts in one run, as text.
  ///
  /// An unfinished record of a block's bytes follows them: the scan reads whole blocks only,
  /// so every line feed of `bytes` lies in one, and the record never joins the run.
  func run(
    bytes: [UInt8], columns: Int = 3, limits: InputLimits = InputLimits(), infers: Bool = true
  ) -> [String] {
    scan(bytes: bytes, columns: columns, limits: limits, infers: infers).records
  }

  /// ``run(bytes:columns:limits:infers:)`` with whether the run's lines end in CR LF.
  func scan(
    bytes: [UInt8], columns: Int = 3, limits: InputLimits = InputLimits(), infers: Bool = true
  ) -> (records: [String], crlf: Bool) {
    let bytes = bytes + Array("9,\(String(repeating: "z", count: 40))".utf8)
    let found = bytes.withUnsafeBufferPointer { bytes in
      VerbatimRecordScan.scan(
        bytes, from: 0, columns: columns, limits: limits, infers: infers,
        starts: GuardingWriter.starts, consumer: GuardingWriter())
    }
    // Cut at the line feeds' bytes: a `String` holds CR LF as one character.
    let records = bytes[..<found.end]
      .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
      .map { String(decoding: $0, as: UTF8.self) + "\n" }
    #expect(records.count == found.records)
    return (records, found.endsLinesWithCRLF)
  }

  /// What a scan of `text` finds from its start for a writer ending lines with `lineEnding`,
  /// with the run's bytes as the copy writes them (its listed quotes left out; line endings as
  /// read).
  func scanned(
    _ text: String, lineEnding: CSVTableRenderer.LineEnding = .lf
  ) -> (run: VerbatimRecordScan.Run, copied: String) {
    let bytes = Array(text.utf8) + Array("9,\(String(repeating: "z", count: 40))".utf8)
    var drops: [Int] = []
    let found = bytes.withUnsafeBufferPointer { bytes in
      VerbatimRecordScan.scan(
        bytes, from: 0, columns: 3, limits: InputLimits(), infers: true,
        table: VerbatimRecordScan.StartTable(GuardingWriter.starts),
        consumer: GuardingWriter(verbatimLineEnding: lineEnding), droppingQuotesAt: &drops)
    }
    let copied = bytes[..<found.end].indices.filter { !drops.contains($0) }.map { bytes[$0] }
    return (found, String(decoding: copied, as: UTF8.self))
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

  @Test func aQuoteOrCarriageReturnEndsTheRunWhereverItIsInABlock() {
    // Records of every length up to past a block (32 bytes with SSE2, 8 without), so the quote
    // falls at every place in a block, and in the block of the line feed before it or not.
    for length in 1...40 {
      let plain = "1,\(String(repeating: "x", count: length)),y\n"
      #expect(run(plain + plain + "2,abcdefgh\"b,c\n" + plain) == [plain, plain], "\(length)")
      #expect(run(plain + "2,abcdefgh\rb,c\n" + plain) == [plain], "\(length)")
      #expect(run(plain + plain + plain) == [plain, plain, plain], "\(length)")
      // Wherever the quote is (and it does not open a field the writer would quote alike),
      // the record holding it is never in the run.
      for place in 0..<length {
        var quoted = Array(plain.utf8)
        quoted[2 + place] = UInt8(ascii: "\"")
        let records = run(bytes: Array(plain.utf8) + quoted + Array(plain.utf8))
        #expect(records == [plain], "\(length), \(place)")
      }
    }
  }

  @Test func linesEndingInCRLFAreInTheRunWhereverTheyFallInABlock() {
    // Records of every length up to past two blocks (32 bytes with SSE2, 8 without), so the
    // carriage return falls at every place in a block, the block's last byte included, with
    // its line feed in the next block.
    for length in 1...70 {
      let field = String(repeating: "x", count: length)
      let crlf = "1,\(field),y\r\n"
      let lf = "2,\(field),y\n"
      let all = scan(bytes: Array((crlf + crlf + crlf).utf8))
      #expect(all.records == [crlf, crlf, crlf] && all.crlf, "\(length)")
      let plain = scan(bytes: Array((lf + lf).utf8))
      #expect(plain.records == [lf, lf] && !plain.crlf, "\(length)")
      // One run, one line ending: the first record that ends otherwise ends the run.
      #expect(run(crlf + crlf + lf + crlf) == [crlf, crlf], "\(length)")
      #expect(run(lf + crlf + lf) == [lf], "\(length)")
      // A carriage return not before a line feed ends a line: never in a run.
      #expect(run(crlf + "3,\(field)\r,y\r\n" + crlf) == [crlf], "\(length)")
      #expect(run(crlf + "3,\(field),y\r\r\n" + crlf) == [crlf], "\(length)")
      #expect(run(crlf + "3,\(field),y\r") == [crlf], "\(length)")
      // Quoted fields the writer quotes alike, before a CR LF, and a CR LF after an empty
      // field (no field starts at its carriage return).
      let quoted = "4,\"\(field), \"\"Zoë\"\"\",\"a,b\"\r\n"
      #expect(run(crlf + quoted + quoted + crlf) == [crlf, quoted, quoted, crlf], "\(length)")
      #expect(run("5,\(field),\r\n" + crlf) == ["5,\(field),\r\n", crlf], "\(length)")
      // A field the writer is asked about, ended by a carriage return in the next block.
      let flagged = "6,\(field),-1.5\r\n"
      #expect(run(flagged + crlf) == [flagged, crlf], "\(length)")
      let guarded = "6,y,=\(field)\r\n"
      #expect(run(crlf + guarded + crlf) == [crlf], "\(length)")
    }
  }

  /// Up to about 300 bytes of lines of 0 to 79 random letters, each ended by `ending`.
  static func randomLines(_ generator: inout SeededGenerator, ending: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    while text.count < Int(generator.next() % 300) {
      let length = Int(generator.next() % 80)
      text += (0..<length).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 26) }
      text += ending
    }
    return text
  }

  @Test func crlfBecomesALineFeedWhereverItFallsInABlock() {
    // Lines of every length ending in CR LF, so that carriage returns fall at every place in a
    // block and blocks hold none, one and several; the room is the bytes read, and the bytes
    // after what is stored must stay as they were.
    var generator = SeededGenerator(state: 11)
    for _ in 0..<400 {
      let text = Self.randomLines(&generator, ending: Array("\r\n".utf8))
      let expected = text.filter { $0 != UInt8(ascii: "\r") }
      var room = [UInt8](repeating: 0xEE, count: text.count + 64)
      let stored = text.withUnsafeBufferPointer { text in
        room.withUnsafeMutableBufferPointer {
          VerbatimRecordScan.storeWithoutCarriageReturns(
            text, at: $0.baseAddress.unsafelyUnwrapped)
        }
      }
      #expect(Array(room[..<stored]) == expected)
      #expect(room[text.count...].allSatisfy { $0 == 0xEE }, "stored past the room")
    }
  }

  @Test func quotedFieldsTheWriterQuotesAlikeAreInTheRun() {
    // Quoted with a comma or a doubled quote inside: the CSV writer writes them as read.
    let quoted = ["1,\"a, b\",c\n", "2,\"say \"\"hi\"\"\",d\n", "3,\"Zoë, 山田\",\"x,y\"\n"]
    #expect(run(quoted.joined()) == quoted)
    // A long one, across blocks, with text after it in the same block.
    let long = "4,\"\(String(repeating: "ab, ", count: 20))\",e\n"
    #expect(run(long + quoted[0]) == [long, quoted[0]])
    // Not as read: a first byte the guard may mark, bytes after the closing quote, invalid
    // UTF-8 inside, a quote inside a field, too few fields.
    for record in ["7,\"=1,2\",h\n", "8,\"a,b\"x,i\n", "9,ab\"c,j\n", "10,\"a,b\"\r\n"] {
      #expect(run(quoted[0] + record + quoted[1]) == [quoted[0]], "\(record)")
    }
    let invalid = Array("11,\"a,".utf8) + [0xC3, 0x28] + Array("\",k\n".utf8)
    #expect(run(bytes: Array(quoted[0].utf8) + invalid) == [quoted[0]])
    // A carriage return where a field starts ends a line; it opens no quoted field, even when
    // a quote follows that would close one.
    for record in ["12,\ra,b\",c\n", "\ra,b\",c,d\n"] {
      #expect(run(quoted[0] + record + quoted[1]) == [quoted[0]], "\(record.debugDescription)")
    }
  }

  @Test func quotedFieldsWrittenWithoutQuotesAreInTheRunTheirQuotesLeftOut() {
    // Every field quoted, as some exporters write them: the writer quotes only what needs it.
    let quoted = "\"1\",\"Zoë 山田\",\"\"\r\n\"2\",\"a,b\",\"x \"\"y\"\"\"\r\n3,\"plain\",z\r\n"
    let found = scanned(quoted, lineEnding: .crlf)
    #expect(found.run.records == 3 && found.run.lines == 3 && found.run.endsLinesWithCRLF)
    #expect(found.copied == "1,Zoë 山田,\r\n2,\"a,b\",\"x \"\"y\"\"\"\r\n3,plain,z\r\n")
    // Across blocks, at every place in one.
    for length in 1...70 {
      let field = String(repeating: "w", count: length)
      let record = "\"\(field)\",\"Ω\(field)\",\"\(field)\"\n"
      let long = scanned(record + record)
      #expect(long.run.records == 2, "\(length)")
      #expect(
        long.copied == "\(field),Ω\(field),\(field)\n\(field),Ω\(field),\(field)\n", "\(length)")
    }
    // A first byte the writer is asked about: a number is written as it stands, unquoted; a
    // formula to guard, or a field with a doubled quote, is read field by field.
    let number = scanned("1,\"a\",b\n2,\"-5.25\",c\n")
    #expect(number.run.records == 2 && number.copied == "1,a,b\n2,-5.25,c\n")
    for record in ["2,\"=5\",c\n", "2,\"-x\",c\n", "2,\"-5\"\"\",c\n"] {
      #expect(scanned("1,\"a\",b\n" + record).run.records == 1, "\(record)")
    }
    // Quoted fields one after another are counted as fields like any other: too many or too
    // few is a ragged record, and one the writer is asked about ends the run there too.
    #expect(scanned("\"1\",\"a\",\"b\"\n\"2\",\"c\",\"d\",\"e\"\n").run.records == 1)
    #expect(scanned("\"1\",\"a\",\"b\"\n\"2\",\"c\"\n").run.records == 1)
    #expect(scanned("\"1\",\"a\",\"b\"\n\"2\",\"=c\",\"d\"\n").run.records == 1)
    let chained = scanned("\"1\",\"a\",\"b\"\n\"2\",\"-1\",\"\"\n3,x,\"y\"\n")
    #expect(chained.run.records == 3 && chained.copied == "1,a,b\n2,-1,\n3,x,y\n")
  }

  @Test func lineBreaksInsideQuotesAreInTheRunWhenTheCopyKeepsLineEndings() {
    // A line feed, a CR LF and a carriage return alone inside quotes: three more lines.
    let breaks = "1,\"two\nlines\",\"a\r\nb\"\n2,\"c\rd\",e\n"
    let kept = scanned(breaks, lineEnding: .lf)
    #expect(kept.run.records == 2 && kept.run.lines == 5)
    #expect(kept.copied == breaks)
    let crlf = "1,\"two\nlines\",x\r\n2,y,z\r\n"
    let both = scanned(crlf, lineEnding: .crlf)
    #expect(both.run.records == 2 && both.run.lines == 3 && both.copied == crlf)
    // A copy that changes line endings would change them inside the field too: not in a run.
    #expect(scanned(breaks, lineEnding: .crlf).run.records == 0)
    #expect(scanned(crlf, lineEnding: .lf).run.records == 0)
    #expect(scanned("1,a,b\n2,\"c\nd\",e\n", lineEnding: .crlf).run.records == 1)
  }

  @Test func linesEndInCRLFWhereverTheyFallInABlock() {
    // Every length of record up to a few blocks, so that line feeds fall at every place in a
    // block and blocks hold none, one and several; the room is exactly what the budget allows,
    // and the bytes after it must stay as they were.
    var generator = SeededGenerator(state: 7)
    for _ in 0..<400 {
      let text = Self.randomLines(&generator, ending: [UInt8(ascii: "\n")])
      let lineFeeds = text.filter { $0 == UInt8(ascii: "\n") }.count
      let expected = Array(
        String(decoding: text, as: UTF8.self).replacing("\n", with: "\r\n").utf8)
      var room = [UInt8](repeating: 0xEE, count: text.count + lineFeeds + 64)
      let stored = text.withUnsafeBufferPointer { text in
        room.withUnsafeMutableBufferPointer {
          VerbatimRecordScan.storeWithCarriageReturns(text, at: $0.baseAddress.unsafelyUnwrapped)
        }
      }
      #expect(Array(room[..<stored]) == expected)
      #expect(room[(text.count + lineFeeds)...].allSatisfy { $0 == 0xEE }, "stored past the room")
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

  /// Mostly plain rows with tricky ones between them, so long runs are copied and cut; each
  /// record's line ends with `lineEnd`.
  static func mostlyPlainCSV(rows count: Int, lineEnd: String = "\n") -> String {
    let tricky = [
      "\"said \"\"hi\"\"\"", "=1+2", "-7.25", "-x", "@a", "\"a, b\"", "\"line\nbreak\"", " x",
      "Zoë", "\u{3000}=1", "", "\"quoted for nothing\"", "\"-7.25\"", "\"\"", "\"-x\"",
      "\"crlf\r\ninside\"", "\"cr\ralone\"",
    ]
    var csv = "id,name,amount,note" + lineEnd
    for id in 1...count {
      let note = id % 9 == 0 ? tricky[id / 9 % tricky.count] : "note \(id)"
      csv += "\(id),Nguyễn \(id % 13),\(id % 5 == 0 ? "-" : "")\(id).50,\(note)" + lineEnd
      if id % 500 == 0 { csv += lineEnd }
    }
    return csv
  }

  @Test(arguments: [CSVTableRenderer.FormulaGuard.on, .off], ["\n", "\r\n"])
  func csvFromCSVThroughCopiedRunsIsWhatTheValuesWrite(
    formulaGuard: CSVTableRenderer.FormulaGuard, lineEnd: String
  ) throws {
    let file = try TemporaryFile(
      "plain.csv", Self.mostlyPlainCSV(rows: 3_000, lineEnd: lineEnd))
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
