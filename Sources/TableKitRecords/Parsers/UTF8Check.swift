import Foundation

/// Finds the first byte that breaks UTF-8 in a field, so an error can name its offset.
package enum UTF8Check {
  /// Whether `text`, decoded from `bytes` by `String(decoding:as:)`, holds exactly those bytes:
  /// true only when they were well-formed UTF-8, as that initializer replaces every ill-formed
  /// sequence with U+FFFD.
  ///
  /// It lets a reader decode a field once and still know whether the field was valid, where a
  /// separate check validated every non-ASCII field a second time (and the standard library's
  /// generic `String(validating:as:)` looked up type metadata on each call).
  ///
  /// - Parameters:
  ///   - bytes: The bytes decoded.
  ///   - text: What `String(decoding: bytes, as: UTF8.self)` returned.
  /// - Returns: Whether `bytes` were valid UTF-8.
  package static func holdsExactly(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
    let utf8 = text.utf8
    guard utf8.count == bytes.count else { return false }
    guard let bytesStart = bytes.baseAddress else { return true }
    let same = utf8.withContiguousStorageIfAvailable { stored in
      // `memcmp`: the generic `elementsEqual` compared a byte at a time.
      stored.baseAddress.map { memcmp($0, bytesStart, bytes.count) == 0 } ?? false
    }
    return same ?? utf8.elementsEqual(bytes)
  }

  /// The offset of the first invalid byte in `bytes` and why, or `nil` when all are valid.
  ///
  /// The JSON tokenizer's check decides, so CSV and JSON word the same fault the same way.
  ///
  /// - Parameters:
  ///   - bytes: One field's bytes.
  ///   - start: The offset of `bytes[0]` in the input, so that a message naming another byte
  ///     (the one that starts a broken character) names it by its offset in the input.
  /// - Returns: The offset in `bytes` of the first invalid byte, and why it is invalid.
  static func firstInvalid(
    in bytes: UnsafeBufferPointer<UInt8>, at start: Int = 0
  ) -> (offset: Int, why: String)? {
    var tokenizer = JSONTokenizer(path: "", bytes: Array(bytes))
    tokenizer.droppedCount = start
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      do {
        guard let length = try tokenizer.utf8SequenceLength(at: index) else { return nil }
        index += length
      } catch {
        guard case .invalidUTF8(let why) = error.reason else { return nil }
        // The bytes handed over are one field, not the file.
        let said = why.replacing("the file ends inside", with: "the field ends inside")
        return ((error.position?.byteOffset).map { $0 - start } ?? index, said)
      }
    }
    return nil
  }

  /// Whether `bytes` are valid UTF-8 (Unicode's table 3-7: no overlong form, no surrogate,
  /// nothing past U+10FFFF, no sequence cut short), checked with no allocation; the bytes of a
  /// field the CSV reader hands over as they are, without a `String` to compare them with.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: Whether they are valid.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return true }
    while index < count {
      // ASCII eight bytes at a time, and straight to the first byte that is not.
      if index &+ 8 <= count {
        let high =
          UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
          & ByteWord.highBits
        if high == 0 {
          index &+= 8
          continue
        }
        index &+= high.trailingZeroBitCount &>> 3
      } else if base[index] < 0x80 {
        index &+= 1
        continue
      }
      let lead = base[index]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard index &+ length <= count else { return false }
      let second = base[index &+ 1]
      guard second >= low && second <= high else { return false }
      if length > 2 && base[index &+ 2] & 0xC0 != 0x80 { return false }
      if length > 3 && base[index &+ 3] & 0xC0 != 0x80 { return false }
      index &+= length
    }
    return true
  }
}
