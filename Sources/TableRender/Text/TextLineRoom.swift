package import TableKit

/// Room in an `OutputBuffer` for one plain line of a text table, filled from its start:
/// the text grid's raw stores, each checked in debug builds to stay inside the room.
///
/// A line is stored in place, value by value, with no check of the buffer per value: the room
/// was made once for the whole line by its ``Budget``. Each store asserts that it fits what is
/// left and that a value took the bytes it was measured at; release builds check nothing here, as
/// the budget holds by construction. Padding is stored as words and never ends a line: the line
/// ends after the last byte that is not a space.
///
/// ```swift
/// var room = TextLineRoom(bytes)  // a room of 16 bytes from `writeUnsafeBytes(budget:_:)`
/// room.storeSpaces(2)
/// room.store("true")
/// room.storeSpaces(3)
/// let length = room.endLine()  // 7: "  true\n"
/// ```
package struct TextLineRoom {
  /// Where the line starts.
  private let start: UnsafeMutablePointer<UInt8>
  /// The bytes of the room: nothing is stored at `start + capacity` or after.
  private let capacity: Int
  /// Where the next byte goes.
  private var next: UnsafeMutablePointer<UInt8>
  /// Where the last byte that is not padding ends: spaces are never left at a line's end.
  private var end: UnsafeMutablePointer<UInt8>

  /// The room `bytes`, filled from its start.
  ///
  /// - Parameter bytes: The room of a raw write, from
  ///   `OutputBuffer.writeUnsafeBytes(budget:_:)`.
  @inline(__always)
  package init(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
    self.start = bytes.start
    self.capacity = bytes.count
    self.next = bytes.start
    self.end = bytes.start
  }

  /// The bytes of the line so far, up to its last byte that is not padding.
  package var length: Int { end - start }

  /// Whether `count` more bytes fit from `next` on: what every store asserts first.
  @inline(__always)
  private func fits(_ count: Int) -> Bool {
    count <= capacity - (next - start)
  }

  /// Stores `count` spaces of padding.
  ///
  /// Padding is mostly a few spaces: up to sixteen are stored as two overlapping words, which
  /// costs less than a call to `memset`.
  @inline(__always)
  package mutating func storeSpaces(_ count: Int) {
    guard count > 0 else { return }
    assert(fits(count), "\(count) spaces passed the line's room")
    let raw = UnsafeMutableRawPointer(next)
    let spaces: UInt64 = 0x2020_2020_2020_2020
    switch count {
    case 1:
      next.pointee = UInt8(ascii: " ")
    case 2..<4:
      // Stores, not a loop: the compiler would make a loop of equal bytes a call to `memset`.
      raw.storeBytes(of: UInt16(truncatingIfNeeded: spaces), as: UInt16.self)
      raw.storeBytes(
        of: UInt16(truncatingIfNeeded: spaces), toByteOffset: count - 2, as: UInt16.self)
    case 4..<8:
      raw.storeBytes(of: UInt32(truncatingIfNeeded: spaces), as: UInt32.self)
      raw.storeBytes(
        of: UInt32(truncatingIfNeeded: spaces), toByteOffset: count - 4, as: UInt32.self)
    case 8...16:
      raw.storeBytes(of: spaces, as: UInt64.self)
      raw.storeBytes(of: spaces, toByteOffset: count - 8, as: UInt64.self)
    default:
      next.update(repeating: UInt8(ascii: " "), count: count)
    }
    next += count
  }

  /// Stores the box's vertical line `bytes`, as the one `word` when it fits one (the budget
  /// keeps four bytes after the line for the last).
  @inline(__always)
  package mutating func storeVertical(_ bytes: [UInt8], word: UInt32?) {
    if let word {
      assert(fits(4), "a vertical line's word passed the line's room")
      UnsafeMutableRawPointer(next).storeBytes(of: word, as: UInt32.self)
    } else {
      assert(fits(bytes.count), "a vertical line passed the line's room")
      for index in bytes.indices { next[index] = bytes[index] }
    }
    next += bytes.count
    end = next
  }

  /// Stores a literal.
  @inline(__always)
  package mutating func store(_ literal: StaticString) {
    let count = literal.utf8CodeUnitCount
    assert(fits(count), "\(count) bytes of a literal passed the line's room")
    next.update(from: literal.utf8Start, count: count)
    next += count
    end = next
  }

  /// Stores `text` as it is, `byteCount` bytes of UTF-8.
  @inline(__always)
  package mutating func store(_ text: String, byteCount: Int) {
    assert(fits(byteCount), "\(byteCount) bytes of text passed the line's room")
    let stored = OutputBuffer.store(text, at: next)
    advance(past: stored, measured: byteCount, "text of \(byteCount) bytes stored \(stored)")
  }

  /// Stores `text`, whose UTF-8 is contiguous, as it is, `byteCount` bytes of UTF-8.
  ///
  /// Unlike ``store(_:byteCount:)`` it has no copy for text bridged from Objective-C, so the
  /// caller's borrowed text is not retained around it; other text stores nothing, which the
  /// debug check of the length catches.
  @inline(__always)
  package mutating func store(contiguous text: String, byteCount: Int) {
    assert(fits(byteCount), "\(byteCount) bytes of text passed the line's room")
    let target = next
    let stored =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        if let source = bytes.baseAddress {
          OutputBuffer.copy(bytes.count, from: source, to: target)
        }
        return bytes.count
      } ?? 0
    advance(past: stored, measured: byteCount, "text of \(byteCount) bytes stored \(stored)")
  }

  /// Stores `value` in decimal digits, `byteCount` bytes as it was measured.
  @inline(__always)
  package mutating func store(integer value: Int, byteCount: Int) {
    assert(fits(byteCount), "an integer passed the line's room")
    let stored = OutputBuffer.store(integer: value, at: next)
    advance(
      past: stored, measured: byteCount, "\(value) measured \(byteCount) bytes, stored \(stored)")
  }

  /// Stores `value` with `fractionDigits` digits after the point, `byteCount` bytes as it was
  /// measured.
  @inline(__always)
  package mutating func store(decimal value: Double, fractionDigits: Int, byteCount: Int) {
    assert(fits(byteCount), "a decimal passed the line's room")
    let stored = OutputBuffer.store(decimal: value, fractionDigits: fractionDigits, at: next)
    advance(
      past: stored, measured: byteCount, "\(value) measured \(byteCount) bytes, stored \(stored)")
  }

  /// Stores an exact decimal, `byteCount` bytes as it was measured.
  @inline(__always)
  package mutating func store(exactDecimal value: ExactDecimal, byteCount: Int) {
    assert(fits(byteCount), "an exact decimal passed the line's room")
    let stored = OutputBuffer.store(exactDecimal: value, at: next)
    advance(
      past: stored, measured: byteCount, "\(value) measured \(byteCount) bytes, stored \(stored)")
  }

  /// Moves past `stored` bytes just written, checking in debug builds that they are the
  /// `measured` bytes the line's budget counted.
  @inline(__always)
  private mutating func advance(
    past stored: Int, measured: Int, _ message: @autoclosure () -> String
  ) {
    assert(stored == measured, message())
    next += stored
    end = next
  }

  /// Ends the line after its last byte that is not padding and returns its length, line break
  /// included.
  @inline(__always)
  package mutating func endLine() -> Int {
    assert(length < capacity, "the line break passed the line's room")
    end.pointee = UInt8(ascii: "\n")
    return length + 1
  }
}

extension TextLineRoom {
  /// The most bytes a plain line of a table takes: the budget of the text grid's raw write,
  /// stated here once and worked out once per table.
  ///
  /// A plain line holds the frame (the borders, or the indent and gaps; the accessory column),
  /// every visible column at its full width, and a line break. Its values are stored as they are:
  /// numbers and `true`/`false` are ASCII, one byte a column, and text takes at least as many
  /// bytes as columns; what text takes beyond its columns (accents, CJK) comes out of ``slack``,
  /// and a line that needs more is drawn the general way.
  package struct Budget {
    /// The frame, every visible column's full width and the line break: the most a line of
    /// values that take one byte a column takes.
    package let line: Int
    /// Room besides ``line`` for values with more bytes than columns: three bytes a column
    /// and 64, up to 64 KiB.
    package let slack: Int
    /// The vertical line's bytes, `nil` for a borderless table.
    package let vertical: [UInt8]?
    /// The vertical line's bytes as one word, when there are at most four of them (always, for
    /// the built-in styles), so a line stores it with one write.
    package let verticalWord: UInt32?

    /// The most a marker takes: 3 bytes of UTF-8 (U+203A, U+2713, U+24D8).
    package static let markerBytes = 3
    /// The bytes kept after the line: the last vertical line is stored as a whole word.
    package static let wordOverhang = 4

    /// The budget of a plain line of `geometry`, boxed by `vertical` when it is given.
    ///
    /// - Parameters:
    ///   - geometry: The columns.
    ///   - vertical: The box's vertical line as UTF-8, or `nil` for a borderless table.
    package init(geometry: TextTableGeometry, vertical: [UInt8]?) {
      let count = geometry.visible.count
      let accessory = geometry.hasAccessory
      let frame: Int
      if let vertical {
        // A line before every column and after the last, a space on either side of a value,
        // and the accessory column: a line, a space, the marker and a space.
        frame =
          vertical.count * (count + 1) + 2 * count
          + (accessory ? vertical.count + 2 + Self.markerBytes : 0)
      } else {
        // The indent, the gaps between columns, and the accessory column: a gap and the marker.
        frame =
          geometry.indent + geometry.gap * max(count - 1, 0)
          + (accessory ? geometry.gap + Self.markerBytes : 0)
      }
      let columns = geometry.columnWidths
      self.line = frame + columns + 1
      self.slack = min(3 * columns + 64, 1 << 16)
      self.vertical = vertical
      if let vertical, vertical.count <= 4 {
        var word: UInt32 = 0
        for (index, byte) in vertical.enumerated() { word |= UInt32(byte) << (8 * index) }
        self.verticalWord = UInt32(littleEndian: word)
      } else {
        self.verticalWord = nil
      }
    }

    /// The room a plain line asks for, the budget of its raw write: ``line``, ``slack`` and
    /// ``wordOverhang``.
    package var capacity: Int { line + slack + Self.wordOverhang }
  }
}
