/// Makes untrusted text safe to print to a terminal by showing control characters visibly.
///
/// C0 controls become caret notation (`ESC` → `^[`, LF → `^J`), `DEL` becomes `^?`, and C1 controls
/// (U+0080–U+009F) and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069)
/// become `\u{…}`. Nothing that could move the cursor, change colours, start an escape sequence or
/// reorder the line reaches the terminal.
package enum TerminalEscaping {
  /// Whether `text` holds nothing that needs escaping (the fast path).
  package static func isSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { visible(for: $0) == nil }
  }

  /// `text` with every control character replaced by its visible form.
  package static func escape(_ text: String) -> String {
    if isSafe(text) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if let replacement = visible(for: scalar) {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The visible form of `scalar`, or `nil` when it may be printed as it is.
  package static func visible(for scalar: Unicode.Scalar) -> String? {
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
