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
}
