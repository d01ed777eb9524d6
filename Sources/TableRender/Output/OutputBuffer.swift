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
  /// Where full chunks go.
  public let sink: any ByteSink
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

  /// Appends bytes that form whole scalars, as they are.
  ///
  /// - Parameter bytes: The bytes.
  public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    guard makeRoom(for: bytes.count) else {
      sink.write(bytes)
      return
    }
    Self.copy(bytes.count, from: source, to: storage.base + count)
    count += bytes.count
  }

  /// Copies `length` bytes; short runs (most values) inline, longer ones with `memcpy`.
  ///
  /// A call to `memcpy` costs more than the copy itself for the few bytes of a name or a date:
  /// up to sixteen bytes are moved as two overlapping words, or byte by byte below four.
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
      target.update(from: source, count: length)
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
    guard makeRoom(for: 1) else { return }
    storage.base[count] = byte
    count += 1
  }

  /// Appends `byte` `count` times (padding).
  ///
  /// - Parameters:
  ///   - byte: An ASCII byte, usually a space.
  ///   - repeats: How many; nothing for zero or less.
  public mutating func write(repeating byte: UInt8, count repeats: Int) {
    var remaining = repeats
    while remaining > 0 {
      let piece = min(remaining, storage.capacity)
      _ = makeRoom(for: piece)
      (storage.base + count).update(repeating: byte, count: piece)
      count += piece
      remaining -= piece
    }
  }

  /// Appends `value` in decimal digits, with a leading `-` when negative.
  ///
  /// - Parameter value: The number.
  public mutating func write(integer value: Int) {
    guard makeRoom(for: 20) else { return }
    count += Self.store(integer: value, at: storage.base + count)
  }

  /// Appends `value` with exactly `fractionDigits` digits after the point, as
  /// `CellValue.text` formats it: rounded exactly as `printf` rounds, no sign on a value that
  /// rounds to zero, and the value's `description` when it is not finite or too large.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point, 0 through 15.
  public mutating func write(decimal value: Double, fractionDigits: Int) {
    if makeRoom(for: Self.longestFixedDecimal),
      let length = Self.storeFixed(
        decimal: value, fractionDigits: fractionDigits, at: storage.base + count)
    {
      count += length
      return
    }
    // Not finite, or too large for 64-bit arithmetic: rare enough to go through a string.
    write(CellValue.decimal(value, fractionDigits: fractionDigits).text)
  }

  /// Appends an exact decimal digit for digit, in plain notation, as `ExactDecimal.description`
  /// writes it (no sign on zero).
  ///
  /// - Parameter value: The number.
  public mutating func write(exactDecimal value: ExactDecimal) {
    guard makeRoom(for: Self.longestExactDecimal) else { return }
    count += Self.store(exactDecimal: value, at: storage.base + count)
  }

  /// The longest exact decimal: a sign, `0.` and 38 digits.
  package static let longestExactDecimal = 41

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

  /// Room for `capacity` more bytes, for a renderer that stores a whole line in place.
  ///
  /// Write from the returned pointer on, then say how many bytes with ``commit(_:)`` before any
  /// other write. `nil` when `capacity` is more than a block holds; write piece by piece then.
  ///
  /// - Parameter capacity: The most bytes that will be stored.
  /// - Returns: Where the next byte goes.
  package mutating func reserve(_ capacity: Int) -> UnsafeMutablePointer<UInt8>? {
    guard makeRoom(for: capacity) else { return nil }
    return storage.base + count
  }

  /// Adds `length` bytes stored after ``reserve(_:)`` to the buffer.
  ///
  /// - Parameter length: How many bytes were stored; at most the capacity reserved.
  package mutating func commit(_ length: Int) {
    count += length
  }

  /// Stores a decimal at `target` as ``write(decimal:fractionDigits:)`` writes it and returns
  /// its length in bytes.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point, 0 through 15.
  ///   - target: Room for the number's width (see the text renderer's number widths).
  /// - Returns: The number of bytes stored.
  package static func store(
    decimal value: Double,
    fractionDigits: Int,
    at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    storeFixed(decimal: value, fractionDigits: fractionDigits, at: target)
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

  /// Stores `value` in decimal digits at `target` (room for 20 bytes) and returns the length.
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
  /// The usual case in 64-bit arithmetic, several times cheaper than 128-bit.
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
      self.base = .allocate(capacity: capacity)
    }

    deinit {
      base.deallocate()
    }
  }
}
