/// Makes untrusted text safe to print to a terminal by showing control characters visibly.
///
/// C0 controls become caret notation (`ESC` → `^[`, BEL → `^G`, a lone CR → `^M`), `DEL` becomes
/// `^?`, and C1 controls (U+0080–U+009F) and the bidirectional overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) become `\u{…}`. Nothing that could move the cursor, change
/// colours, start an escape sequence or reorder the line reaches the terminal. Renderers handle
/// line breaks and tabs themselves (see ``lines(of:)`` and ``escape(_:tabWidth:)``).
package enum TerminalEscaping {
  /// `text` split at line breaks: LF and CRLF.
  ///
  /// A lone CR is not a break; ``escape(_:tabWidth:)`` shows it as `^M`.
  static func lines(of text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\n" || character == "\r\n" {
        lines.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    lines.append(text[start..<text.endIndex])
    return lines
  }

  /// `text` with tabs expanded to the next multiple of `tabWidth` columns and every other control
  /// character (line feeds included) replaced by its visible form.
  package static func escape(_ text: some StringProtocol, tabWidth: Int = 4) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    var column = 0
    for character in text {
      if character == "\t" {
        let stop = tabWidth > 0 ? tabWidth - column % tabWidth : 0
        result.append(String(repeating: " ", count: stop))
        column += stop
        continue
      }
      var escaped = false
      var piece = ""
      for scalar in character.unicodeScalars {
        if let replacement = visible(for: scalar) {
          piece += replacement
          escaped = true
        } else {
          piece.unicodeScalars.append(scalar)
        }
      }
      result += piece
      column += escaped ? DisplayWidth.of(piece) : DisplayWidth.of(character)
    }
    return result
  }

  /// The visible form of `scalar`, or `nil` when it may be printed as it is.
  static func visible(for scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x00...0x1F:
      return "^" + String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
    case 0x7F:
      return "^?"
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      return nil
    }
  }
}
