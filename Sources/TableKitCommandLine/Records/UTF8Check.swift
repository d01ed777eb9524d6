/// Finds the first byte that breaks UTF-8 in a field, so an error can name its offset.
package enum UTF8Check {
  /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
  /// surrogates, nothing above U+10FFFF), without allocating: the check on every field that is
  /// not ASCII, where the standard library's generic `String(validating:as:)` looked up type
  /// metadata on each call.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length, and the bounds of its second byte, which are narrower after
      // the leads of overlong forms, surrogates and scalars above U+10FFFF.
      let length: Int
      var lowest: UInt8 = 0x80
      var highest: UInt8 = 0xBF
      switch lead {
      case 0xC2..<0xE0: length = 2
      case 0xE0: (length, lowest) = (3, 0xA0)
      case 0xED: (length, highest) = (3, 0x9F)
      case 0xE1..<0xF0: length = 3
      case 0xF0: (length, lowest) = (4, 0x90)
      case 0xF4: (length, highest) = (4, 0x8F)
      case 0xF1..<0xF4: length = 4
      default: return false
      }
      guard index + length <= count, lowest...highest ~= bytes[index + 1] else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }

  /// The offset of the first invalid byte in `bytes` and why, or `nil` when all are valid.
  ///
  /// The JSON tokenizer's check decides, so CSV and JSON word the same fault the same way.
  static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, why: String)? {
    let tokenizer = JSONTokenizer(path: "", bytes: Array(bytes))
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
        return (error.position?.byteOffset ?? index, said)
      }
    }
    return nil
  }
}
