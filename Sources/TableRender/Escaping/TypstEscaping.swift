/// Writes untrusted text as a Typst string literal, which Typst shows as text and never reads as
/// markup.
///
/// Cells, titles and section titles go into a Typst document as string literals (`"…"`) in code
/// mode, not as markup blocks (`[…]`): inside a string, `#`, `[`, `]`, `*`, `_`, `$`, `@`, `<`,
/// `=`, `-`, `//` and every other markup character are plain characters, so no escaping rule per
/// markup character can be missed. Only the literal's own syntax is escaped:
///
/// - `\` and `"` get a backslash;
/// - a line break (LF, CRLF, a lone CR, U+2028, U+2029) becomes `\n`, which Typst shows as a line
///   break; a tab becomes a space (fonts have no glyph for it, so Typst would show nothing);
/// - every other C0 control, DEL, the C1 controls and the bidirectional overrides and isolates
///   (U+202A–U+202E, U+2066–U+2069), which a reader cannot see and which could reorder the text
///   around them, are shown as a visible marker such as `[U+001B]`.
///
/// Everything else, every script and emoji included, is written as it is (Typst needs a font
/// that has the character to show it).
package enum TypstEscaping {
  /// Writes `text` as a string literal, quotes included.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - output: Where the literal goes.
  package static func writeLiteral(_ text: String, into output: inout OutputBuffer) {
    output.write(byte: UInt8(ascii: "\""))
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      defer { previousWasCR = value == 0x0D }
      switch value {
      case 0x5C: output.write(#"\\"# as StaticString)
      case 0x22: output.write(#"\""# as StaticString)
      case 0x0A:
        if !previousWasCR { output.write(#"\n"# as StaticString) }
      case 0x0D, 0x2028, 0x2029: output.write(#"\n"# as StaticString)
      case 0x09: output.write(byte: UInt8(ascii: " "))
      default:
        if VisibleMarker.hides(scalar) {
          VisibleMarker.write(scalar, into: &output)
        } else {
          output.write(String(scalar))
        }
      }
    }
    output.write(byte: UInt8(ascii: "\""))
  }

  /// `text` as a string literal, for tests and small strings.
  ///
  /// - Parameter text: The untrusted text.
  /// - Returns: The literal, quotes included.
  package static func literal(_ text: String) -> String {
    OutputBuffer.string { writeLiteral(text, into: &$0) }
  }
}

/// The visible stand-in for a character a reader of a typeset document cannot see: `[U+001B]`.
package enum VisibleMarker {
  /// Whether `scalar` is a control or bidirectional formatting character that a typeset document
  /// shows as a marker instead: C0 controls (line breaks and tab are the caller's), DEL, C1
  /// controls, U+202A–U+202E and U+2066–U+2069.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: `true` when it is shown as a marker.
  package static func hides(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Writes `[U+XXXX]` (at least four hexadecimal digits, capitals) for `scalar`.
  ///
  /// - Parameters:
  ///   - scalar: The character.
  ///   - output: Where the marker goes.
  package static func write(_ scalar: Unicode.Scalar, into output: inout OutputBuffer) {
    output.write(text(for: scalar))
  }

  /// `[U+XXXX]` for `scalar`.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: The marker.
  package static func text(for scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "[U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
  }
}
