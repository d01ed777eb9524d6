import TableKit

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
package enum Base64URL {
  /// The longest string ``decode(_:maximumLength:)`` accepts by default: 8,192 characters, the
  /// encoding of 6,144 bytes.
  package static let defaultMaximumLength = 8_192

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
  package static func encode(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    Array(bytes).withUnsafeBufferPointer { encode($0, into: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Replaces `output` with the encoding of `input`; the allocation-free form for tight loops.
  package static func encode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity((input.count * 4 + 2) / 3)
    var index = 0
    while index < input.count {
      let remaining = input.count - index
      let group =
        UInt32(input[index]) << 16
        | (remaining > 1 ? UInt32(input[index + 1]) << 8 : 0)
        | (remaining > 2 ? UInt32(input[index + 2]) : 0)
      output.append(alphabet[Int(group >> 18 & 0x3F)])
      output.append(alphabet[Int(group >> 12 & 0x3F)])
      if remaining > 1 { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
      if remaining > 2 { output.append(alphabet[Int(group & 0x3F)]) }
      index += 3
    }
  }

  /// The bytes `text` encodes, when it is the canonical unpadded URL-safe Base64 of them.
  ///
  /// - Parameters:
  ///   - text: The encoded string.
  ///   - maximumLength: The longest string accepted, in bytes of UTF-8, checked before decoding.
  /// - Returns: The payload; re-encoding it gives `text` back.
  /// - Throws: ``Base64URLError`` naming what is wrong and where.
  package static func decode(
    _ text: String, maximumLength: Int = defaultMaximumLength
  ) throws(Base64URLError) -> [UInt8] {
    // The cap first, from the count alone, before a byte is copied or read.
    let length = text.utf8.count
    guard length <= maximumLength else { throw .tooLong(length: length, limit: maximumLength) }
    var output: [UInt8] = []
    let result = Array(text.utf8).withUnsafeBufferPointer {
      (input) -> Result<Void, Base64URLError> in
      do throws(Base64URLError) {
        try decode(input, into: &output, maximumLength: maximumLength)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    return output
  }

  /// Replaces `output` with the payload `input` encodes; the allocation-free form of
  /// ``decode(_:maximumLength:)``.
  package static func decode(
    _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], maximumLength: Int
  ) throws(Base64URLError) {
    output.removeAll(keepingCapacity: true)
    guard input.count <= maximumLength else {
      throw .tooLong(length: input.count, limit: maximumLength)
    }
    guard input.count % 4 != 1 else { throw .impossibleLength(input.count) }
    output.reserveCapacity(input.count * 3 / 4)
    var group: UInt32 = 0
    var filled = 0
    for offset in 0..<input.count {
      let byte = input[offset]
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
      guard group & 0xF == 0 else { throw .nonZeroPadBits(offset: input.count - 1) }
      output.append(UInt8(group >> 4 & 0xFF))
    case 3:
      // 18 bits: two bytes and 2 unused bits, which must be zero.
      guard group & 0x3 == 0 else { throw .nonZeroPadBits(offset: input.count - 1) }
      output.append(UInt8(group >> 10 & 0xFF))
      output.append(UInt8(group >> 2 & 0xFF))
    default:
      break
    }
  }
}
