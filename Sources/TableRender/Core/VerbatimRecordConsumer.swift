/// A ``FieldBytesConsumer`` that writes some CSV records exactly as they were read, so a reader
/// can hand it whole runs of them without cutting them into fields.
///
/// CSV to CSV is the common case: most records need no quotes and no formula guard, and the
/// writer would copy every field and comma as it stands. A reader that finds such records (no
/// carriage return, one field per column, valid UTF-8, within its limits) hands them over as one
/// run, and asks ``writesUnchanged(_:)`` only about text fields whose first byte
/// ``VerbatimFieldStarts`` flags. Every other record goes through
/// ``FieldBytesConsumer/consume(fields:into:)`` as before.
///
/// A conforming writer promises two things the reader relies on without asking: a field the
/// reader takes for a number is written as it stands, and so is a quoted field that holds a
/// doubled quote or a comma (and no line break), quotes and all, as RFC 4180 quotes it.
package protocol VerbatimRecordConsumer: FieldBytesConsumer {
  /// Which field starts need ``writesUnchanged(_:)``; `nil` when this writer copies no record
  /// (a section column, quoted surrounding spaces, a single column).
  var verbatimFieldStarts: VerbatimFieldStarts? { get }

  /// Whether the field, whose first byte ``verbatimFieldStarts`` flags, is written as its bytes
  /// stand. The reader asks only about text.
  ///
  /// - Parameter field: The field's bytes.
  /// - Returns: `false` when the writer would change the field (a formula to guard).
  func writesUnchanged(_ field: FieldBytes) -> Bool

  /// How each copied record's line ends: the reader copies the records itself (with the
  /// fastest byte tests of the reading module), replacing each line feed with this ending.
  var verbatimLineEnding: CSVTableRenderer.LineEnding { get }
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
