/// A ``FieldBytesConsumer`` that writes some CSV records exactly as they were read, so a reader
/// can hand it whole runs of them without cutting them into fields.
///
/// CSV to CSV is the common case: most records need no quotes and no formula guard, and the
/// writer would copy every field and comma as it stands. A reader that finds such records (no
/// quote, no carriage return, one field per column, valid UTF-8, within its limits) hands them
/// over as one run, and asks ``writesUnchanged(_:)`` only about fields whose first byte
/// ``VerbatimFieldStarts`` flags. Every other record goes through
/// ``FieldBytesConsumer/consume(fields:into:)`` as before.
package protocol VerbatimRecordConsumer: FieldBytesConsumer {
  /// Which field starts need ``writesUnchanged(_:)``; `nil` when this writer copies no record
  /// (a section column, quoted surrounding spaces, a single column).
  var verbatimFieldStarts: VerbatimFieldStarts? { get }

  /// Whether the field, whose first byte ``verbatimFieldStarts`` flags, is written as its bytes
  /// stand.
  ///
  /// - Parameter field: The field's bytes, and whether the reader took them for a number.
  /// - Returns: `false` when the writer would change the field (a formula to guard).
  func writesUnchanged(_ field: FieldBytes) -> Bool

  /// Writes records that are to be copied as they are.
  ///
  /// - Parameters:
  ///   - records: The records' bytes, each ending in one line feed, the only line feeds in
  ///     them.
  ///   - count: How many records they hold.
  ///   - output: Where they are written.
  mutating func consume(
    verbatimRecords records: UnsafeBufferPointer<UInt8>, count: Int,
    into output: inout OutputBuffer)
}

/// The first bytes of a field that a ``VerbatimRecordConsumer`` must look at before a record is
/// copied: a 256-bit table, one bit a byte value.
package struct VerbatimFieldStarts: Sendable {
  /// The bits: byte `b` is flagged when bit `b & 63` of word `b >> 6` is set.
  package var table: SIMD4<UInt64>

  /// A table flagging the bytes `flagged` answers `true` for.
  ///
  /// - Parameter flagged: Whether a field starting with the byte needs a look.
  package init(flagging flagged: (UInt8) -> Bool) {
    var table = SIMD4<UInt64>(repeating: 0)
    for byte in 0...255 where flagged(UInt8(byte)) {
      table[byte >> 6] |= 1 << UInt64(byte & 63)
    }
    self.table = table
  }

  /// Whether a field starting with `byte` needs a look.
  @inlinable
  package func flags(_ byte: UInt8) -> Bool {
    table[Int(byte >> 6)] >> (byte & 63) & 1 != 0
  }
}
