import TableKit
import TableRender
import Testing

/// The text grid's raw stores and their budget.
///
/// Each store writes exactly its bytes, a line ends after its last byte that is not padding,
/// and a plain line's budget is the longest line counted by hand. In debug builds a store past
/// the room, or a value that takes other than the bytes it was measured at, stops the process.
@Suite struct TextLineRoomTests {
  /// Runs `body` on a room of `capacity` bytes in a buffer four times as large filled with
  /// 0xFF, and returns the bytes of the line and the first byte after it.
  private func line(
    capacity: Int, _ body: (inout TextLineRoom) -> Void
  ) -> (line: [UInt8], after: UInt8) {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4 * capacity)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: 0xFF)
    var room = TextLineRoom(UnsafeMutableBufferPointer(rebasing: buffer[..<capacity]))
    body(&room)
    let length = room.endLine()
    return (Array(buffer[..<length]), buffer[length])
  }

  /// Padding is stored as overlapping words up to sixteen spaces: every count stores exactly
  /// that many, and nothing past them.
  @Test(arguments: 0...40)
  func storesExactlyTheSpacesAsked(count: Int) {
    let (bytes, after) = line(capacity: 64) { room in
      room.storeSpaces(count)
      room.store("x")
    }
    #expect(bytes == Array(String(repeating: " ", count: count).utf8) + [0x78, 0x0A])
    #expect(after == 0xFF)
  }

  @Test func aLineEndsAfterItsLastByteThatIsNotPadding() {
    let (bytes, _) = line(capacity: 32) { room in
      room.storeSpaces(2)
      room.store("Zoë", byteCount: 4)
      room.storeSpaces(1)
      room.store(integer: -42, byteCount: 3)
      room.storeSpaces(9)
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "  Zoë -42\n")
  }

  @Test func storesNumbersAsTheyAreWritten() {
    let exact = ExactDecimal(minorUnits: -125_050, scale: 2)
    let (bytes, _) = line(capacity: 64) { room in
      room.store(decimal: 1250.5, fractionDigits: 2, byteCount: 7)
      room.storeSpaces(1)
      room.store(exactDecimal: exact, byteCount: 8)
      room.storeSpaces(1)
      room.store(integer: Int.min, byteCount: 20)
    }
    #expect(
      String(decoding: bytes, as: UTF8.self) == "1250.50 -1250.50 -9223372036854775808\n")
  }

  /// A boxed line of columns 3 and 1 with an accessory, `| abc | x | ✓ |`, is its longest
  /// plain line: 13 bytes of frame (four lines, four spaces around values, a line, two spaces
  /// and a 3-byte marker in the accessory column), 4 of columns and the line break.
  @Test func aPlainLinesBudgetIsItsLongestLine() throws {
    var metrics = TextColumnMetrics(count: 2)
    metrics.widths = [3, 1]
    metrics.hasAccessory = true
    let geometry = TextTableGeometry(
      style: .grid, metrics: metrics, alignments: [.automatic, .automatic], maximumWidth: nil,
      overflow: .truncate, alignsDecimalPoints: false)
    let budget = TextLineRoom.Budget(geometry: geometry, vertical: Array("|".utf8))
    #expect(budget.line == 18)
    #expect(budget.slack == 3 * 4 + 64)
    #expect(budget.capacity == 18 + 76 + 4)
    let vertical = try #require(budget.vertical)
    let (bytes, after) = line(capacity: budget.line + TextLineRoom.Budget.wordOverhang) { room in
      room.storeVertical(vertical, word: budget.verticalWord)
      room.storeSpaces(1)
      room.store("abc", byteCount: 3)
      room.storeSpaces(1)
      room.storeVertical(vertical, word: budget.verticalWord)
      room.storeSpaces(1)
      room.store("x", byteCount: 1)
      room.storeSpaces(1)
      room.storeVertical(vertical, word: budget.verticalWord)
      room.storeSpaces(1)
      room.store("✓")
      room.storeSpaces(1)
      room.storeVertical(vertical, word: budget.verticalWord)
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "| abc | x | ✓ |\n")
    #expect(bytes.count == budget.line)
    // The last vertical line is stored as a word ("|" and three zeros), inside the room.
    #expect(after == 0)
  }

  /// The plain lines' budget holds for borderless tables: indent, gaps, the accessory's gap
  /// and marker.
  @Test func aBorderlessLinesBudgetCountsIndentAndGaps() {
    var metrics = TextColumnMetrics(count: 3)
    metrics.widths = [5, 0, 2]
    metrics.hasAccessory = true
    let geometry = TextTableGeometry(
      style: .plain, metrics: metrics, alignments: [.automatic, .automatic, .automatic],
      maximumWidth: nil, overflow: .truncate, alignsDecimalPoints: false)
    let budget = TextLineRoom.Budget(geometry: geometry, vertical: nil)
    // "  " 5 "  " 2 "  " marker(3) "\n": 2 + 5 + 2 + 2 + 2 + 3 + 1.
    #expect(budget.line == 17)
    #expect(budget.vertical == nil && budget.verticalWord == nil)
  }

  #if DEBUG
    /// A store past the room stops the process in a debug build.
    @Test func aStorePastTheRoomIsCaughtInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
        defer { buffer.deallocate() }
        var room = TextLineRoom(UnsafeMutableBufferPointer(rebasing: buffer[..<4]))
        room.storeSpaces(5)
      }
    }

    /// A value that takes more bytes than it was measured at stops the process in a debug
    /// build, before its line is added to the buffer.
    @Test func aValueLongerThanItsMeasureIsCaughtInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
        defer { buffer.deallocate() }
        var room = TextLineRoom(UnsafeMutableBufferPointer(rebasing: buffer[..<32]))
        room.store(integer: 1_000, byteCount: 3)
      }
    }
  #endif
}
