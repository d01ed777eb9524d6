public import TableKit

/// A buffer of UTF-8 that renderers fill and that hands its ``ByteSink`` chunks of about 64 KiB.
///
/// Writing into a byte array and flushing in large chunks keeps rendering fast and its memory
/// flat, whatever the number of rows. Numbers are written as digits straight into the buffer,
/// with no intermediate `String`.
///
/// ```swift
/// var buffer = OutputBuffer(sink: FileDescriptorSink.standardOutput)
/// buffer.write("total: ")
/// buffer.write(decimal: 1250.5, fractionDigits: 2)
/// buffer.write("\n")
/// buffer.flush()
/// ```
///
/// Chunks are only cut between two writes, so every chunk a sink receives ends on a whole
/// Unicode scalar.
public struct OutputBuffer<Sink: ByteSink> {
  /// Where full chunks go.
  public private(set) var sink: Sink
  @usableFromInline var bytes: [UInt8]
  @usableFromInline let chunkSize: Int

  /// Creates an empty buffer in front of `sink`.
  ///
  /// - Parameters:
  ///   - sink: Where full chunks go.
  ///   - chunkSize: How many bytes to collect before handing them on.
  public init(sink: Sink, chunkSize: Int = 1 << 16) {
    self.sink = sink
    self.chunkSize = max(chunkSize, 64)
    self.bytes = []
    bytes.reserveCapacity(self.chunkSize + 4096)
  }

  /// Hands everything written so far to the sink.
  public mutating func flush() {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBufferPointer { sink.write($0) }
    bytes.removeAll(keepingCapacity: true)
  }

  @inlinable
  mutating func flushIfFull() {
    if bytes.count >= chunkSize { flush() }
  }

  /// Appends `text` as it is, with no escaping.
  ///
  /// - Parameter text: The text.
  @inlinable
  public mutating func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    flushIfFull()
  }

  /// Appends a literal, with no escaping.
  ///
  /// - Parameter text: The literal.
  @inlinable
  public mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    flushIfFull()
  }

  /// Appends one byte; it must not split a multi-byte scalar across two calls to a sink.
  ///
  /// - Parameter byte: A byte of UTF-8, usually ASCII.
  @inlinable
  public mutating func write(byte: UInt8) {
    bytes.append(byte)
    flushIfFull()
  }

  /// Appends raw UTF-8 bytes that form whole scalars.
  ///
  /// - Parameter utf8: The bytes.
  @inlinable
  public mutating func write<Bytes: Sequence<UInt8>>(utf8: Bytes) {
    bytes.append(contentsOf: utf8)
    flushIfFull()
  }

  /// Appends `byte` `count` times (padding).
  ///
  /// - Parameters:
  ///   - byte: An ASCII byte, usually a space.
  ///   - count: How many; nothing for zero or less.
  @inlinable
  public mutating func write(repeating byte: UInt8, count: Int) {
    guard count > 0 else { return }
    bytes.reserveCapacity(bytes.count + count)
    for _ in 0..<count { bytes.append(byte) }
    flushIfFull()
  }

  /// Appends `value` in decimal digits, with a leading `-` when negative.
  ///
  /// - Parameter value: The number.
  public mutating func write(integer value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(UInt128(value.magnitude), minimumCount: 1)
    flushIfFull()
  }

  /// Appends `value` with exactly `fractionDigits` digits after the point, as
  /// ``CellValue/text`` formats it.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: Digits after the point, 0 through 15.
  public mutating func write(decimal value: Double, fractionDigits: Int) {
    let digits = min(max(fractionDigits, 0), 15)
    guard let units = FixedPoint.scaledMagnitude(value, digits: digits) else {
      write(value.description)
      return
    }
    if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
    let power = UInt128(FixedPoint.powersOfTen[digits])
    appendDigits(units / power, minimumCount: 1)
    if digits > 0 {
      bytes.append(UInt8(ascii: "."))
      appendDigits(units % power, minimumCount: digits)
    }
    flushIfFull()
  }

  /// Appends the plain text of `value`, unescaped: numbers as digits, booleans as words.
  ///
  /// - Parameter value: The value.
  public mutating func write(_ value: CellValue) {
    switch value {
    case .text(let text): write(text)
    case .integer(let number): write(integer: number)
    case .decimal(let number, let digits): write(decimal: number, fractionDigits: digits)
    case .boolean(let flag): write(flag ? "true" : "false" as StaticString)
    case .empty: break
    }
  }

  /// Appends the digits of `value`, left-padded with zeros to `minimumCount`.
  private mutating func appendDigits(_ value: UInt128, minimumCount: Int) {
    if value < 10_000_000_000_000_000_000, minimumCount <= 20 {
      appendDigits(UInt64(value), minimumCount: minimumCount)
      return
    }
    let text = String(value)
    if text.utf8.count < minimumCount {
      bytes.append(
        contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumCount - text.utf8.count))
    }
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
      var remaining = value
      var index = 20
      repeat {
        index -= 1
        scratch[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
        remaining /= 10
      } while remaining > 0 || 20 - index < minimumCount
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[index...]))
    }
  }
}
