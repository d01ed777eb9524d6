/// Text as SpreadsheetML holds it in a `<t>` element: XML's five characters, the characters
/// XML 1.0 cannot hold, and the `_xHHHH_` escape itself.
///
/// `&`, `<` and `>` become entities and CR becomes `&#13;` (an XML reader turns a raw CR into
/// LF). A character XML 1.0 cannot hold (controls other than TAB, LF and CR; U+FFFE; U+FFFF) is
/// written as Excel writes it, `_xHHHH_` with four upper-case hex digits. Text that already
/// reads `_xHHHH_` has its underscore written `_x005F_`, so a reader that unescapes gets the
/// original back: `_x0041_` in the data is written `_x005F_x0041_`.
package enum XLSXEscaping {
  /// Appends `text`, escaped, to `output`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - output: Where it goes.
  package static func write(_ text: String, into output: inout OutputBuffer) {
    var text = text
    text.withUTF8 { write(utf8: $0, into: &output) }
  }

  /// ``write(_:into:)`` over the text's UTF-8.
  private static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout OutputBuffer)
  {
    var runStart = 0
    var index = 0
    let count = bytes.count
    func flushRun(to end: Int) {
      if end > runStart {
        output.write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
      }
    }
    while index < count {
      let byte = bytes[index]
      // Most bytes are written as they are: past them with no switch.
      if byte > UInt8(ascii: ">") ? byte != UInt8(ascii: "_") && byte != 0xEF : isPlain(byte) {
        index += 1
        continue
      }
      var replacement: StaticString?
      var hex: UInt32?
      var length = 1
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case 0x0D: replacement = "&#13;"
      case 0x09, 0x0A: break
      case 0x00..<0x20: hex = UInt32(byte)
      case UInt8(ascii: "_"):
        if isHexEscape(bytes, at: index) { replacement = "_x005F_" }
      case 0xEF:
        // U+FFFE and U+FFFF: EF BF BE and EF BF BF.
        if index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
          hex = 0xFFFE + UInt32(bytes[index + 2] - 0xBE)
          length = 3
        }
      default: break
      }
      if let replacement {
        flushRun(to: index)
        output.write(replacement)
        runStart = index + 1
      } else if let hex {
        flushRun(to: index)
        writeHexEscape(hex, into: &output)
        runStart = index + length
      }
      index += length
    }
    flushRun(to: count)
  }

  /// Whether an ASCII byte up to `>` is written as it is.
  @inline(__always)
  private static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
      && byte != UInt8(ascii: ">")
  }

  /// Appends `text` as a `<t>` element, escaped, with `xml:space="preserve"` when it starts or
  /// ends with white space (which a reader may otherwise trim, as Excel does); white space
  /// inside the text is kept without it.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - output: Where it goes.
  package static func writeElement(_ text: String, into output: inout OutputBuffer) {
    // A native string's bytes in place, with no copy of the string (a retain and a release a
    // cell); a bridged one made contiguous first.
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      writeElement(utf8: bytes, into: &output)
    }
    guard written == nil else { return }
    var text = text
    text.withUTF8 { writeElement(utf8: $0, into: &output) }
  }

  /// ``writeElement(_:into:)`` for the text's UTF-8 bytes.
  private static func writeElement(
    utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout OutputBuffer
  ) {
    // Most texts start and end with an ASCII letter: no scalar decoded, no property looked up.
    let plain =
      if let first = bytes.first, let last = bytes.last, first < 0x80, last < 0x80 {
        !isSpace(Unicode.Scalar(first)) && !isSpace(Unicode.Scalar(last))
      } else if bytes.isEmpty {
        true
      } else {
        !isSpace(firstScalar(of: bytes)) && !isSpace(lastScalar(of: bytes))
      }
    output.write(plain ? "<t>" as StaticString : "<t xml:space=\"preserve\">")
    write(utf8: bytes, into: &output)
    output.write("</t>" as StaticString)
  }

  /// Whether the first or the last character of `text` is white space (Unicode's, as
  /// xlsxwriter's `^\s|\s$` tests it).
  ///
  /// - Parameter text: The text.
  /// - Returns: Whether the `<t>` element needs `xml:space="preserve"`.
  package static func needsPreserve(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return false }
    return isSpace(first) || isSpace(last)
  }

  /// Whether `scalar` is white space: Python's `\s` in ASCII, Unicode's White_Space beyond
  /// (the whole list, compared: no property look-up).
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09...0x0D, 0x1C...0x1F: true
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  /// The first scalar of valid UTF-8 that is not empty.
  private static func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    let lead = bytes[0]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    return scalar(UnsafeBufferPointer(rebasing: bytes[0..<min(length, bytes.count)]))
  }

  /// The last scalar of valid UTF-8 that is not empty.
  private static func lastScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return scalar(UnsafeBufferPointer(rebasing: bytes[start...]))
  }

  /// The scalar that the UTF-8 of one scalar spells (U+FFFD for bytes that do not).
  private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return "\u{FFFD}"
  }

  /// Whether `_xHHHH_` (four hex digits, either case) starts at `index`.
  private static func isHexEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    guard index + 7 <= bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
      bytes[index + 6] == UInt8(ascii: "_")
    else { return false }
    return (index + 2..<index + 6).allSatisfy { position in
      let byte = bytes[position]
      return (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
        || (0x61...0x66).contains(byte)
    }
  }

  /// Writes `_xHHHH_`.
  private static func writeHexEscape(_ value: UInt32, into output: inout OutputBuffer) {
    let digits = Array("0123456789ABCDEF".utf8)
    output.writeUnsafeBytes(budget: 7) { room in
      room[0] = UInt8(ascii: "_")
      room[1] = UInt8(ascii: "x")
      for place in 0..<4 {
        room[2 + place] = digits[Int((value >> (4 * UInt32(3 - place))) & 0xF)]
      }
      room[6] = UInt8(ascii: "_")
      return 7
    }
  }
}
