import Foundation
import TableKit
import TableKitRecords
import TableKitTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rows past the kept sample are read on a second thread in batches (`RowPrefetcher`): these
/// tables are read with batches of 16 rows and are many batches long, so every row after the
/// sample crosses from the reading thread to the rendering one, batch after batch.
@Suite struct ReadingAheadTests {
  /// `count` rows of an id, a name with a non-ASCII letter every few rows, an amount and a
  /// flag, as CSV with a header; and the cells they should read as.
  static func table(rows count: Int) -> (csv: String, rows: [[CellValue]]) {
    var csv = "id,name,amount,ok\n"
    var rows: [[CellValue]] = []
    for id in 1...count {
      let name = id % 3 == 0 ? "Zoë \(id)" : "name \(id)"
      let cents = id * 7 % 100
      let amount = "\(id).\(cents < 10 ? "0" : "")\(cents)"
      csv += "\(id),\(name),\(amount),\(id % 2 == 0)\n"
      rows.append([
        .integer(id), .text(name),
        .exactDecimal(ExactDecimal(minorUnits: id * 100 + cents, scale: 2)),
        .boolean(id % 2 == 0),
      ])
    }
    return (csv, rows)
  }

  /// `text` opened from a file named `name` as a stream keeping `sample` rows.
  static func open(
    _ name: String, _ text: String, sample: Int, columns: [String]? = nil
  ) throws -> (opened: TableInput.Opened, file: TemporaryFile) {
    var input = TableInput()
    input.sample = sample
    input.readAheadRows = 16
    input.shaping.columns = columns
    let file = try TemporaryFile(name, text)
    return (try input.open(try ByteInput(path: file.path), path: file.path), file)
  }

  @Test func everyRowOfAFileLongerThanSeveralBatchesArrivesInOrder() throws {
    let (csv, expected) = Self.table(rows: 400)
    let (opened, file) = try Self.open("long.csv", csv, sample: 10)
    defer { withExtendedLifetime(file) {} }
    #expect(try collect(opened).rows == expected)
    // A second pass, as text makes after measuring, reads the file again from its start.
    #expect(try collect(opened).rows == expected)
  }

  @Test func aPassBrokenOffHalfWayStartsAgainFromTheFirstRow() throws {
    let (csv, expected) = Self.table(rows: 300)
    let (opened, file) = try Self.open("long.csv", csv, sample: 5)
    defer { withExtendedLifetime(file) {} }
    let stream = try #require(opened.stream)
    var cell = Cell("")
    for row in 0..<170 { #expect(stream.loadRow(row)) }
    #expect(stream.loadRow(150) == true)
    stream.configureCell(&cell, at: TablePosition(section: 0, row: 150))
    #expect(cell.values == expected[150])
    #expect(try collect(opened).rows == expected)
  }

  @Test func chosenColumnsAreTakenFromEachRowOfTheBatch() throws {
    let (csv, expected) = Self.table(rows: 200)
    let (opened, file) = try Self.open("long.csv", csv, sample: 3, columns: ["ok", "id"])
    defer { withExtendedLifetime(file) {} }
    #expect(try collect(opened).rows == expected.map { [$0[3], $0[0]] })
  }

  @Test func jsonLinesCrossTheThreadsToo() throws {
    var lines = ""
    var expected: [[CellValue]] = []
    for id in 1...300 {
      // Later records leave keys out: their cells are empty.
      lines += id % 4 == 0 ? "{\"id\": \(id)}\n" : "{\"id\": \(id), \"tag\": \"t\(id)\"}\n"
      expected.append([.integer(id), id % 4 == 0 ? .empty : .text("t\(id)")])
    }
    let (opened, file) = try Self.open("log.jsonl", lines, sample: 3)
    defer { withExtendedLifetime(file) {} }
    #expect(try collect(opened).rows == expected)
  }

  /// A row with too few fields, and one with exactly twice too many, which must not pass for
  /// two rows.
  @Test(arguments: ["251,short\n", "251,a,b,c,d,e,f,g\n"])
  func anErrorAfterManyBatchesComesAfterTheRowsBeforeIt(ragged: String) throws {
    var (csv, expected) = Self.table(rows: 250)
    csv += ragged
    let (opened, file) = try Self.open("ragged.csv", csv, sample: 10)
    defer { withExtendedLifetime(file) {} }
    let stream = try #require(opened.stream)
    var cell = Cell("")
    var rows: [[CellValue]] = []
    while stream.loadRow(rows.count) {
      stream.configureCell(&cell, at: TablePosition(section: 0, row: rows.count))
      rows.append(cell.values)
    }
    #expect(rows == expected)
    let error = try #require(stream.error)
    #expect(error.position?.line == 252)
    #expect(error.description.contains("ragged.csv:252"))
  }

  /// A row's values are moved into the renderer's cell; asking for the same row again, by
  /// `configureCell` into another cell or by `cell(at:)`, reads it again from the file.
  @Test func askingForARowTwiceReadsItAgainFromAFile() throws {
    let (csv, expected) = Self.table(rows: 300)
    let (opened, file) = try Self.open("long.csv", csv, sample: 5)
    defer { withExtendedLifetime(file) {} }
    let stream = try #require(opened.stream)
    let position = TablePosition(section: 0, row: 120)
    var first = Cell("")
    var second = Cell("")
    for row in 0...120 { #expect(stream.loadRow(row)) }
    stream.configureCell(&first, at: position)
    stream.configureCell(&second, at: position)
    #expect(first.values == expected[120])
    #expect(second.values == expected[120])
    #expect(stream.cell(at: position).values == expected[120])
    // The next rows carry on from there.
    #expect(stream.loadRow(121))
    stream.configureCell(&first, at: TablePosition(section: 0, row: 121))
    #expect(first.values == expected[121])
    #expect(stream.error == nil)
  }

  @Test func askingForAPipesRowTwiceIsAnErrorNotAWrongRow() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let text = Array(Self.table(rows: 60).csv.utf8)
    #expect(write(descriptors[1], text, text.count) == text.count)
    close(descriptors[1])
    var input = TableInput()
    input.sample = 2
    input.readAheadRows = 16
    let opened = try input.open(
      ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
    let stream = try #require(opened.stream)
    for row in 0...40 { #expect(stream.loadRow(row)) }
    var cell = Cell("")
    stream.configureCell(&cell, at: TablePosition(section: 0, row: 40))
    #expect(cell.values.count == 4)
    #expect(
      stream.cell(at: TablePosition(section: 0, row: 40)).values
        == Array(repeating: .empty, count: 4))
    let error = try #require(stream.error)
    #expect(error.description.contains("row 41 was asked for twice"))
  }

  /// A source dropped while its reader runs (which then stops at its next hand-over, without
  /// being waited for) must not crash or hang; the sanitizers watch the rest.
  @Test func droppingASourceWhileItsReaderRunsIsSafe() throws {
    let (csv, _) = Self.table(rows: 500)
    var input = TableInput()
    input.sample = 2
    input.readAheadRows = 16
    let file = try TemporaryFile("long.csv", csv)
    for _ in 0..<20 {
      let opened = try input.open(try ByteInput(path: file.path), path: file.path)
      let stream = try #require(opened.stream)
      #expect(stream.loadRow(100))
    }
  }

  /// Rows from a pipe are handed over when the reader would wait for more, not when a batch
  /// fills: the writer here keeps the pipe open, so a reader that waited for a full batch would
  /// never show row 30.
  @Test func rowsFromAPipeThatStaysOpenArriveBeforeABatchFills() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let writeEnd = descriptors[1]
    let text = Array(Self.table(rows: 40).csv.utf8)
    #expect(write(writeEnd, text, text.count) == text.count)
    var input = TableInput()
    input.sample = 2
    input.format = .csv
    let opened = try input.open(
      ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
    let stream = try #require(opened.stream)
    let loaded = LoadResult()
    let shared = SharedStream(stream)
    let thread = Thread { loaded.finish(shared.stream.loadRow(30)) }
    thread.start()
    let arrived = loaded.wait(seconds: 20)
    close(writeEnd)  // Lets a reader that did wait reach the end, so the test ends either way.
    #expect(arrived == true, "row 30 was not handed over while the pipe stayed open")
    // Read to the end, so the reading thread is done with the pipe before it is closed.
    _ = loaded.wait(seconds: 20)
    var row = 31
    while stream.loadRow(row) { row += 1 }
    #expect(row == 40)
  }
}

/// A stream handed to one other thread, which uses it alone until it answers.
private final class SharedStream: @unchecked Sendable {
  let stream: RecordStreamDataSource
  init(_ stream: RecordStreamDataSource) { self.stream = stream }
}

/// The answer of a `loadRow` made on another thread, waited for with a time limit.
private final class LoadResult: @unchecked Sendable {
  private let condition = NSCondition()
  private var result: Bool?

  func finish(_ value: Bool) {
    condition.lock()
    result = value
    condition.broadcast()
    condition.unlock()
  }

  /// The answer, or `nil` if none came within `seconds`.
  func wait(seconds: Double) -> Bool? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: seconds)
    while result == nil && condition.wait(until: deadline) {}
    return result
  }
}

@Suite struct FieldScanningTests {
  /// Unquoted fields are scanned eight bytes at a time; fields of every length around that,
  /// with non-ASCII letters anywhere in them, must read back as a plain split of the lines
  /// does.
  @Test func fieldsOfEveryLengthReadAsASplitOfTheLine() throws {
    var generator = SeededGenerator(state: 14)
    let letters: [String] = ["A", "B", "x", "é", "山", " ", "-", "👍"]
    var csv = "a,b,c\n"
    var expected: [[CellValue]] = []
    for _ in 0..<3_000 {
      var row: [String] = []
      for _ in 0..<3 {
        let length = Int(generator.next() % 21) + 1
        row.append(
          String((0..<length).map { _ in letters[Int(generator.next() % 8)] }.joined()))
      }
      csv += row.joined(separator: ",") + (generator.next() % 2 == 0 ? "\n" : "\r\n")
      expected.append(row.map { .text($0) })
    }
    var input = TableInput()
    input.infers = false
    #expect(try readTable("fields.csv", csv, input).rows == expected)
  }
}

@Suite struct UTF8CheckTests {
  /// The standard library's validator is the oracle: every sequence of one and two bytes,
  /// every three-byte sequence after the leads whose second byte has narrower bounds, and
  /// random sequences of up to eight bytes drawn mostly from the bytes at those bounds.
  @Test func agreesWithTheStandardLibraryOnWhatIsValid() {
    var mismatches: [[UInt8]] = []
    func check(_ bytes: [UInt8]) {
      let ours = bytes.withUnsafeBufferPointer {
        UTF8Check.holdsExactly($0, String(decoding: $0, as: UTF8.self))
      }
      if ours != (String(validating: bytes, as: UTF8.self) != nil) { mismatches.append(bytes) }
    }
    for first in UInt8.min...UInt8.max {
      check([first])
      for second in UInt8.min...UInt8.max { check([first, second]) }
    }
    for lead: UInt8 in [0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5] {
      for second in UInt8.min...UInt8.max {
        for third: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
          check([lead, second, third])
          check([lead, second, third, 0x80])
        }
      }
    }
    var generator = SeededGenerator(state: 8)
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<50_000 {
      let length = Int(generator.next() % 8) + 1
      check(
        (0..<length).map { _ in
          let pick = generator.next()
          return pick % 4 == 0
            ? UInt8(truncatingIfNeeded: pick >> 8)
            : interesting[Int((pick >> 8) % UInt64(interesting.count))]
        })
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// `isValid` (a block of ASCII skipped at a time, four bytes read for each sequence) against
  /// the standard library, with every sequence moved across the block boundaries by ASCII
  /// before it and cut by the end of the bytes after it.
  @Test func isValidAgreesWithTheStandardLibraryWhereverASequenceFalls() {
    var mismatches: [[UInt8]] = []
    var generator = SeededGenerator(state: 9)
    let interesting: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
      0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<4_000 {
      let length = Int(generator.next() % 6) + 1
      let sequence = (0..<length).map { _ in
        interesting[Int(generator.next() % UInt64(interesting.count))]
      }
      for before in 0...40 {
        for after in [0, 1, 3, 17] {
          let bytes =
            [UInt8](repeating: 0x61, count: before) + sequence
            + [UInt8](repeating: 0x62, count: after)
          let ours = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
          if ours != (String(validating: bytes, as: UTF8.self) != nil) { mismatches.append(bytes) }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
