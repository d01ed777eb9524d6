import Foundation
import TableKit
import TableKitRecords
import TableRender
import Testing

/// JSON Lines handed to a writer as its fields' bytes (`JSONRecordReader.consumeFieldBytes`,
/// the path a file read in chunks takes to CSV and Markdown) must give exactly what the values
/// the row-by-row path makes give: the same bytes for every kind of value, the same kind
/// (a number is never guarded as a formula, text is), and the same errors at the same places.
@Suite struct JSONRecordReaderFieldBytesTests {
  /// Strings that need escapes in JSON, CSV or Markdown, start like formulas or numbers, or
  /// are empty.
  static let strings = [
    #""plain""#, #""with \"quotes\", commas""#, #""tab\there\nnew line""#,
    #""back\\slash \/ slash""#, #""\b\f\r""#, #""caf\u00e9 \u00E9""#, #""\ud83d\ude00 smile""#,
    #""Zoë raw ünïcödé""#, #""""#, #""=1+2""#, #""-3""#, #""+x""#, #""@SUM(A1)""#, #""-4.99""#,
    #"" spaced ""#, #""a|b <i>x</i>""#, #""\u001f control""#, #""\u3000=1""#, #""-""#,
  ]

  /// Numbers in every form JSON allows: signs, zeros, points, exponents, and more digits than
  /// an integer or an exact decimal holds.
  static let numbers = [
    "0", "-0", "-0.0", "-0.000", "0.5", "-0.5", "100.10", "-3", "1e3", "1.5E-3", "-2.50e+2",
    "1E+2", "0e0", "-0e5", "123456789012345678", "-123456789012345678", "1234567890123456789",
    "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "-99999999999999999999", "12345678901234567890.25", "0.000000000000000000001",
    "1234567890123456789012345678901234567890", "-1234567890123456789012345678901234567890",
    "1e400", "-1e-400", "0.00000000000000000000000000000000000001",
  ]

  /// `true`, `false`, `null` and nested values.
  static let others = [
    "true", "false", "null", #"{"a":[1,"x\"y",{"b":null}],"c":-1.5e2}"#, "[]", "{}",
    #"[true,false,null,"\u00e9",-0]"#,
  ]

  /// Records that put every tricky value in one column (`v`) and others beside it, with keys
  /// left out, given in other orders, and (past the first record, which has every key) only
  /// keys the first record has.
  static func trickyLines() -> String {
    let values = strings + numbers + others
    var lines = #"{"id":0,"v":"first","n":1,"b":true,"x":{"k":"v"}}"# + "\n"
    for (index, value) in values.enumerated() {
      let id = index + 1
      let number = numbers[(index * 7) % numbers.count]
      let string = strings[(index * 5) % strings.count]
      switch id % 4 {
      case 0: lines += #"{"id":\#(id),"v":\#(value),"n":\#(number),"b":\#(string)}"#
      case 1: lines += #"{"v":\#(value),"id":\#(id)}"#
      case 2: lines += #"{"x":\#(string),"b":null,"id":\#(id),"v":\#(value),"n":\#(number)}"#
      default: lines += #"{ "id" : \#(id) , "v" : \#(value) }"#
      }
      lines += "\n"
    }
    return lines
  }

  /// The CSV and Markdown writers, the ones that take fields' bytes, in every setting that
  /// changes how a field is written.
  static let writers: [(String, any TableRenderer)] = [
    ("csv", CSVTableRenderer()),
    ("csv, no formula guard", CSVTableRenderer(formulaGuard: .off)),
    ("csv, section column", CSVTableRenderer(lineEnding: .lf, sectionColumn: "part")),
    ("csv, surrounding spaces", CSVTableRenderer(quotesSurroundingSpaces: true)),
    // Field bytes write an empty string as no value: this writer takes the rows one by one.
    ("csv, empty text quoted", CSVTableRenderer(emptyText: .quoted)),
    ("markdown", MarkdownTableRenderer(title: "T")),
  ]

  /// Checks that `text` gives the same output and error read in chunks as row by row with
  /// every writer that takes bytes; returns the chunked CSV.
  @discardableResult
  static func expectSameOutput(
    _ text: String, configure: (inout TableInput) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let file = try TemporaryFile("tricky.jsonl", text)
    var csv = ""
    for (label, writer) in writers {
      let expected = try ChunkedReadingTests.render(
        file.path, with: writer, chunked: false, configure: configure)
      for size in [1, 40, 300, 1 << 20] {
        let chunked = try ChunkedReadingTests.render(
          file.path, with: writer, chunked: true, chunkSize: size, configure: configure)
        #expect(
          chunked.output == expected.output, "\(label), chunks of \(size)",
          sourceLocation: sourceLocation)
        #expect(
          chunked.error == expected.error, "\(label), chunks of \(size)",
          sourceLocation: sourceLocation)
        if label == "csv" && size == 40 { csv = chunked.output }
      }
    }
    return csv
  }

  @Test func everyKindOfValueIsWrittenAsFromItsCellValue() throws {
    let csv = try Self.expectSameOutput(Self.trickyLines())
    // Checked by hand, not against the other path: a string that looks like a formula or a
    // negative number is guarded, a number is not; a number is written as its value.
    let rows = csv.components(separatedBy: "\r\n")
    func row(_ id: Int) -> String { rows.first { $0.hasPrefix("\(id),") } ?? "" }
    let base = Self.strings.count
    #expect(row(10).hasPrefix("10,'=1+2"))
    #expect(row(11).hasPrefix("11,'-3"))
    #expect(row(base + 8).hasPrefix("\(base + 8),-3"))
    #expect(row(base + 9).hasPrefix("\(base + 9),1000"))
    #expect(row(base + 10).hasPrefix("\(base + 10),0.0015"))
    #expect(row(base + 11).hasPrefix("\(base + 11),-250"))
    #expect(row(base + 2).hasPrefix("\(base + 2),0,"))
    #expect(row(base + 3).hasPrefix("\(base + 3),0.0,"))
    #expect(row(base + 7).hasPrefix("\(base + 7),100.10"))
    #expect(row(base + 25).hasPrefix("\(base + 25),'-1234567890123456789012345678901234567890"))
    #expect(row(7).hasPrefix("7,\u{1F600} smile"))
    #expect(row(2).hasPrefix("2,\"with \"\"quotes\"\", commas\""))
  }

  @Test func chosenColumnsLeaveOtherKeysOut() throws {
    // Columns named on the command line: the readers read those keys only, in that order.
    let csv = try Self.expectSameOutput(
      Self.trickyLines(), configure: { $0.shaping.columns = ["n", "v", "id"] })
    #expect(csv.hasPrefix("n,v,id\r\n"))
    // Record 21 (`{"v":-0,"id":21}`) has no `n`.
    #expect(csv.contains("\r\n,0,21\r\n"))
  }

  /// Lines that fail after the sample, each in its own file.
  static let failures = [
    #"{"id":1,"late":"x"}"#, #"{"id":1,"v":"bad \u12"}"#, #"{"id":1,"v":"\ud800 alone"}"#,
    #"{"id":1,"v":"\x"}"#, #"{"id":1,"v":01}"#, #"{"id":1,"v":-}"#, #"{"id":1,"v":1.}"#,
    #"{"id":1,"v":}"#, #"{"id":1,"v":tru}"#, #"{"id":1,"v":"open"#, #"{"id":1 "v":2}"#,
    #"{"id":1,"v":[1,}"#, #"{"id":1,"v":{"a":1]}"#, #"["id",1]"#, "{\"id\":1,\"v\":\"tab\tin\"}",
    #"{"id":1,"v":+1}"#, #"{"id":1,"v":"x"}}"#, #"{"id":1,"v":1e}"#,
  ]

  @Test(arguments: failures)
  func errorsAreTheSameAtTheSamePlace(line: String) throws {
    let text = Self.trickyLines() + line + "\n" + #"{"id":99,"v":"after"}"# + "\n"
    let direct = try Self.readBothWays(text, from: 3)
    #expect(direct.bytesError != nil, "\(line)")
    #expect(direct.bytesError == direct.valuesError, "\(line)")
    #expect(direct.bytesRows == direct.valueRows, "\(line)")
    try Self.expectSameOutput(text)
  }

  @Test func invalidUTF8InAStringIsTheSameError() throws {
    var bytes = Array(Self.trickyLines().utf8)
    bytes += Array(#"{"id":1,"v":"bad "#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
    let direct = try Self.readBothWays(bytes: bytes, from: 3)
    #expect(direct.bytesError?.contains("UTF-8") == true, "\(direct.bytesError ?? "")")
    #expect(direct.bytesError == direct.valuesError)
    #expect(direct.bytesRows == direct.valueRows)
  }

  @Test func eachFieldIsHandedAsTheBytesOfItsCellValue() throws {
    // From the second line: the first decides the columns, as a sample does.
    let read = try Self.readBothWays(Self.trickyLines(), from: 2)
    #expect(read.bytesError == nil && read.valuesError == nil)
    #expect(read.bytesRows.count == Self.strings.count + Self.numbers.count + Self.others.count)
    #expect(read.bytesRows == read.valueRows)
    // By hand: what a few values become.
    let v = read.bytesRows.map { $0[1] }
    #expect(v[1] == HandedField(#"with "quotes", commas"#, .text))
    #expect(v[8] == HandedField("", .empty))
    #expect(v[Self.strings.count + 1] == HandedField("0", .number))
    #expect(v[Self.strings.count + 8] == HandedField("1000", .number))
    #expect(
      v[Self.strings.count + 24] == HandedField("-1234567890123456789012345678901234567890", .text))
    let others = Self.strings.count + Self.numbers.count
    #expect(v[others] == HandedField("true", .number))
    #expect(v[others + 2] == HandedField("", .empty))
    #expect(v[others + 3] == HandedField(#"{"a":[1,"x\"y",{"b":null}],"c":-1.5e2}"#, .text))
  }

  @Test func recordsAcrossTheReadsOfTheInputKeepTheirBytes() throws {
    // Far more than one read of the input (`ByteInput.chunkSize`), so records are cut by the
    // reads and the tokenizer drops what it has read: the bytes of a record's fields, handed
    // over at its end, must still be there.
    let lines = String(
      Self.trickyLines().split(separator: "\n").dropFirst().joined(separator: "\n"))
    let block = lines + "\n"
    var text = Self.trickyLines()
    while text.utf8.count < 3 * ByteInput.chunkSize { text += block }
    let read = try Self.readBothWays(text, from: 2)
    #expect(read.bytesError == nil && read.valuesError == nil)
    #expect(read.bytesRows.count > 10_000)
    #expect(read.bytesRows == read.valueRows)
  }

  /// One field as a writer is handed it, or as it would be handed the value's text.
  struct HandedField: Equatable, Sendable, CustomStringConvertible {
    var text: String
    var kind: FieldBytes.Kind

    init(_ text: String, _ kind: FieldBytes.Kind) {
      self.text = text
      self.kind = kind
    }

    /// The field a writer writes as it writes `value`: a number or a boolean as its text,
    /// never escaped or guarded; text as text; nothing as empty.
    init(_ value: CellValue) {
      switch value {
      case .text(let text): self.init(text, text.isEmpty ? .empty : .text)
      case .integer(let number): self.init("\(number)", .number)
      case .exactDecimal(let number): self.init(number.description, .number)
      case .decimal, .money, .percent, .date:
        self.init("a \(value.isNumeric ? "number" : "date") kind JSON never makes", .text)
      case .boolean(let flag): self.init("\(flag)", .number)
      case .empty: self.init("", .empty)
      }
    }

    var description: String { "\(kind): \(text)" }
  }

  /// Collects the fields it is handed.
  struct Collector: FieldBytesConsumer {
    var rows: [[HandedField]] = []

    mutating func consume(
      fields: UnsafeBufferPointer<FieldBytes>, into output: inout OutputBuffer
    ) {
      rows.append(fields.map { HandedField(String(decoding: $0.bytes, as: UTF8.self), $0.kind) })
    }

    mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer)
    {
      Issue.record("handed values, not bytes")
    }
  }

  /// Reads `text` from its line `line` on (the lines before decide the columns) as a chunk
  /// reader does, once handing bytes and once making values, with a small tokenizer read size
  /// so records cross the reads.
  static func readBothWays(_ text: String, from line: Int) throws -> BothWays {
    try readBothWays(bytes: Array(text.utf8), from: line)
  }

  /// ``readBothWays(_:from:)`` for bytes.
  static func readBothWays(bytes: [UInt8], from line: Int) throws -> BothWays {
    let file = try TemporaryFile("both.jsonl", bytes: bytes)
    var learner = try JSONRecordReader(input: try ByteInput(path: file.path), layout: .lines)
    var kept = 0
    while kept < line - 1, try learner.next() != nil { kept += 1 }
    learner.fixColumns()
    let columns = learner.columns
    let start = try #require(learner.resumePoint)
    let whole = try ByteInput(path: file.path)
    defer { withExtendedLifetime(whole) {} }
    let shared = try #require(whole.sharedFile)
    func reader() -> JSONRecordReader {
      JSONRecordReader(
        input: ByteInput(region: start.byteOffset..<shared.size, of: shared), resumingAt: start,
        columns: columns, ignoresUnknownKeys: false, sampled: kept)
    }
    var result = BothWays()
    var bytesReader = reader()
    var consumer: any FieldBytesConsumer = Collector()
    var output = OutputBuffer(sink: NoSink())
    do {
      let count = try bytesReader.consumeFieldBytes(with: &consumer, into: &output)
      #expect(count == (consumer as? Collector)?.rows.count)
    } catch {
      result.bytesError = "\(error)"
    }
    result.bytesRows = (consumer as? Collector)?.rows ?? []
    var valuesReader = reader()
    do {
      while let row = try valuesReader.next() {
        var values = row
        while values.count < columns.count { values.append(.empty) }
        result.valueRows.append(values.map(HandedField.init))
      }
    } catch {
      result.valuesError = "\(error)"
    }
    return result
  }

  /// The rows and error of each way of reading.
  struct BothWays {
    var bytesRows: [[HandedField]] = []
    var bytesError: String?
    var valueRows: [[HandedField]] = []
    var valuesError: String?
  }
}

/// Throws away what it is given.
private final class NoSink: ByteSink {
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
