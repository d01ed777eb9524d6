import TableRender

/// Untrusted text made safe for the tool's own lines, which do not go through a renderer: every
/// error message (file names, option values, JSON keys and escapes echoed in it) and the
/// browser's breadcrumbs, back titles and messages.
///
/// The one place they are neutralized, with the text renderer's own escaping
/// (`TerminalEscaping`), so a message shows `esc^[[31m.csv` exactly as a table cell would.
enum TerminalText {
  /// `text` with every control character, bidi override and separator shown visibly, so it can
  /// never start an escape sequence, move the cursor or reorder the line.
  static func inert(_ text: String) -> String {
    TerminalEscaping.escape(text)
  }

  /// `text` made inert and cut to at most `width` terminal columns, ending in `…` when cut.
  static func fitted(_ text: String, width: Int) -> String {
    let safe = inert(text)
    guard width > 0 else { return "" }
    if DisplayWidth.of(safe) <= width { return safe }
    var result = ""
    var used = 0
    for character in safe {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }
}
