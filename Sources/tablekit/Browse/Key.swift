/// A key the interactive browser understands, decoded from the bytes a terminal sends.
enum Key: Equatable {
  case up
  case down
  case left
  case right
  case home
  case end
  case pageUp
  case pageDown
  case enter
  case backspace
  case escape
  case interrupt
  case character(Character)

  /// The keys in `bytes`, in order; an escape sequence it does not know is skipped whole.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        guard index < bytes.count,
          bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O")
        else {
          keys.append(.escape)
          continue
        }
        index += 1
        // Parameters, then one final byte from @ to ~.
        let start = index
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { continue }
        let final = bytes[index]
        let parameters = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        if let key = sequence(final: final, parameters: parameters) { keys.append(key) }
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x03: keys.append(.interrupt)
      case 0x04: keys.append(.character("q"))
      case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
      default: continue
      }
    }
    return keys
  }

  /// The key an escape sequence ending in `final` stands for.
  private static func sequence(final: UInt8, parameters: String) -> Key? {
    switch (final, parameters) {
    case (UInt8(ascii: "A"), _): .up
    case (UInt8(ascii: "B"), _): .down
    case (UInt8(ascii: "C"), _): .right
    case (UInt8(ascii: "D"), _): .left
    case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
    case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
    case (UInt8(ascii: "~"), "5"): .pageUp
    case (UInt8(ascii: "~"), "6"): .pageDown
    default: nil
    }
  }
}
