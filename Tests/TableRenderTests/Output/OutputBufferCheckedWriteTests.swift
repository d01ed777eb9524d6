import TableKit
import TableRender
import Testing

/// The one raw-write entry point, `OutputBuffer.writeUnsafeBytes(budget:_:)`: what a writer
/// stores arrives, and in a debug build a wrong count or a byte past the room stops the program.
@Suite struct OutputBufferCheckedWriteTests {
  @Test func storedBytesArriveInOrder() {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: 256)
    buffer.write("a")
    buffer.writeUnsafeBytes(budget: 8) { room in
      room[0] = UInt8(ascii: "b")
      room[1] = UInt8(ascii: "c")
      return 2
    }
    buffer.writeUnsafeBytes(budget: 0) { _ in 0 }
    buffer.write("d")
    buffer.flush()
    #expect(sink.text == "abcd")
  }

  /// A budget larger than a block is written aside and copied, whole and in order.
  @Test func aBudgetLargerThanABlockIsWrittenWhole() {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: 256)
    buffer.write("<")
    buffer.writeUnsafeBytes(budget: 1_000) { room in
      for index in 0..<600 { room[index] = UInt8(ascii: "a") + UInt8(index % 26) }
      return 600
    }
    buffer.write(">")
    buffer.flush()
    let letters = (0..<600).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
    #expect(sink.text == "<" + String(letters) + ">")
  }

  /// Rooms follow each other across block boundaries: each write starts where the last ended.
  @Test func roomsAcrossBlocksKeepEveryByte() {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: 256)
    var expected = ""
    for index in 0..<500 {
      let digit = UInt8(ascii: "0") + UInt8(index % 10)
      buffer.writeUnsafeBytes(budget: 40) { room in
        room[0] = digit
        room[1] = UInt8(ascii: ",")
        return 2
      }
      expected += "\(index % 10),"
    }
    buffer.flush()
    #expect(sink.text == expected)
    #expect(sink.largestChunk <= 256)
    #expect(sink.brokenChunks == 0)
  }

  /// A writer that cannot finish returns zero: what it stored is not added, in a block or
  /// aside, and the next write starts where the last one ended.
  @Test(arguments: [8, 1_000])
  func aWriterThatReturnsZeroAddsNothing(budget: Int) {
    let sink = ChunkRecordingSink()
    var buffer = OutputBuffer(sink: sink, chunkSize: 256)
    buffer.write("a")
    buffer.writeUnsafeBytes(budget: budget) { room in
      room[0] = UInt8(ascii: "x")
      room[budget - 1] = UInt8(ascii: "y")
      return 0
    }
    buffer.write("b")
    buffer.flush()
    #expect(sink.text == "ab")
  }

  #if DEBUG
    @Test func checksAreOnInADebugBuild() {
      #expect(OutputBuffer.checksWrites)
    }

    @Test func aCountOverTheBudgetStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var buffer = OutputBuffer(sink: DiscardingSink())
        buffer.writeUnsafeBytes(budget: 4) { _ in 5 }
      }
    }

    @Test func aNegativeCountStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var buffer = OutputBuffer(sink: DiscardingSink())
        buffer.writeUnsafeBytes(budget: 4) { _ in -1 }
      }
    }

    /// The writer says it stored two bytes but stored one past its room of four.
    @Test func aBytePastTheRoomStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var buffer = OutputBuffer(sink: DiscardingSink())
        buffer.writeUnsafeBytes(budget: 4) { room in
          (room.start + 4).pointee = UInt8(ascii: "x")
          return 2
        }
      }
    }

    @Test func aBytePastARoomWrittenAsideStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var buffer = OutputBuffer(sink: DiscardingSink(), chunkSize: 256)
        buffer.writeUnsafeBytes(budget: 1_000) { room in
          (room.start + 1_000).pointee = UInt8(ascii: "x")
          return 1_000
        }
      }
    }

    /// A room written aside is checked the same way: a count over its budget stops the program.
    @Test func aCountOverTheBudgetOfARoomWrittenAsideStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var buffer = OutputBuffer(sink: DiscardingSink(), chunkSize: 256)
        buffer.writeUnsafeBytes(budget: 1_000) { _ in 1_001 }
      }
    }

    /// The control for the exit tests above: the same writes within their budgets exit cleanly,
    /// so it is the wrong count that stops them.
    @Test func theSameWritesWithinTheirBudgetsExitCleanly() async {
      await #expect(processExitsWith: .success) {
        var buffer = OutputBuffer(sink: DiscardingSink(), chunkSize: 256)
        buffer.writeUnsafeBytes(budget: 4) { room in
          room[3] = UInt8(ascii: "x")
          return 4
        }
        buffer.writeUnsafeBytes(budget: 3) { room in
          room[0] = UInt8(ascii: "y")
          return 0
        }
        buffer.writeUnsafeBytes(budget: 1_000) { room in
          room[999] = UInt8(ascii: "z")
          return 1_000
        }
        buffer.flush()
      }
    }
  #endif
}

/// A sink that drops what it gets, for the exit tests.
private final class DiscardingSink: ByteSink {
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
