package import TableKitDatabase

/// Values written as one text that reads back as the same values, types kept: the ID of a
/// row's key or of a filter in a route.
///
/// A key of one integer is its decimal digits (`7`, `-3`), so the common rowid and `INTEGER
/// PRIMARY KEY` read well in a URL. Anything else is a run of tokens, one per value: `i7;` an
/// integer, `r0.1;` a real (Python's `repr` digits), `t5:hello` a text of 5 UTF-8 bytes, `x41ff;`
/// a text whose bytes are not UTF-8 in hex, `bff00;` a blob in hex, `n;` a `NULL`. The text then travels in a URL as an `ObjectID` (Base64 when
/// it holds more than letters, digits, `-` and `_`), so any value, controls included, makes a
/// valid URL.
package enum DatabaseKeyText {
  /// The text of `values`.
  ///
  /// - Parameter values: The values, in order.
  /// - Returns: The text.
  package static func encode(_ values: [DatabaseValue]) -> String {
    if values.count == 1, case .integer(let number) = values[0] { return String(number) }
    var text = ""
    for value in values {
      switch value {
      case .integer(let number): text += "i\(number);"
      case .real(let number): text += "r" + DatabaseValue.realText(number) + ";"
      case .text(let string): text += "t\(string.utf8.count):" + string
      case .invalidText(let bytes): text += "x" + hex(bytes) + ";"
      case .blob(let bytes): text += "b" + hex(bytes) + ";"
      case .null: text += "n;"
      }
    }
    return text
  }

  /// The values of `text`, or `nil` when it is not a text ``encode(_:)`` writes.
  ///
  /// - Parameter text: The text.
  /// - Returns: The values.
  package static func decode(_ text: String) -> [DatabaseValue]? {
    let bytes = Array(text.utf8)
    if let number = Int64(text), String(number) == text { return [.integer(number)] }
    var values: [DatabaseValue] = []
    var index = 0
    func upTo(_ end: UInt8) -> String? {
      guard let stop = bytes[index...].firstIndex(of: end) else { return nil }
      defer { index = stop + 1 }
      return String(decoding: bytes[index..<stop], as: UTF8.self)
    }
    while index < bytes.count {
      let kind = bytes[index]
      index += 1
      switch kind {
      case UInt8(ascii: "i"):
        guard let digits = upTo(UInt8(ascii: ";")), let number = Int64(digits),
          String(number) == digits
        else { return nil }
        values.append(.integer(number))
      case UInt8(ascii: "r"):
        guard let digits = upTo(UInt8(ascii: ";")), let number = Double(digits) else { return nil }
        values.append(.real(number))
      case UInt8(ascii: "t"):
        guard let length = upTo(UInt8(ascii: ":")).flatMap({ Int($0) }), length >= 0,
          length <= bytes.count - index,
          let string = String(validating: bytes[index..<index + length], as: UTF8.self)
        else { return nil }
        index += length
        values.append(.text(string))
      case UInt8(ascii: "x"):
        guard let digits = upTo(UInt8(ascii: ";")), let text = unhex(Array(digits.utf8)),
          String(validating: text, as: UTF8.self) == nil
        else { return nil }
        values.append(.invalidText(text))
      case UInt8(ascii: "b"):
        guard let digits = upTo(UInt8(ascii: ";")), let blob = unhex(Array(digits.utf8)) else {
          return nil
        }
        values.append(.blob(blob))
      case UInt8(ascii: "n"):
        guard upTo(UInt8(ascii: ";")) == "" else { return nil }
        values.append(.null)
      default:
        return nil
      }
    }
    // Only the spelling `encode` writes: one integer is never written as `i7;`.
    guard !values.isEmpty, encode(values) == text else { return nil }
    return values
  }

  /// `bytes` in lower-case hex.
  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes of lower-case hex `digits`, or `nil`.
  private static func unhex(_ digits: [UInt8]) -> [UInt8]? {
    guard digits.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }
}
