import TableKitRecords
import Testing

/// The rules by which the two threads of a chunked run share its chunks
/// (`ChunkQueueStateMachine`), each played step by step on one thread: the writer writes chunks
/// in order and reads some itself, the reader reads ahead within the window, a chunk that ends
/// the run is the last written, and a stop waits for the reader.
@Suite struct ChunkQueueStateMachineTests {
  typealias Machine = ChunkQueueStateMachine<String>

  /// Reads `index` as the thread told to would: records it, named after its number.
  static func read(_ index: Int, in machine: inout Machine, endsRun: Bool = false) {
    machine.finishReading(index, with: "chunk \(index)", endsRun: endsRun)
  }

  @Test func chunksAreTakenInOrderByWhicheverThreadAsksFirst() {
    var machine = Machine(window: 4)
    #expect(machine.writerNext() == .read(0))
    #expect(machine.readerNext() == .read(1))
    #expect(machine.readerNext() == .read(2))
    #expect(machine.writerNext() == .read(3))
  }

  @Test func aChunkIsWrittenOnlyAfterEveryChunkBeforeIt() {
    var machine = Machine(window: 2)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.readerNext() == .read(1))
    Self.read(1, in: &machine)
    // Chunk 1 is read but chunk 0 is not: nothing to write, and the window is full.
    #expect(machine.writerNext() == .wait)
    Self.read(0, in: &machine)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .write("chunk 1"))
  }

  @Test func theWriterReadsAChunkItselfWhenItHasNothingToWriteAndTheWindowHasRoom() {
    var machine = Machine(window: 2)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.writerNext() == .read(1))
    Self.read(1, in: &machine)
    #expect(machine.writerNext() == .wait)
  }

  @Test func aThreadWaitsWhileTheWindowIsFullUntilAChunkIsWritten() {
    var machine = Machine(window: 2)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.readerNext() == .read(1))
    #expect(machine.readerNext() == .wait)
    #expect(machine.readerNext() == .wait)
    Self.read(0, in: &machine)
    // Read is not written: the window counts from the next chunk to write.
    #expect(machine.readerNext() == .wait)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.readerNext() == .read(2))
  }

  @Test func aWindowBelowOneIsOne() {
    var machine = Machine(window: 0)
    #expect(machine.window == 1)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.writerNext() == .wait)
  }

  @Test func aFailedChunkIsWrittenInItsTurnAndNoChunkAfterIt() {
    var machine = Machine(window: 4)
    for index in 0..<4 { #expect(machine.readerNext() == .read(index)) }
    Self.read(3, in: &machine)
    Self.read(2, in: &machine, endsRun: true)
    Self.read(1, in: &machine)
    Self.read(0, in: &machine)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .write("chunk 1"))
    #expect(machine.writerNext() == .write("chunk 2"))
    // Chunk 3 was read, but after the chunk that ended the run: it is never written.
    #expect(machine.writerNext() == .finish)
    #expect(machine.readerNext() == .exit)
  }

  @Test func noChunkAfterTheOneThatEndsTheRunIsTaken() {
    var machine = Machine(window: 8)
    #expect(machine.writerNext() == .read(0))
    #expect(machine.readerNext() == .read(1))
    // Chunk 1 starts past the file's end.
    Self.read(1, in: &machine, endsRun: true)
    #expect(machine.readerNext() == .exit)
    Self.read(0, in: &machine)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .write("chunk 1"))
    #expect(machine.writerNext() == .finish)
  }

  @Test func anEarlierChunkThatEndsTheRunDropsALaterOne() {
    var machine = Machine(window: 4)
    for index in 0..<4 { #expect(machine.readerNext() == .read(index)) }
    Self.read(3, in: &machine, endsRun: true)
    Self.read(1, in: &machine, endsRun: true)
    Self.read(2, in: &machine)
    Self.read(0, in: &machine)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .write("chunk 1"))
    #expect(machine.writerNext() == .finish)
  }

  @Test func pastTheEndTheWriterIsToldTheRunIsFinishedEveryTimeItAsks() {
    var machine = Machine(window: 2)
    #expect(machine.writerNext() == .read(0))
    Self.read(0, in: &machine, endsRun: true)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .finish)
    #expect(machine.writerNext() == .finish)
    #expect(machine.readerNext() == .exit)
    #expect(machine.readerNext() == .exit)
  }

  @Test func theWriterWritesWhatIsLeftAfterTheReaderExits() {
    var machine = Machine(window: 4)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.writerNext() == .read(1))
    Self.read(0, in: &machine)
    #expect(machine.readerNext() == .read(2))
    Self.read(2, in: &machine, endsRun: true)
    // Every chunk up to the last is taken: the reader exits while the writer still reads 1.
    #expect(machine.readerNext() == .exit)
    Self.read(1, in: &machine)
    #expect(machine.writerNext() == .write("chunk 0"))
    #expect(machine.writerNext() == .write("chunk 1"))
    #expect(machine.writerNext() == .write("chunk 2"))
    #expect(machine.writerNext() == .finish)
    // The reader is gone: the stop does not wait for it.
    #expect(machine.stop() == .stopped)
  }

  @Test func stoppingWhileTheReaderReadsWaitsUntilItExits() {
    var machine = Machine(window: 4)
    #expect(machine.readerNext() == .read(0))
    #expect(machine.stop() == .waitForReader)
    #expect(machine.stop() == .waitForReader)
    // The chunk it was reading is dropped, and it is told to exit.
    Self.read(0, in: &machine)
    #expect(machine.readerNext() == .exit)
    #expect(machine.stop() == .stopped)
    #expect(machine.writerNext() == .finish)
  }

  @Test func stoppingWakesAReaderWaitingForRoomToExit() {
    var machine = Machine(window: 1)
    #expect(machine.readerNext() == .read(0))
    Self.read(0, in: &machine)
    #expect(machine.readerNext() == .wait)
    #expect(machine.stop() == .waitForReader)
    #expect(machine.readerNext() == .exit)
    #expect(machine.stop() == .stopped)
  }

  @Test func stoppingBeforeTheReaderStartedMakesItExitAtOnce() {
    var machine = Machine(window: 4)
    #expect(machine.stop() == .waitForReader)
    #expect(machine.readerNext() == .exit)
    #expect(machine.stop() == .stopped)
    #expect(machine.stop() == .stopped)
  }

  @Test func aStoppedRunTellsTheWriterItIsFinished() {
    var machine = Machine(window: 4)
    #expect(machine.writerNext() == .read(0))
    #expect(machine.stop() == .waitForReader)
    Self.read(0, in: &machine)
    #expect(machine.writerNext() == .finish)
  }

  @Test func spareBytesAreKeptUpToOneMoreThanTheWindowAndHandedOutLastFirst() {
    var machine = Machine(window: 2)
    for byte: UInt8 in 1...4 { machine.keepSpareBytes([byte]) }
    #expect(machine.takeSpareBytes() == [3])
    #expect(machine.takeSpareBytes() == [2])
    #expect(machine.takeSpareBytes() == [1])
    #expect(machine.takeSpareBytes() == [])
  }

  @Test func spareBytesAreNeitherKeptNorHandedOutOnceTheRunStops() {
    var machine = Machine(window: 2)
    machine.keepSpareBytes([1])
    _ = machine.stop()
    machine.keepSpareBytes([2])
    #expect(machine.takeSpareBytes() == [])
  }
}
