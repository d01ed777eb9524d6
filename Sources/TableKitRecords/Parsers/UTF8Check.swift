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
  /// Made for a field's few bytes: ASCII is skipped eight bytes at a time, and a sequence is
  /// checked by its lead byte's rule (``sequenceRule(_:)``) with no table to look up. (The CSV
  /// scan, which checks whole runs of records, uses ``validSequenceLength(at:rules:)``.)
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: Whether they are valid.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return true }
    while index < count {
      // ASCII eight bytes at a time, and straight to the first byte that is not.
      if index &+ WordByteBlock.width <= count {
        let nonASCII = WordByteBlock(base + index).nonASCII
        if nonASCII == 0 {
          index &+= WordByteBlock.width
          continue
        }
        index &+= nonASCII.trailingZeroBitCount
      } else if base[index] < 0x80 {
        index &+= 1
        continue
      }
      let rule = sequenceRule(base[index])
      guard rule.length != 0, index &+ rule.length <= count else { return false }
      let second = base[index &+ 1]
      guard second >= rule.low && second <= rule.high else { return false }
      if rule.length > 2 && base[index &+ 2] & 0xC0 != 0x80 { return false }
      if rule.length > 3 && base[index &+ 3] & 0xC0 != 0x80 { return false }
      index &+= rule.length
    }
    return true
  }

  /// The rule of Unicode's table 3-7 for the sequence `lead` starts: its length (0 for a byte
  /// no sequence starts with, ASCII included) and the bounds of its second byte; every later
  /// byte is from 0x80 to 0xBF.
  @inline(__always)
  private static func sequenceRule(_ lead: UInt8) -> (length: Int, low: UInt8, high: UInt8) {
    switch lead {
    case 0xC2...0xDF: (2, 0x80, 0xBF)
    case 0xE0: (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
    case 0xED: (3, 0x80, 0x9F)
    case 0xF0: (4, 0x90, 0xBF)
    case 0xF1...0xF3: (4, 0x80, 0xBF)
    case 0xF4: (4, 0x80, 0x8F)
    default: (0, 0, 0)
    }
  }

  /// Runs `body` with ``sequenceRules`` in place, for ``validSequenceLength(at:rules:)``.
  package static func withSequenceRules<Result>(
    _ body: (UnsafePointer<UInt64>) -> Result
  ) -> Result {
    sequenceRules.withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
  }

  /// The length of the UTF-8 sequence at `pointer`, whose lead byte is not ASCII, or 0 when it
  /// is not valid; four bytes are read, so they must be there.
  ///
  /// The lead byte's rule is checked against the four bytes at once, with one test that does
  /// not depend on the sequence's length: a branch for each length was mispredicted on text
  /// that mixes two- and three-byte characters.
  ///
  /// - Parameters:
  ///   - pointer: The lead byte.
  ///   - rules: ``sequenceRules``, from ``withSequenceRules(_:)``.
  /// - Returns: The sequence's length in bytes (2 to 4), or 0.
  @inline(__always)
  package static func validSequenceLength(
    at pointer: UnsafePointer<UInt8>, rules: UnsafePointer<UInt64>
  ) -> Int {
    let rule = rules[Int(pointer.pointee)]
    let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self).littleEndian
    let second = UInt8(truncatingIfNeeded: word &>> 8)
    let low = UInt8(truncatingIfNeeded: rule &>> 8)
    let high = UInt8(truncatingIfNeeded: rule &>> 16)
    let continuations = UInt32(truncatingIfNeeded: rule &>> 32)
    let valid = second &- low <= high &- low && word & continuations == continuations & 0x8080_8080
    return valid ? Int(truncatingIfNeeded: rule & 0xFF) : 0
  }

  /// For each lead byte, its sequence's rule from Unicode's table 3-7, packed in a word: the
  /// length (bits 0–7, zero for a byte no sequence starts with), the lowest and highest second
  /// byte (bits 8–15 and 16–23), and a mask of the top two bits of the third and fourth bytes
  /// when the sequence has them (bits 32–63), each of which must then be `10`.
  private static let sequenceRules: [UInt64] = (0...255).map { lead in
    let rule = sequenceRule(UInt8(lead))
    let continuations: UInt64 =
      switch rule.length {
      case 3: 0x00C0_0000
      case 4: 0xC0C0_0000
      default: 0
      }
    return UInt64(rule.length) | UInt64(rule.low) << 8 | UInt64(rule.high) << 16
      | continuations << 32
  }
}
