import Foundation
import TableKit
import TableKitRecords
import TableRender
import Testing

/// A CSV or TSV file is read and rendered in chunks on two threads (`ChunkedFileRows`): these
/// files are cut every few dozen bytes, and every renderer's output must be byte for byte what
/// the one-row-at-a-time path writes for the same file, including where a cut falls inside a
/// quoted line break or before a malformed record.
@Suite struct ChunkedReadingTests {
  /// The renderers whose rows a chunked source draws, by name.
  static let renderers: [(String, any TableRenderer)] = [
    ("csv", CSVTableRenderer()),
    ("csv with a section column", CSVTableRenderer(lineEnding: .lf, sectionColumn: "part")),
    ("markdown", MarkdownTableRenderer(title: "T")),
    ("text", TextTableRenderer()),
    ("text, grid", TextTableRenderer(style: .grid)),
    ("html", HTMLTableRenderer()),
  ]

  /// The file at `path` rendered by `renderer`, in chunks of `chunkSize` bytes or (`chunked`
  /// false) one row at a time, with the input error the rows ended on.
  static func render(
    _ path: String, with renderer: any TableRenderer, chunked: Bool, chunkSize: Int = 40,
    configure: (inout TableInput) -> Void = { _ in }
  ) throws -> (output: String, error: String?) {
    var input = TableInput()
    input.sample = 3
    input.chunking = chunked ? .always : .never
    input.chunkSize = chunkSize
    configure(&input)
    let opened = try input.open(try ByteInput(path: path), path: path)
    let output = renderer.render(TableView(dataSource: opened.dataSource))
    return (output, opened.stream?.error.map { "\($0)" })
  }

  /// Checks that every renderer writes the same for `bytes`, chunked and row by row, and
  /// returns the chunked error of the first renderer.
  @discardableResult
  static func expectSameOutput(
    _ name: String, bytes: [UInt8], chunkSizes: [Int] = [1, 7, 40, 300],
    configure: (inout TableInput) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String? {
    let file = try TemporaryFile(name, bytes: bytes)
    var firstError: String?
    for (label, renderer) in renderers {
      let expected = try render(file.path, with: renderer, chunked: false, configure: configure)
      for size in chunkSizes {
        let chunked = try render(
          file.path, with: renderer, chunked: true, chunkSize: size, configure: configure)
        #expect(
          chunked.output == expected.output, "\(label), chunks of \(size) bytes",
          sourceLocation: sourceLocation)
        #expect(
          chunked.error == expected.error, "\(label), chunks of \(size) bytes",
          sourceLocation: sourceLocation)
        firstError = firstError ?? chunked.error
      }
    }
    return firstError
  }

  /// ``expectSameOutput(_:bytes:chunkSizes:configure:sourceLocation:)`` for text.
  @discardableResult
  static func expectSameOutput(
    _ name: String, _ text: String, chunkSizes: [Int] = [1, 7, 40, 300],
    configure: (inout TableInput) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String? {
    try expectSameOutput(
      name, bytes: Array(text.utf8), chunkSizes: chunkSizes, configure: configure,
      sourceLocation: sourceLocation)
  }

  /// `count` rows of mixed values as CSV: integers, text (some of it non-ASCII, some needing
  /// escapes in every format), exact amounts, booleans and empty fields.
  static func mixedCSV(rows count: Int, lineEnd: String = "\n") -> String {
    var csv = "id,name,amount,ok,note" + lineEnd
    for id in 1...count {
      let name = id % 3 == 0 ? "Zoë \(id)" : id % 5 == 0 ? "a|b <i>\(id)</i>" : "name \(id)"
      let note = id % 4 == 0 ? "" : id % 7 == 0 ? "\"quoted, with comma\"" : "n\(id)"
      csv += "\(id),\(name),\(id * 13 % 1000).\(id % 10)5,\(id % 2 == 0),\(note)" + lineEnd
    }
    return csv
  }

  @Test func everyRendererWritesTheSameInChunksAsRowByRow() throws {
    try Self.expectSameOutput("mixed.csv", Self.mixedCSV(rows: 120))
  }

  @Test func crlfLineEndsAndBlankLinesAreCutLikeAnyOther() throws {
    var lines = Self.mixedCSV(rows: 60, lineEnd: "\r\n").components(separatedBy: "\r\n")
    lines.insert("\r\n\n", at: 30)
    try Self.expectSameOutput("crlf.csv", lines.joined(separator: "\r\n") + "\n\n")
  }

  @Test func tsvIsCutToo() throws {
    var tsv = "id\tname\tnote\n"
    for id in 1...80 { tsv += "\(id)\tnom \(id)\t\"not a quote\n" }
    try Self.expectSameOutput("table.tsv", tsv)
  }

  /// `count` records, every third holding line breaks inside quotes (so many cuts fall inside
  /// a field), each line ending with `lineEnd`.
  static func quotedBreaksCSV(rows count: Int, lineEnd: String = "\n") -> String {
    var csv = "id,text" + lineEnd
    for id in 1...count {
      let text = id % 3 == 0 ? "\"line one\nline two,\n\nid,\(id)\"" : "plain \(id)"
      csv += "\(id),\(text)" + lineEnd
    }
    return csv
  }

  @Test func quotedLineBreaksWhereChunksAreCutAreReadWhole() throws {
    try Self.expectSameOutput("breaks.csv", Self.quotedBreaksCSV(rows: 90))
  }

  @Test(arguments: ["\n", "\r\n"])
  func chunksCutInsideQuotedFieldsAreReadAgainFromTheRecordBoundary(lineEnd: String) throws {
    // A chunk reads on past its end to finish its last record, and a chunk cut inside a quoted
    // field is read again from where the one before ended: every row goes through the chunks
    // (before, the first such cut stopped them and the rest was read one record at a time).
    let file = try TemporaryFile("breaks.csv", Self.quotedBreaksCSV(rows: 90, lineEnd: lineEnd))
    for size in [1, 7, 40, 300] {
      var input = TableInput()
      input.sample = 3
      input.chunking = .always
      input.chunkSize = size
      let opened = try input.open(try ByteInput(path: file.path), path: file.path)
      let stream = try #require(opened.stream)
      var output = OutputBuffer(sink: CollectingSink())
      let consumed = stream.consume(rowsFrom: 3, with: RowCounter(), into: &output)
      #expect(consumed?.count == 87, "chunks of \(size)")
      #expect(consumed?.consumer.rows == 87, "chunks of \(size)")
    }
  }

  @Test func messyCSVIsReadTheSameInChunks() throws {
    // Quoted fields with doubled quotes, commas and line breaks (LF and CR LF) inside, every
    // field of some records quoted, CR LF line ends with a CR alone ending one line, and
    // non-ASCII text, cut at every few bytes.
    var csv = "id,name,amount,note\r\n"
    for id in 1...120 {
      let name = ["Zoë", "\"山田, 太郎\"", "\"O\"\"Brien\"", "Ελένη"][id % 4]
      let note =
        id % 5 == 0
        ? "\"two\(id % 2 == 0 ? "\r\n" : "\n")lines, \"\"q\"\"\""
        : id % 7 == 0 ? "\"=1+2\"" : "n \(id)"
      let amount = id % 3 == 0 ? "\"-\(id).25\"" : "\(id).5"
      csv += "\(id),\(name),\(amount),\(note)" + (id == 60 ? "\r" : "\r\n")
    }
    try Self.expectSameOutput("messy.csv", csv)
    try Self.expectSameOutput(
      "messy.csv", csv, configure: { $0.shaping.columns = ["note", "id"] })
  }

  @Test func aMalformedRecordLateInTheFileIsReportedWithItsLineAndRow() throws {
    var csv = Self.mixedCSV(rows: 100)
    csv += "101,too,many,fields,in,this\n102,x,1.05,true,n\n"
    let error = try Self.expectSameOutput("ragged.csv", csv)
    #expect(error?.contains("ragged.csv:102:1: row 101 has 6 fields") == true, "\(error ?? "")")
    let file = try TemporaryFile("ragged.csv", csv)
    let chunked = try Self.render(file.path, with: CSVTableRenderer(), chunked: true)
    #expect(chunked.output.contains("100,"))
    #expect(!chunked.output.contains("102,x"))
  }

  @Test func invalidUTF8LateInTheFileIsReportedAtItsOffset() throws {
    let good = Array(Self.mixedCSV(rows: 80).utf8)
    let bytes = good + Array("81,bad ".utf8) + [0xFF] + Array(" byte,1.05,true,n\n".utf8)
    let error = try Self.expectSameOutput("bad.csv", bytes: bytes)
    #expect(error?.contains("bad.csv:82:8:") == true, "\(error ?? "")")
  }

  @Test func chosenColumnsAndTheRowCountFooter() throws {
    try Self.expectSameOutput("mixed.csv", Self.mixedCSV(rows: 70)) { input in
      input.shaping.columns = ["note", "id"]
      input.shaping.countsRows = true
    }
  }

  @Test func aRecordLongerThanAChunkAndAWideValueLateInTheFile() throws {
    var csv = Self.mixedCSV(rows: 40)
    csv += "41,\(String(repeating: "wide ", count: 60)),1.05,true,n\n"
    csv += Self.mixedCSV(rows: 20).split(separator: "\n").dropFirst().joined(separator: "\n")
    try Self.expectSameOutput("wide.csv", csv + "\n", chunkSizes: [1, 16, 100])
  }

  @Test func lineStartsFoundOnceForALineOfManyChunksCutTheSameRows() throws {
    // Cuts inside one long line share one search for the next line start; the rows must be
    // cut as a fresh search for each would cut them, around lines long and short.
    var csv = Self.mixedCSV(rows: 30)
    for length in [2_000, 3, 700, 1] {
      csv += "31,\(String(repeating: "w", count: length)),1.05,true,n\n"
      csv += "32,short,2.05,false,\n"
    }
    try Self.expectSameOutput("long-lines.csv", csv, chunkSizes: [1, 7, 40, 300, 1_000])
  }

  @Test func aFileWithoutALineBreakAtTheEndEndsOnItsLastRecord() throws {
    try Self.expectSameOutput("end.csv", "a,b\n1,2\n3,4\n5,6\n7,8\n9,10")
  }

  /// Several tables rendered at once, each through its own chunked source, as a server would.
  ///
  /// Each output must be its own rows. Under ThreadSanitizer (Scripts/sanitizers.sh) this also
  /// checks that no state is shared between renders, including the placeholder address an
  /// empty consumer (Markdown's writer) is given in generic code.
  @Test func tablesRenderedAtOnceEachWriteTheirOwnRows() throws {
    let files = try (0..<4).map { index in
      try TemporaryFile("at-once-\(index).csv", Self.mixedCSV(rows: 40 + index * 17))
    }
    let jobs = files.flatMap { file in Self.renderers.map { (file.path, $0.1) } }
    let expected = try jobs.map { path, renderer in
      try Self.render(path, with: renderer, chunked: false).output
    }
    // Each job is rendered three times in a row, so the renders running at once are mostly of
    // one renderer. Each writes its own slot, with no lock: a lock would order the renders for
    // ThreadSanitizer and hide a race between them.
    let outputs = RenderedOutputs(count: jobs.count * 3)
    DispatchQueue.concurrentPerform(iterations: jobs.count * 3) { slot in
      let (path, renderer) = jobs[slot / 3]
      outputs[slot] = try? Self.render(path, with: renderer, chunked: true).output
    }
    for slot in 0..<jobs.count * 3 {
      #expect(outputs[slot] == expected[slot / 3], "render \(slot)")
    }
  }

  @Test func theChunkedPathIsTakenForAFileAndDeclinedForAPipe() throws {
    let csv = Self.mixedCSV(rows: 50)
    var input = TableInput()
    input.sample = 3
    input.chunkSize = 64
    input.chunking = .always
    let file = try TemporaryFile("mixed.csv", csv)
    let opened = try input.open(try ByteInput(path: file.path), path: file.path)
    let stream = try #require(opened.stream)
    var output = OutputBuffer(sink: CollectingSink())
    let consumed = stream.consume(rowsFrom: 3, with: RowCounter(), into: &output)
    #expect(consumed?.count == 47)
    #expect(consumed?.consumer.rows == 47)
    // Asked again, as text's drawing pass does after its measuring pass: the same rows.
    let again = stream.consume(rowsFrom: 3, with: RowCounter(), into: &output)
    #expect(again?.count == 47)
    #expect(again?.consumer.rows == 47)
    // Only from the first row after the kept ones.
    #expect(stream.consume(rowsFrom: 4, with: RowCounter(), into: &output) == nil)

    // A pipe cannot be cut: its rows are read one after another.
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let bytes = Array(csv.utf8)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    let piped = try input.open(
      ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
    let pipedStream = try #require(piped.stream)
    #expect(pipedStream.consume(rowsFrom: 3, with: RowCounter(), into: &output) == nil)

    // By default a file is cut only where a second processor can help; never when told not to.
    for (chunking, expected) in [
      (TableInput.Chunking.withSeveralProcessors, ProcessInfo.processInfo.activeProcessorCount > 1),
      (.never, false),
    ] {
      input.chunking = chunking
      let reopened = try input.open(try ByteInput(path: file.path), path: file.path)
      let source = try #require(reopened.stream)
      let taken = source.consume(rowsFrom: 3, with: RowCounter(), into: &output) != nil
      #expect(taken == expected, "\(chunking)")
    }
  }
}

/// Counts the rows it is given, and each chunk's count when it absorbs a copy.
private struct RowCounter: RowConsumer {
  var rows = 0
  var seen = 0

  mutating func consume(_ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer) {
    seen += 1
  }

  mutating func absorb(_ later: RowCounter) {
    rows += later.seen
  }
}

/// The outputs of renders run at once, one slot each; each slot is written by one render, and
/// read once they have all ended.
private final class RenderedOutputs: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<String?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  subscript(slot: Int) -> String? {
    get { slots[slot] }
    set { slots[slot] = newValue }
  }
}

/// Keeps what it is given.
private final class CollectingSink: ByteSink {
  var bytes: [UInt8] = []
  func write(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
}
