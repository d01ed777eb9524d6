public import TableKit

/// A block of UTF-8 that renderers fill and that hands its ``ByteSink`` chunks of about 64 KiB.
///
/// Writing into one fixed block with plain copies and handing it on when full keeps rendering fast
/// and its memory flat, whatever the number of rows. Numbers are written as digits straight into
/// the block, with no intermediate `String`. The buffer is not generic: the sink is only reached
/// when a chunk is full, so the per-write path is the same concrete code for every destination.
///
/// ```swift
/// let sink = FileDescriptorSink.standardOutput
/// var buffer = OutputBuffer(sink: sink)
/// buffer.write("total: ")
/// buffer.write(decimal: 1250.5, fractionDigits: 2)
/// buffer.write("\n")
/// buffer.flush()
/// ```
///
/// A chunk is only cut between two writes, so every chunk a sink receives ends on a whole Unicode
/// scalar. Call ``flush()`` when done; what is still in the buffer is not written before.
public struct OutputBuffer {
  /// Where full chunks go: the sink the buffer was made with, which its maker keeps (package
  /// mechanics; renderers only write to the buffer).
  package let sink: any ByteSink
  private let storage: Storage
  private var count = 0

  /// Creates an empty buffer in front of `sink`.
  ///
  /// - Parameters:
  ///   - sink: Where full chunks go.
  ///   - chunkSize: How many bytes to collect before handing them on (at least 256).
  public init(sink: any ByteSink, chunkSize: Int = 1 << 16) {
    self.sink = sink
    self.storage = Storage(capacity: max(chunkSize, 256))
  }

  /// Hands everything written so far to the sink.
  public mutating func flush() {
    guard count > 0 else { return }
    sink.write(UnsafeBufferPointer(start: storage.base, count: count))
    count = 0
  }

  /// Makes room for `needed` bytes, handing on the block if it is too full.
  ///
  /// - Returns: `false` only when `needed` is larger than the whole block.
  @inline(__always)
  private mutating func makeRoom(for needed: Int) -> Bool {
    if needed <= storage.capacity - count { return true }
    flush()
    return needed <= storage.capacity
  }

  /// Stores at most `budget` bytes straight into the buffer: the one way to write in place.
  ///
  /// `body` gets room for exactly `budget` bytes, stores its bytes from the start of it, and
  /// returns how many it stored; they become the next bytes of the output. The budget is the
  /// most the writer can ever store for its input, stated once beside the writer (such as
  /// ``longestInteger`` or a CSV field's `2 × count + 3`), and the room is only valid inside
  /// `body`. A budget larger than a block is written aside and copied, so any budget works. A
  /// writer that finds it cannot finish returns zero and adds nothing, whatever it stored: the
  /// text grid stores a line this way and draws it another way when a value does not fit.
  ///
  /// As in swift-nio's `ByteBuffer.writeWithUnsafeMutableBytes(minimumWritableBytes:_:)`, the
  /// count is checked when it is added: in a debug build, and in the fuzzers' build (which
  /// defines `TABLEKIT_CHECKED_WRITES`), a negative budget, a count below zero or over the
  /// budget, or a byte stored in the ``guardLength`` bytes past the room stops the program with
  /// a message that names the budget and the count. A release build checks nothing and runs
  /// the same instructions as a bare pointer and a count.
  ///
  /// ```swift
  /// var buffer = OutputBuffer(sink: FileDescriptorSink.standardOutput)
  /// buffer.writeUnsafeBytes(budget: 2) { room in
  ///   room[0] = UInt8(ascii: "o")
  ///   room[1] = UInt8(ascii: "k")
  ///   return 2
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - budget: The most bytes `body` stores.
  ///   - body: Stores bytes from the start of the room and returns how many.
  @inline(__always)
  package mutating func writeUnsafeBytes(
    budget: Int,
    _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
  ) {
    if Self.checksWrites {
      precondition(budget >= 0, "OutputBuffer: a raw write asked for a budget of \(budget) bytes")
    }
    if makeRoom(for: budget) {
      writeInRoom(budget: budget, body)
    } else {
      writeAside(budget: budget, body)
    }
  }

  /// Whether raw writes are checked: in debug builds and when `TABLEKIT_CHECKED_WRITES` is
  /// defined (the fuzzers), never in a release build.
  #if DEBUG || TABLEKIT_CHECKED_WRITES
    package static let checksWrites = true
  #else
    package static let checksWrites = false
  #endif

  /// How many bytes past a room a checked write marks and checks; the block has this many more
  /// bytes than its capacity, so the mark always fits.
  package static let guardLength = 16

  /// The byte a checked write marks past its room with: `0xFF` is never part of UTF-8, so no
  /// writer of text stores it.
  private static let guardByte: UInt8 = 0xFF

  /// Runs `body` on the room for `budget` bytes at the end of the block (made by the caller)
  /// and adds what it stored: every raw write ends here.
  @inline(__always)
  private mutating func writeInRoom(
    budget: Int,
    _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
  ) {
    let room = UnsafeMutableBufferPointer(start: storage.base + count, count: budget)
    if Self.checksWrites { Self.markGuard(after: room) }
    let written = body(room)
    if Self.checksWrites { Self.checkWrite(written, in: room) }
    count += written
  }

  /// A raw write larger than a block: into memory of its own, checked the same way, then copied.
  private mutating func writeAside(
    budget: Int,
    _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
  ) {
    let aside = UnsafeMutablePointer<UInt8>.allocate(capacity: budget + Self.guardLength)
    defer { aside.deallocate() }
    let room = UnsafeMutableBufferPointer(start: aside, count: budget)
    if Self.checksWrites { Self.markGuard(after: room) }
    let written = body(room)
    if Self.checksWrites { Self.checkWrite(written, in: room) }
    write(utf8: UnsafeBufferPointer(start: aside, count: written))
  }

  /// Fills the ``guardLength`` bytes after `room` with ``guardByte``.
  private static func markGuard(after room: UnsafeMutableBufferPointer<UInt8>) {
    (room.start + room.count).initialize(repeating: guardByte, count: guardLength)
  }

  /// Stops the program when `written` is not a count `room` can hold or a byte past `room` was
  /// stored.
  private static func checkWrite(_ written: Int, in room: UnsafeMutableBufferPointer<UInt8>) {
    precondition(
      written >= 0, "OutputBuffer: a raw write returned \(written) bytes (budget \(room.count))")
    precondition(
      written <= room.count,
      "OutputBuffer: a raw write returned \(written) bytes, over its budget of \(room.count)")
    let after = UnsafeBufferPointer(start: room.start + room.count, count: guardLength)
    precondition(
      after.allSatisfy { $0 == guardByte },
      "OutputBuffer: a raw write with a budget of \(room.count) bytes stored past its room")
  }

  /// Appends bytes that form whole scalars, as they are.
  ///
  /// - Parameter bytes: The bytes.
  @inline(__always)
  public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    // Budget: the bytes themselves. Larger than a block, they go to the sink as they are.
    guard makeRoom(for: bytes.count) else {
      sink.write(bytes)
      return
    }
    writeInRoom(budget: bytes.count) { room in
      Self.copy(bytes.count, from: source, to: room.start)
      return bytes.count
    }
  }

  /// Copies `length` bytes; short runs (most values) inline, longer ones with `memmove`.
  ///
  /// A call to `memmove` costs more than the copy itself for the few bytes of a name or a date:
  /// up to sixteen bytes are moved as two overlapping words, or byte by byte below four. Longer
  /// runs go through `copyMemory(from:byteCount:)`, not `update(from:count:)`: the optimizer
  /// reads the typed copy as one that may release anything, so a row writer that reaches it
  /// while borrowing a text from a row's values retained and released every text around it.
  @inline(__always)
  package static func copy(
    _ length: Int,
    from source: UnsafePointer<UInt8>,
    to target: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    switch length {
    case 8...16:
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
    case 4..<8:
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    case 0..<4:
      for index in 0..<length { target[index] = source[index] }
    default:
      to.copyMemory(from: from, byteCount: length)
    }
  }

  /// Appends `text` as it is, with no escaping.
  ///
  /// - Parameter text: The text.
  public mutating func write(_ text: String) {
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { write(utf8: $0) }
    if written == nil {
      var copy = text
      copy.withUTF8 { write(utf8: $0) }
    }
  }

  /// Appends a literal, with no escaping.
  ///
  /// - Parameter text: The literal.
  public mutating func write(_ text: StaticString) {
    write(utf8: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends bytes held in an array, as they are.
  ///
  /// - Parameter bytes: Bytes that form whole scalars.
  public mutating func write(utf8 bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write(utf8: $0) }
  }

  /// Appends one byte; it must be ASCII (a whole scalar).
  ///
  /// - Parameter byte: An ASCII byte.
  public mutating func write(byte: UInt8) {
    writeUnsafeBytes(budget: 1) { room in
      room[0] = byte
      return 1
    }
  }

  /// Appends `byte` `count` times (padding).
  ///
  /// - Parameters:
  ///   - byte: An ASCII byte, usually a space.
  ///   - repeats: How many; nothing for zero or less.
  public mutating func write(repeating byte: UInt8, count repeats: Int) {
    var remaining = repeats
    while remaining > 0 {
      // Budget: what is left, up to a block.
      let piece = min(remaining, storage.capacity)
      _ = makeRoom(for: piece)
      writeInRoom(budget: piece) { room in
        room.start.update(repeating: byte, count: piece)
        return piece
      }
      remaining -= piece
    }
  }

  /// Appends `value` in decimal digits, with a leading `-` when negative.
  ///
  /// - Parameter value: The number.
  public mutating func write(integer value: Int) {
    writeUnsafeBytes(budget: Self.longestInteger) { room in
      Self.store(integer: value, at: room.start)
    }
  }

  /// The longest integer: a sign and 19 digits (`Int.min`).
  package static let longestInteger = 20

  /// Appends `value` with exactly `fractionDigits` digits after the point, as
  /// `CellValue.text` formats it: rounded exactly as `printf` rounds, no sign on a value that
  /// rounds to zero, and the value's `description` when it is not finite or too large.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point, 0 through 15.
  public mutating func write(decimal value: Double, fractionDigits: Int) {
    writeUnsafeBytes(budget: Self.longestDecimal) { room in
      Self.store(decimal: value, fractionDigits: fractionDigits, at: room.start)
    }
  }

  /// The longest decimal ``store(decimal:fractionDigits:at:)`` stores: a sign, the 39 digits of
  /// the largest 128-bit magnitude, the point and 15 digits (a value that is not finite or
  /// larger still is written as its `description`, at most 24 bytes).
  package static let longestDecimal = 56

  /// Appends an exact decimal digit for digit, in plain notation, as `ExactDecimal.description`
  /// writes it (no sign on zero).
  ///
  /// - Parameter value: The number.
  public mutating func write(exactDecimal value: ExactDecimal) {
    writeUnsafeBytes(budget: Self.longestExactDecimal) { room in
      Self.store(exactDecimal: value, at: room.start)
    }
  }

  /// The longest exact decimal: a sign, `0.` and 38 digits.
  package static let longestExactDecimal = 41

  /// The most bytes money or a percentage adds to its amount's plain digits: `EUR ` before them,
  /// or `00%` after a percentage whose point moved past its last digit.
  package static let longestUnitSuffix = 4

  /// Stores an exact decimal at `target` (room for ``longestExactDecimal`` bytes) as
  /// ``write(exactDecimal:)`` writes it and returns its length in bytes.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - target: Room for the number.
  /// - Returns: The number of bytes stored.
  package static func store(
    exactDecimal value: ExactDecimal, at target: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    let significand = value.significand
    let scale = value.scale
    let sign = value.isNegative ? 1 : 0
    if sign == 1 { target.pointee = UInt8(ascii: "-") }
    let length = NumberWidth.digitCount(significand)
    var next = target + sign
    if length <= scale {
      // 0.000ddd: a zero, the point, the zeros the digits do not fill, then the digits.
      next.pointee = UInt8(ascii: "0")
      (next + 1).pointee = UInt8(ascii: ".")
      next += 2
      for _ in 0..<(scale - length) {
        next.pointee = UInt8(ascii: "0")
        next += 1
      }
      fill128(next, length: length, digitsOf: significand)
      return next + length - target
    }
    fill128(next, length: length, digitsOf: significand)
    guard scale > 0 else { return sign + length }
    // Move the fraction's digits one place on and put the point before them.
    let point = next + (length - scale)
    var index = scale
    while index > 0 {
      (point + index).pointee = (point + index - 1).pointee
      index -= 1
    }
    point.pointee = UInt8(ascii: ".")
    return sign + length + 1
  }

  /// Writes the last `length` decimal digits of a 128-bit `value` at `start`, 19 digits at a time.
  private static func fill128(
    _ start: UnsafeMutablePointer<UInt8>, length: Int, digitsOf value: UInt128
  ) {
    if value <= UInt128(UInt64.max) && length <= 20 {
      fill(start, length: length, digitsOf: UInt64(value))
      return
    }
    let chunk: UInt128 = 10_000_000_000_000_000_000
    let (high, low) = value.quotientAndRemainder(dividingBy: chunk)
    fill128(start, length: length - 19, digitsOf: high)
    fill(start + length - 19, length: 19, digitsOf: UInt64(low))
  }

  /// Stores a decimal at `target` as ``write(decimal:fractionDigits:)`` writes it and returns
  /// its length in bytes.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point, 0 through 15.
  ///   - target: Room for ``longestDecimal`` bytes, or the number's width (see the text
  ///     renderer's number widths).
  /// - Returns: The number of bytes stored.
  package static func store(
    decimal value: Double,
    fractionDigits: Int,
    at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    storeFixed(decimal: value, fractionDigits: fractionDigits, at: target)
      // Not finite, or too large for 64-bit arithmetic: rare enough to go through a string.
      ?? store(CellValue.decimal(value, fractionDigits: fractionDigits).text, at: target)
  }

  /// Stores the UTF-8 of `text` at `target` and returns its length.
  ///
  /// - Parameters:
  ///   - text: The text, stored as it is.
  ///   - target: Room for the text's UTF-8.
  /// - Returns: The number of bytes stored.
  package static func store(_ text: String, at target: UnsafeMutablePointer<UInt8>) -> Int {
    if let length = text.utf8.withContiguousStorageIfAvailable({ bytes in
      if let source = bytes.baseAddress { copy(bytes.count, from: source, to: target) }
      return bytes.count
    }) {
      return length
    }
    var copied = text
    return copied.withUTF8 { bytes in
      if let source = bytes.baseAddress { copy(bytes.count, from: source, to: target) }
      return bytes.count
    }
  }

  /// Stores the UTF-8 of a literal at `target` and returns its length.
  ///
  /// - Parameters:
  ///   - text: The literal, stored as it is.
  ///   - target: Room for its UTF-8.
  /// - Returns: The number of bytes stored.
  @inline(__always)
  package static func store(_ text: StaticString, at target: UnsafeMutablePointer<UInt8>) -> Int {
    copy(text.utf8CodeUnitCount, from: text.utf8Start, to: target)
    return text.utf8CodeUnitCount
  }

  /// Stores `value` in decimal digits at `target` (room for ``longestInteger`` bytes) and
  /// returns the length.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - target: Room for its sign and digits.
  /// - Returns: The number of bytes stored.
  package static func store(integer value: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = UInt64(value.magnitude)
    let sign = value < 0 ? 1 : 0
    let length = digitCount(magnitude)
    if sign == 1 { target.pointee = UInt8(ascii: "-") }
    fill(target + sign, length: length, digitsOf: magnitude)
    return sign + length
  }

  /// The longest number ``storeFixed(decimal:fractionDigits:at:)`` stores: a sign, 20 digits,
  /// the point and 15 digits.
  private static let longestFixedDecimal = 37

  /// Stores `value` with `fractionDigits` digits after the point at `target` (room for
  /// ``longestFixedDecimal`` bytes) and returns the length, or stores nothing and returns `nil`
  /// when the value is not finite or its scaled magnitude passes 64 bits.
  ///
  /// The usual case in 64-bit arithmetic, several times cheaper than 128-bit. Inlined: every
  /// row writer writes decimals through it.
  @inline(__always)
  private static func storeFixed(
    decimal value: Double,
    fractionDigits: Int,
    at target: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    let digits = min(max(fractionDigits, 0), 15)
    guard let units = FixedPoint.scaledMagnitude(value, digits: digits),
      units <= UInt128(UInt64.max)
    else { return nil }
    let small = UInt64(units)
    let sign = value < 0 && small != 0 ? 1 : 0
    let power = powersOfTen[digits]
    let whole = small / power
    let wholeLength = digitCount(whole)
    if sign == 1 { target.pointee = UInt8(ascii: "-") }
    fill(target + sign, length: wholeLength, digitsOf: whole)
    guard digits > 0 else { return sign + wholeLength }
    let point = target + sign + wholeLength
    point.pointee = UInt8(ascii: ".")
    fill(point + 1, length: digits, digitsOf: small - whole &* power)
    return sign + wholeLength + 1 + digits
  }

  /// Appends the plain text of `value`, unescaped: numbers as digits, booleans as words.
  ///
  /// - Parameter value: The value.
  public mutating func write(_ value: CellValue) {
    switch value {
    case .text(let text): write(text)
    case .integer(let number): write(integer: number)
    case .decimal(let number, let digits): write(decimal: number, fractionDigits: digits)
    case .exactDecimal(let number): write(exactDecimal: number)
    case .money(let money): write(money.description)
    case .percent(let fraction): write(fraction.percentText)
    case .date(let date): write(date.written)
    case .boolean(let flag): write(flag ? "true" : "false" as StaticString)
    case .empty: break
    }
  }

  /// Writes the last `length` decimal digits of `value` at `start`, left-padded with zeros.
  ///
  /// The digits are written two at a time from a table, from the right: half the divisions of
  /// one digit at a time. The caller has made room and measured `length` (see ``digitCount(_:)``).
  private static func fill(
    _ start: UnsafeMutablePointer<UInt8>,
    length: Int,
    digitsOf value: UInt64
  ) {
    let pairs: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    let table = pairs.utf8Start
    var remaining = value
    var position = length
    while position >= 2 {
      let pair = Int(remaining % 100) &* 2
      remaining /= 100
      position -= 2
      start[position] = table[pair]
      start[position + 1] = table[pair + 1]
    }
    if position == 1 {
      start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
    }
  }

  /// The number of decimal digits of `value` (1 for zero), from its bit length.
  ///
  /// `bits × 1233 / 4096` is ⌊log10(2^bits)⌋ for every bit length up to 64, so the count is that or
  /// one more, and one comparison with a power of ten decides.
  static func digitCount(_ value: UInt64) -> Int {
    let bits = 64 - value.leadingZeroBitCount
    let estimate = (bits &* 1233) >> 12
    let count = estimate + (value >= powersOfTen[estimate] ? 1 : 0)
    return max(count, 1)
  }

  /// 10⁰ through 10¹⁹, every power of ten a `UInt64` holds.
  ///
  /// Literals in this module, so the array is laid out statically and read with no
  /// lazy-initialization call (`FixedPoint`'s table, from another module, needs one per read).
  static let powersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
    100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// The block's memory, freed when the last copy of the buffer goes.
  private final class Storage {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      // The guard zone past the block, so a checked write can mark the bytes after any room.
      self.base = .allocate(capacity: capacity + OutputBuffer.guardLength)
    }

    deinit {
      base.deallocate()
    }
  }
}

extension UnsafeMutableBufferPointer<UInt8> {
  /// The first byte of a room that ``OutputBuffer/writeUnsafeBytes(budget:_:)`` hands out, which
  /// always has an address.
  @inline(__always)
  package var start: UnsafeMutablePointer<UInt8> {
    baseAddress.unsafelyUnwrapped
  }
}
