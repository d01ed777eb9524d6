/// Finds the first byte that breaks UTF-8 in a field, so an error can name its offset.
enum UTF8Check {
  /// The offset of the first invalid byte in `bytes` and why, or `nil` when all are valid.
  static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, why: String)? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        second = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        second = 0x80...0x9F
      case 0xF0:
        length = 4
        second = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        second = 0x80...0x8F
      case 0x80...0xBF:
        return (index, "byte \(JSONText.hex(lead)) continues a character but none started")
      default:
        return (index, "byte \(JSONText.hex(lead)) never appears in UTF-8")
      }
      for offset in 1..<length {
        let range = offset == 1 ? second : 0x80...0xBF
        guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
          return (index, "the character that starts with byte \(JSONText.hex(lead)) is cut short")
        }
      }
      index += length
    }
    return nil
  }
}
