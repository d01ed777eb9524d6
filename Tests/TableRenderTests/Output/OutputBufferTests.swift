import Foundation
import TableKit
import TableRender
import Testing

@Suite struct OutputBufferTests {
  private func written(chunkSize: Int = 256, _ body: (inout OutputBuffer) -> Void) -> (
    String, ChunkRecordingSink
  ) {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: chunkSize)
    body(&buffer)
    buffer.flush()
    return (sink.text, sink)
  }

  @Test func numbersAreWrittenAsCellValueFormatsThem() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var values: [CellValue] = [
      .integer(0), .integer(-1), .integer(Int.min), .integer(Int.max),
      .decimal(-0.0, fractionDigits: 2), .decimal(.infinity, fractionDigits: 1),
      .decimal(.nan, fractionDigits: 3), .decimal(1e300, fractionDigits: 2),
      .decimal(12_345_678_901_234_567_168, fractionDigits: 4), .decimal(0.005, fractionDigits: 2),
    ]
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      let number = Double(Int64(bitPattern: state) >> 20) / 997
      values.append(.decimal(number, fractionDigits: Int(state >> 60) % 8))
      values.append(.integer(Int(Int64(bitPattern: state) >> 7)))
    }
    for value in values {
      let (text, _) = written { $0.write(value) }
      #expect(text == value.text, "\(value)")
    }
  }

  /// Every digit count, at both ends: the count comes from the bit length, which a power of ten
  /// and its neighbours test hardest.
  @Test func integersOfEveryLengthMatchTheStandardLibrary() {
    var numbers = [0, 1, 9, Int.max, Int.min, Int.min + 1]
    var power = 1
    while power <= Int.max / 10 {
      power *= 10
      numbers += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    for number in numbers {
      let (text, _) = written { $0.write(integer: number) }
      #expect(text == String(number))
    }
  }

  /// Short runs are copied inline in overlapping words; every length around the word sizes.
  @Test func runsOfEveryShortLengthAreCopiedExactly() {
    let source = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    for length in 0...source.count {
      let run = Array(source.prefix(length))
      let (text, _) = written { buffer in
        buffer.write(byte: UInt8(ascii: "["))
        buffer.write(utf8: run)
        buffer.write(byte: UInt8(ascii: "]"))
      }
      #expect(text == "[" + String(decoding: run, as: UTF8.self) + "]")
    }
  }

  @Test func writesLargerThanTheBlockArriveWhole() {
    let long = String(repeating: "ab€", count: 1_000)  // 5,000 bytes, block of 256
    let (text, sink) = written { buffer in
      buffer.write("<")
      buffer.write(long)
      buffer.write(repeating: UInt8(ascii: " "), count: 700)
      buffer.write(">")
    }
    #expect(text == "<" + long + String(repeating: " ", count: 700) + ">")
    #expect(sink.brokenChunks == 0)
    #expect(sink.largestChunk == long.utf8.count)
  }

  @Test func nothingReachesTheSinkBeforeABlockFillsOrAFlush() {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: 256)
    buffer.write("short")
    #expect(sink.chunks == 0)
    buffer.flush()
    buffer.flush()
    #expect(sink.chunks == 1 && sink.text == "short")
  }
}

@Suite struct FileOutputTests {
  private let table = makePaymentsTable([("All", [Payment(payee: "Zoë", cents: 125, isOpen: true)])]
  )

  @Test func writesAFileAndReplacesWhatWasThere() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "old content that is longer than the new one".write(
      toFile: path, atomically: false, encoding: .utf8)
    try CSVTableRenderer(lineEnding: .lf).write(table, toFile: path)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "Payee,Amount,Open\nZoë,1.25,true\n")
  }

  @Test func aFileThatCannotBeOpenedIsATypedErrorNamingIt() {
    let path = "/nonexistent-directory-\(UUID().uuidString)/out.csv"
    let error = #expect(throws: RenderError.self) {
      try CSVTableRenderer().write(table, toFile: path)
    }
    guard case .cannotOpen(let failedPath, let code)? = error else {
      Issue.record("expected cannotOpen, got \(String(describing: error))")
      return
    }
    #expect(failedPath == path)
    #expect(code == ENOENT)
    #expect(error?.description.hasPrefix("cannot open \(path) for writing: ") == true)
  }

  @Test func aFailedWriteIsKeptAndReported() throws {
    // A pipe whose reading end is closed refuses writes with EPIPE (SIGPIPE is ignored here).
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    let previous = signal(SIGPIPE, SIG_IGN)
    defer {
      signal(SIGPIPE, previous)
      close(ends[1])
    }
    let error = #expect(throws: RenderError.self) {
      try CSVTableRenderer().write(table, toDescriptor: ends[1])
    }
    #expect(error == .writeFailed(destination: "file descriptor \(ends[1])", code: EPIPE))
  }
}
