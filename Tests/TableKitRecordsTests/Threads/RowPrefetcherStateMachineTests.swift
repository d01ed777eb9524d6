import TableKitRecords
import Testing

/// The rules by which a reading thread hands batches of rows to the renderer
/// (`RowPrefetcherStateMachine`), each played step by step on one thread: order, the bounded
/// queue, the end of the input and an error after the rows before it, batches given back, and
/// a cancel that stops the reader.
@Suite struct RowPrefetcherStateMachineTests {
  typealias Machine = RowPrefetcherStateMachine<String>

  static let failure = TableInputError(
    path: "data.csv", position: nil, reason: .raggedRow(row: 251, count: 2, columns: 3))

  /// Hands `batch` over; returns the action and what was left in its place.
  static func handOver(
    _ batch: String?, ending: Machine.Ending? = nil, to machine: inout Machine
  ) -> (Machine.HandOverAction, String?) {
    var batch = batch
    let action = machine.handOver(&batch, ending: ending)
    return (action, batch)
  }

  @Test func batchesAreDrawnInTheOrderTheyWereHandedOver() {
    var machine = Machine(depth: 3)
    for name in ["a", "b", "c"] {
      let (action, left) = Self.handOver(name, to: &machine)
      #expect(action == .readOn)
      #expect(left == nil)
    }
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .draw("b"))
    #expect(machine.rendererNext() == .draw("c"))
  }

  @Test func theRendererWaitsWhileTheReaderReads() {
    var machine = Machine(depth: 3)
    #expect(machine.rendererNext() == .wait)
    _ = Self.handOver("a", to: &machine)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .wait)
  }

  @Test func theReaderWaitsWhenTheQueueIsFullAndItsBatchIsNotTaken() {
    var machine = Machine(depth: 2)
    _ = Self.handOver("a", to: &machine)
    _ = Self.handOver("b", to: &machine)
    let (full, left) = Self.handOver("c", to: &machine)
    #expect(full == .wait)
    #expect(left == "c")
    #expect(machine.rendererNext() == .draw("a"))
    let (roomy, taken) = Self.handOver("c", to: &machine)
    #expect(roomy == .readOn)
    #expect(taken == nil)
    #expect(machine.rendererNext() == .draw("b"))
    #expect(machine.rendererNext() == .draw("c"))
  }

  @Test func aDepthBelowOneIsOne() {
    var machine = Machine(depth: 0)
    #expect(machine.depth == 1)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver("b", to: &machine).0 == .wait)
  }

  @Test func aHandOverWithNoRowsNeverWaits() {
    var machine = Machine(depth: 1)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver(nil, to: &machine).0 == .readOn)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .wait)
  }

  @Test func afterTheLastBatchTheRowsAreOverEveryTimeTheRendererAsks() {
    var machine = Machine(depth: 3)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver("b", ending: .endOfInput, to: &machine).0 == .stop)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .draw("b"))
    #expect(machine.rendererNext() == .end)
    #expect(machine.rendererNext() == .end)
  }

  @Test func anEndingWithNoRowsNeedsNoRoom() {
    var machine = Machine(depth: 1)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver(nil, ending: .endOfInput, to: &machine).0 == .stop)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .end)
  }

  @Test func theErrorComesAfterTheRowsReadBeforeIt() {
    var machine = Machine(depth: 3)
    _ = Self.handOver("a", to: &machine)
    let (action, _) = Self.handOver("b", ending: .failure(Self.failure), to: &machine)
    #expect(action == .stop)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .draw("b"))
    #expect(machine.rendererNext() == .fail(Self.failure))
    #expect(machine.rendererNext() == .fail(Self.failure))
  }

  @Test func anErrorWaitsForRoomBeforeTheRowsReadBeforeIt() {
    var machine = Machine(depth: 1)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver("b", ending: .failure(Self.failure), to: &machine).0 == .wait)
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .wait)
    #expect(Self.handOver("b", ending: .failure(Self.failure), to: &machine).0 == .stop)
    #expect(machine.rendererNext() == .draw("b"))
    #expect(machine.rendererNext() == .fail(Self.failure))
  }

  @Test func aBatchGivenBackIsExchangedForTheNextFullOne() {
    var machine = Machine(depth: 3)
    machine.giveBack("drawn")
    let (action, left) = Self.handOver("a", to: &machine)
    #expect(action == .readOn)
    #expect(left == "drawn")
    #expect(Self.handOver("b", to: &machine).1 == nil)
  }

  @Test func atMostDepthBatchesGivenBackAreKept() {
    var machine = Machine(depth: 2)
    for name in ["x", "y", "z"] { machine.giveBack(name) }
    #expect(Self.handOver("a", to: &machine).1 == "y")
    #expect(Self.handOver("b", to: &machine).1 == "x")
    _ = machine.rendererNext()
    #expect(Self.handOver("c", to: &machine).1 == nil)
  }

  @Test func cancellingStopsTheReaderAtItsNextHandOverAndDropsItsBatch() {
    var machine = Machine(depth: 3)
    _ = Self.handOver("a", to: &machine)
    #expect(machine.cancel() == .waitForReader)
    #expect(machine.cancel() == .waitForReader)
    let (action, left) = Self.handOver("b", to: &machine)
    #expect(action == .stop)
    #expect(left == "b")
    #expect(machine.cancel() == .stopped)
    // The batch handed over before the cancel is not drawn either.
    #expect(machine.rendererNext() == .end)
  }

  @Test func cancellingLetsAReaderWaitingForRoomStop() {
    var machine = Machine(depth: 1)
    _ = Self.handOver("a", to: &machine)
    #expect(Self.handOver("b", to: &machine).0 == .wait)
    #expect(machine.cancel() == .waitForReader)
    #expect(Self.handOver("b", to: &machine).0 == .stop)
    #expect(machine.cancel() == .stopped)
  }

  @Test func cancellingAfterTheReadingEndedDoesNotWait() {
    var machine = Machine(depth: 3)
    _ = Self.handOver("a", ending: .endOfInput, to: &machine)
    #expect(machine.cancel() == .stopped)
    #expect(machine.rendererNext() == .end)
  }

  @Test func aHandOverAfterTheReaderStoppedStopsAgain() {
    var machine = Machine(depth: 3)
    _ = machine.cancel()
    #expect(Self.handOver("a", to: &machine).0 == .stop)
    // Over a pipe the reader may hand over again before it sees the stop.
    #expect(Self.handOver("b", to: &machine).0 == .stop)
    #expect(Self.handOver(nil, ending: .endOfInput, to: &machine).0 == .stop)
    #expect(machine.rendererNext() == .end)
  }

  @Test func batchesGivenBackAfterTheReadingEndedAreNotKept() {
    var machine = Machine(depth: 3)
    _ = Self.handOver("a", ending: .endOfInput, to: &machine)
    machine.giveBack("drawn")
    #expect(machine.rendererNext() == .draw("a"))
    #expect(machine.rendererNext() == .end)
  }
}
