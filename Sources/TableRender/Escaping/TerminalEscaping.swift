/// Makes untrusted text safe to print to a terminal by showing control characters visibly.
///
/// C0 controls become caret notation (`ESC` → `^[`, BEL → `^G`, a lone CR → `^M`), `DEL` becomes
/// `^?`, and C1 controls (U+0080–U+009F), the bidirectional overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069), the bidirectional marks LRM, RLM and ALM (U+200E, U+200F,
/// U+061C) and the line and paragraph separators (U+2028, U+2029) become `\u{…}`. Nothing that
/// could move the cursor, change colours, start an escape sequence, break the line or reorder it
/// reaches the terminal. Renderers handle line breaks and tabs themselves (see
/// `TextLineReader` and ``escape(_:tabWidth:)``): LF, CRLF, U+2028 and U+2029 end a line of a
/// multi-line cell.
///
/// The bidirectional marks are shown rather than passed through as zero-width characters. They
/// are invisible, yet a terminal that applies the Unicode bidirectional algorithm lets them set
/// the direction of the neutral characters and numbers next to them: an RLM before `100 200`
/// shows `200 100`, and one at the edge of a cell can pull the table's spaces and borders into
/// a right-to-left run. A visible Hebrew or Arabic letter can do the same, but the reader sees
/// it; an invisible mark would reorder a report with no trace. Text without the marks is
/// unchanged, so right-to-left names and words print as they are.
package enum TerminalEscaping {
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
    let value = scalar.value
    switch value {
    case 0x00...0x1F:
      return "^" + String(Character(Unicode.Scalar(UInt8(value) + 0x40)))
    case 0x7F:
      return "^?"
    case 0x80...:
      guard isEscaped(nonASCII: value) else { return nil }
      return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    default:
      return nil
    }
  }

  /// Whether the scalar `value`, from U+0080 on, is shown as `\u{…}`: a C1 control, a
  /// bidirectional override, isolate or mark, or a line or paragraph separator.
  ///
  /// The one rule the escaper and ``TerminalMeasure`` share.
  @inline(__always)
  static func isEscaped(nonASCII value: UInt32) -> Bool {
    // Most scalars are decided by the first two tests (letters with accents, CJK).
    if value < 0x2000 { return value <= 0x9F || value == 0x061C }
    if value > 0x2069 { return false }
    return value == 0x200E || value == 0x200F || (0x2028...0x202E).contains(value)
      || value >= 0x2066
  }
}
