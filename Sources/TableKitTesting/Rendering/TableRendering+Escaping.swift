extension TableRendering {
  /// `text` with every character that could break a line, move the cursor or reorder what
  /// follows written as `\u{…}`, so it stays one line that reads the same everywhere.
  ///
  /// Escaped: C0 controls (tab and line breaks included), DEL, C1 controls, the line and
  /// paragraph separators and the bidirectional marks, embeddings, overrides and isolates.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
