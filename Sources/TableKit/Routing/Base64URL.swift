/// Unpadded URL-safe Base64 (RFC 4648 §5) with a strict decoder.
///
/// The alphabet is `A–Z a–z 0–9 - _`; the encoder never writes `=`. The decoder accepts a string
/// only if encoding its bytes gives the same string back, so every payload has exactly one
/// spelling. It refuses, with a ``Base64URLError`` naming the offset:
///
/// - a string longer than the cap, checked before any decoding;
/// - any character outside the alphabet, including `=`, `+`, `/` and whitespace;
/// - a length that leaves one character over (`length % 4 == 1`), which no payload encodes to;
/// - a last character whose unused low bits are not zero (`"QR"` instead of `"QQ"`).
///
/// Python's `base64.urlsafe_b64decode` accepts all of these except the first; this decoder is the
/// stricter one on purpose, so a mutated ID can never name the same object as the original.
///
/// ```swift
/// Base64URL.encode(Array("Škoda".utf8))      // "xaBrb2Rh"
/// try Base64URL.decode("xaBrb2Rh")            // the five bytes of "Škoda"
/// ```
public enum Base64URL {
  /// The longest string ``decode(_:maximumLength:)`` accepts by default: 8,192 characters, the
  /// encoding of 6,144 bytes.
  public static let defaultMaximumLength = 8_192

  /// The 64 characters, in value order.
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The value of each byte in the alphabet, or 0xFF for a byte outside it.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  /// The unpadded URL-safe Base64 spelling of `bytes`.
  ///
  /// - Parameter bytes: The payload.
  /// - Returns: `4 × n / 3` characters rounded up, with no `=`.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 4 + 2) / 3)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = second == nil ? nil : iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(alphabet[Int(group >> 18 & 0x3F)])
      output.append(alphabet[Int(group >> 12 & 0x3F)])
      if second != nil { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
      if third != nil { output.append(alphabet[Int(group & 0x3F)]) }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, when it is the canonical unpadded URL-safe Base64 of them.
  ///
  /// - Parameters:
  ///   - text: The encoded string.
  ///   - maximumLength: The longest string accepted, in bytes of UTF-8, checked before decoding.
  /// - Returns: The payload; re-encoding it gives `text` back.
  /// - Throws: ``Base64URLError`` naming what is wrong and where.
  public static func decode(
    _ text: String, maximumLength: Int = defaultMaximumLength
  ) throws(Base64URLError) -> [UInt8] {
    let utf8 = text.utf8
    guard utf8.count <= maximumLength else {
      throw .tooLong(length: utf8.count, limit: maximumLength)
    }
    guard utf8.count % 4 != 1 else { throw .impossibleLength(utf8.count) }
    var output: [UInt8] = []
    output.reserveCapacity(utf8.count * 3 / 4)
    var group: UInt32 = 0
    var filled = 0
    for (offset, byte) in utf8.enumerated() {
      let value = values[Int(byte)]
      guard value != 0xFF else {
        throw byte == UInt8(ascii: "=")
          ? .padding(offset: offset) : .invalidCharacter(byte: byte, offset: offset)
      }
      group = group << 6 | UInt32(value)
      filled += 1
      if filled == 4 {
        output.append(UInt8(group >> 16 & 0xFF))
        output.append(UInt8(group >> 8 & 0xFF))
        output.append(UInt8(group & 0xFF))
        group = 0
        filled = 0
      }
    }
    switch filled {
    case 2:
      // 12 bits: one byte and 4 unused bits, which must be zero.
      guard group & 0xF == 0 else { throw .nonZeroPadBits(offset: utf8.count - 1) }
      output.append(UInt8(group >> 4 & 0xFF))
    case 3:
      // 18 bits: two bytes and 2 unused bits, which must be zero.
      guard group & 0x3 == 0 else { throw .nonZeroPadBits(offset: utf8.count - 1) }
      output.append(UInt8(group >> 10 & 0xFF))
      output.append(UInt8(group >> 2 & 0xFF))
    default:
      break
    }
    return output
  }
}
