/// Bytes of a binary record built field by field, each field little-endian (as ZIP stores them).
struct LittleEndianBytes {
  /// The record so far.
  private(set) var bytes: [UInt8] = []

  mutating func append16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func append32(_ value: UInt32) {
    append16(UInt16(truncatingIfNeeded: value))
    append16(UInt16(truncatingIfNeeded: value >> 16))
  }

  mutating func append64(_ value: UInt64) {
    append32(UInt32(truncatingIfNeeded: value))
    append32(UInt32(truncatingIfNeeded: value >> 32))
  }

  mutating func append(_ other: [UInt8]) {
    bytes.append(contentsOf: other)
  }
}
