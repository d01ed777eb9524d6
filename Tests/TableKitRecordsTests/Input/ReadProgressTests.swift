import Foundation
import Synchronization
import TableKit
import TableKitRecords
import TableRender
import Testing

/// The counts a progress line reads while an input is read (`ReadProgress`): at the end of the
/// reading they are the input's byte size and its rows (the header not counted), on every path
/// a table's rows take (kept, read ahead on a second thread, read in chunks, read again for a
/// text table's widths, held for sorting, from a pipe), for a CSV whose quoted fields hold line
/// breaks, doubled quotes and text that is not ASCII.
@Suite struct ReadProgressTests {
  /// Rows in the file.
  static let rowCount = 150

  /// A CSV of ``rowCount`` rows: every field of `note` holds a line break, some a doubled
  /// quote, and names and notes hold letters outside ASCII; it ends without a line feed when
  /// `endsWithLineFeed` is false.
  static func csv(endsWithLineFeed: Bool = true) -> [UInt8] {
    var text = "id,näme,note\n"
    for row in 1...rowCount {
      let quote = row % 7 == 0 ? "\"\"quoted\"\" " : ""
      text += "\(row),\"Zoë \(row)\",\"\(quote)first line\nsecond — ü \(row)\"\n"
    }
    if !endsWithLineFeed { text.removeLast() }
    return Array(text.utf8)
  }

  /// How a test reads the file: the renderer, and how the rows are read.
  struct Reading: CustomTestStringConvertible, Sendable {
    var name: String
    var renderer: @Sendable () -> any TableRenderer
    var chunking: TableInput.Chunking
    /// The pass the reading ends on: 2 when text measures every row, then writes.
    var passes: Int
    var sorts = false

    var testDescription: String { name }
  }

  static let readings: [Reading] = [
    Reading(name: "csv, chunks", renderer: { CSVTableRenderer() }, chunking: .always, passes: 1),
    Reading(name: "csv, row by row", renderer: { CSVTableRenderer() }, chunking: .never, passes: 1),
    Reading(
      name: "markdown, chunks", renderer: { MarkdownTableRenderer() }, chunking: .always,
      passes: 1),
    Reading(name: "html, chunks", renderer: { HTMLTableRenderer() }, chunking: .always, passes: 1),
    Reading(name: "text, chunks", renderer: { TextTableRenderer() }, chunking: .always, passes: 2),
    Reading(
      name: "text, row by row", renderer: { TextTableRenderer() }, chunking: .never, passes: 2),
    Reading(
      name: "csv, sorted", renderer: { CSVTableRenderer() }, chunking: .always, passes: 1,
      sorts: true),
  ]

  /// The input opened as the command line opens it, with few rows kept and small chunks and
  /// batches, so the rows cross between threads and chunks many times.
  static func opened(_ input: ByteInput, path: String?, _ reading: Reading) throws
    -> TableInput.Opened
  {
    var table = TableInput()
    table.sample = 3
    table.readAheadRows = 5
    table.chunking = reading.chunking
    table.chunkSize = 97
    if reading.sorts { table.shaping.sort = (column: "id", descending: true) }
    return try table.open(input, path: path)
  }

  @Test(arguments: readings, [true, false])
  func countsReachTheFileSizeAndRows(_ reading: Reading, endsWithLineFeed: Bool) throws {
    let bytes = Self.csv(endsWithLineFeed: endsWithLineFeed)
    let file = try TemporaryFile("notes.csv", bytes: bytes)
    let input = try ByteInput(path: file.path)
    let progress = input.attachProgress()
    #expect(progress.totalBytes == bytes.count)
    let opened = try Self.opened(input, path: file.path, reading)
    let output = reading.renderer().render(TableView(dataSource: opened.dataSource))
    #expect(opened.stream?.error == nil)
    #expect(output.contains("Zoë 150"))
    #expect(progress.bytes == bytes.count)
    #expect(progress.rows == Self.rowCount)
    #expect(progress.pass == reading.passes)
  }

  @Test(arguments: ["notes.jsonl", "notes.json"], [TableInput.Chunking.always, .never])
  func jsonCountsReachTheFileSizeAndRows(name: String, chunking: TableInput.Chunking) throws {
    let records = (1...Self.rowCount).map { #"{"id": \#($0), "näme": "Zoë \#($0)\nü"}"# }
    let text =
      name.hasSuffix(".jsonl")
      ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n") + "]\n"
    let file = try TemporaryFile(name, text)
    let input = try ByteInput(path: file.path)
    let progress = input.attachProgress()
    let reading = Reading(
      name: name, renderer: { CSVTableRenderer() }, chunking: chunking, passes: 1)
    let opened = try Self.opened(input, path: file.path, reading)
    _ = CSVTableRenderer().render(TableView(dataSource: opened.dataSource))
    #expect(opened.stream?.error == nil)
    #expect(progress.bytes == text.utf8.count)
    #expect(progress.rows == Self.rowCount)
    #expect(progress.pass == 1)
  }

  @Test func aPipeCountsWithoutATotal() throws {
    let bytes = Self.csv()
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    // The whole file fits in the pipe's buffer: written, then the writing end closed.
    try #require(bytes.count < 1 << 15)
    #expect(
      bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) } == bytes.count)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    let input = ByteInput(descriptor: descriptors[0], name: "standard input")
    let progress = input.attachProgress()
    #expect(progress.totalBytes == nil)
    let reading = Self.readings[1]
    let opened = try Self.opened(input, path: nil, reading)
    _ = CSVTableRenderer().render(TableView(dataSource: opened.dataSource))
    #expect(progress.bytes == bytes.count)
    #expect(progress.rows == Self.rowCount)
    #expect(progress.pass == 1)
  }

  @Test func standardInputFromAFileHasItsSizeAsTotal() throws {
    let bytes = Self.csv()
    let file = try TemporaryFile("notes.csv", bytes: bytes)
    let descriptor = open(file.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    // Reading starts 13 bytes in, as a shell that read part of the file would leave it.
    #expect(lseek(descriptor, 13, SEEK_SET) == 13)
    let input = ByteInput(descriptor: descriptor, name: "standard input")
    _ = try input.peek(5)
    let progress = input.attachProgress()
    #expect(progress.totalBytes == bytes.count - 13)
    var buffer: [UInt8] = []
    while try input.read(appendingTo: &buffer) > 0 {}
    #expect(progress.bytes == bytes.count - 13)
  }

  @Test func bytesPeekedBeforeAttachingCount() throws {
    let file = try TemporaryFile("notes", bytes: Self.csv())
    let input = try ByteInput(path: file.path)
    _ = try input.peek(10)
    #expect(input.attachProgress().bytes > 0)
  }

  @Test func anotherThreadReadsTheCountsWhileTheyRise() throws {
    let bytes = Self.csv()
    let file = try TemporaryFile("notes.csv", bytes: bytes)
    let input = try ByteInput(path: file.path)
    let progress = input.attachProgress()
    let done = Atomic<Bool>(false)
    let seen = Atomic<Int>(0)
    // As the progress ticker does: reads the counts on its own thread until the work ends
    // (ThreadSanitizer checks these reads against the reading threads' writes).
    let watcher = Thread {
      while !done.load(ordering: .acquiring) {
        seen.max(progress.rows, ordering: .relaxed)
        _ = (progress.bytes, progress.pass)
      }
    }
    watcher.start()
    defer { done.store(true, ordering: .releasing) }
    let opened = try Self.opened(input, path: file.path, Self.readings[0])
    _ = CSVTableRenderer().render(TableView(dataSource: opened.dataSource))
    #expect(progress.rows == Self.rowCount)
    #expect(seen.load(ordering: .relaxed) <= Self.rowCount)
  }

  @Test func goingBackInRowsIsANewPass() {
    let progress = ReadProgress(totalBytes: 100)
    progress.reach(byte: 60)
    progress.reach(byte: 40)
    progress.reach(row: 7)
    #expect((progress.bytes, progress.rows, progress.pass) == (60, 7, 1))
    // Back to where the chunks start, the same rows: the same pass, the bytes lowered.
    progress.restart(atByte: 30, row: 7)
    #expect((progress.bytes, progress.rows, progress.pass) == (30, 7, 1))
    progress.restart(atByte: 0, row: 0)
    #expect((progress.bytes, progress.rows, progress.pass) == (0, 0, 2))
  }
}
