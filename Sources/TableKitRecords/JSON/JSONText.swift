/// How error messages show pieces of the input: safely, briefly and in plain words.
///
/// Input is untrusted: a message quoting it must never carry a control character, an escape
/// sequence or a bidirectional override to the terminal, so such characters are shown by name
/// (`U+001B`), and long strings are cut short.
enum JSONText {
  /// The most characters of a string quoted in a message.
  static let quotedLimit = 40

  /// `U+000A`: a scalar's name in the Unicode way.
  static func scalarName(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
  }

  /// Whether a terminal could act on the scalar rather than show it: controls (C0, DEL, C1),
  /// format characters such as bidirectional overrides, line and paragraph separators.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned:
      true
    default:
      false
    }
  }

  /// `"text"` with unsafe characters written as `\u{…}` and the text cut at ``quotedLimit``.
  static func quoted(_ text: String) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == quotedLimit {
        result += "…"
        break
      }
      count += 1
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else if scalar == "\"" || scalar == "\\" {
        result += "\\" + String(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// How a message names a character found where it does not belong: `` `x` `` for printable
  /// ASCII, the character and its name for others, only the name for unsafe ones.
  static func character(_ scalar: Unicode.Scalar) -> String {
    if isUnsafe(scalar) || scalar == " " { return "the character \(scalarName(scalar.value))" }
    if scalar.isASCII { return "`\(scalar)`" }
    return "the character \(String(scalar)) (\(scalarName(scalar.value)))"
  }

  /// `0xFF`: a byte in hexadecimal.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}

extension JSONText {
  /// Appends `string` to `text` as a JSON string: quoted, with `"`, `\` and control characters
  /// escaped, so a nested value shown as text reads back as the same JSON.
  static func appendEscaped(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
