/// Escapes untrusted text for LaTeX so that it is typeset as the same characters, never read as
/// commands, and so that the document still compiles.
///
/// The rules, applied to each Unicode scalar:
///
/// - The ten special characters become commands or escaped forms: `\#`, `\$`, `\%`, `\&`, `\_`,
///   `\{`, `\}`, `\textasciitilde{}`, `\textasciicircum{}` and `\textbackslash{}`.
/// - Characters that fonts turn into other characters are written so they stay themselves:
///   `<`, `>`, `|`, `"`, `'` and `` ` `` become `\textless{}`, `\textgreater{}`, `\textbar{}`,
///   `\textquotedbl{}`, `\textquotesingle{}` and `\textasciigrave{}`; a `-` or `,` followed by
///   the same character gets `{}` after it, so `--` is two hyphens, not a dash, and `,,` two
///   commas, not a low quote mark.
/// - `[`, `]` and `*` are braced (`{[}`), so text at the start of a cell cannot become the
///   optional argument of the `\\` that ended the row before.
/// - A line break (LF, CRLF, a lone CR, U+2028, U+2029) becomes `\\{}`, which ends a line of
///   the `\shortstack` the renderer sets such a cell in (the empty group keeps a break at the end
///   of the text from ending the stack's alignment); `\newline{}` in a wrapping column (a `p`
///   column declared with `\arraybackslash`, where `\\` would end the table's row); or a space
///   where text cannot break (a caption). A tab becomes `\quad{}`.
/// - Control characters (C0 other than those, DEL, C1) and the bidirectional overrides and
///   isolates are shown as a visible marker, `\texttt{[U+001B]}`, after which a wrapping column
///   may break the line (`\allowbreak{}`).
/// - With ``Characters/pdfLaTeX`` (the default), a character that pdfLaTeX cannot typeset with
///   T1 fonts and UTF-8 input (CJK, Cyrillic, Greek, emoji, most symbols; the set comes from
///   pdflatex itself, see `Scripts/latex-charset.py`) is shown as the same visible marker, so the
///   document compiles and the reader sees which character was there. With
///   ``Characters/unicode`` (XeLaTeX or LuaLaTeX with a font that has them) every other
///   character is written as it is.
package enum LaTeXEscaping {
  /// Which characters beyond ASCII are written as they are.
  package enum Characters: Sendable {
    /// Only what pdfLaTeX typesets with T1 fonts and UTF-8 input.
    case pdfLaTeX
    /// Every character but controls and bidirectional formatting (XeLaTeX, LuaLaTeX).
    case unicode
  }

  /// Writes `text` escaped for LaTeX.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - characters: Which characters beyond ASCII are written as they are.
  ///   - breaksLines: Whether a line break ends a line (in a `\shortstack`) or becomes a space.
  ///   - wraps: Whether the text stands in a wrapping column, where a line break is
  ///     `\newline{}`.
  ///   - output: Where the escaped text goes.
  package static func write(
    _ text: String, characters: Characters, breaksLines: Bool = true, wraps: Bool = false,
    into output: inout OutputBuffer
  ) {
    let lineBreak: StaticString =
      switch (breaksLines, wraps) {
      case (false, _): " "
      case (true, false): #"\\{}"#
      case (true, true): #"\newline{}"#
      }
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      switch scalar {
      case "#", "$", "%", "&", "_", "{", "}":
        output.write(byte: UInt8(ascii: "\\"))
        output.write(byte: UInt8(scalar.value))
      case "~": output.write(#"\textasciitilde{}"# as StaticString)
      case "^": output.write(#"\textasciicircum{}"# as StaticString)
      case "\\": output.write(#"\textbackslash{}"# as StaticString)
      case "<": output.write(#"\textless{}"# as StaticString)
      case ">": output.write(#"\textgreater{}"# as StaticString)
      case "|": output.write(#"\textbar{}"# as StaticString)
      case "\"": output.write(#"\textquotedbl{}"# as StaticString)
      case "'": output.write(#"\textquotesingle{}"# as StaticString)
      case "`": output.write(#"\textasciigrave{}"# as StaticString)
      case "[", "]", "*":
        output.write(byte: UInt8(ascii: "{"))
        output.write(byte: UInt8(scalar.value))
        output.write(byte: UInt8(ascii: "}"))
      case "-", ",":
        output.write(byte: UInt8(scalar.value))
        if next == scalar { output.write("{}" as StaticString) }
      case "\r":
        output.write(lineBreak)
        if next == "\n" { index += 1 }
      case "\n", "\u{2028}", "\u{2029}": output.write(lineBreak)
      case "\t": output.write(#"\quad{}"# as StaticString)
      default:
        if VisibleMarker.hides(scalar) || !writesAsItIs(scalar, characters: characters) {
          output.write(#"\texttt{"# as StaticString)
          writeMarker(scalar, into: &output)
          // A run of markers has no space to break at: let a wrapping column break after each.
          output.write(#"}\allowbreak{}"# as StaticString)
        } else {
          output.write(String(scalar))
        }
      }
      index += 1
    }
  }

  /// `text` escaped for LaTeX, for tests and small strings.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - characters: Which characters beyond ASCII are written as they are.
  /// - Returns: The escaped text.
  package static func escape(_ text: String, characters: Characters = .pdfLaTeX) -> String {
    OutputBuffer.string { write(text, characters: characters, into: &$0) }
  }

  /// Whether `text` holds a line break, so its cell needs a `\shortstack`.
  ///
  /// - Parameter text: The text.
  /// - Returns: `true` when it holds LF, CR, U+2028 or U+2029.
  package static func hasLineBreak(_ text: String) -> Bool {
    text.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) }
  }

  /// Whether a character that is not special to LaTeX is written as it is.
  private static func writesAsItIs(_ scalar: Unicode.Scalar, characters: Characters) -> Bool {
    if scalar.isASCII { return true }
    switch characters {
    case .unicode:
      return true
    case .pdfLaTeX:
      return DisplayWidth.contains(scalar.value, in: pdfLaTeXRanges)
    }
  }

  /// Writes the visible marker `[U+XXXX]` with its brackets braced.
  private static func writeMarker(_ scalar: Unicode.Scalar, into output: inout OutputBuffer) {
    let marker = VisibleMarker.text(for: scalar)
    output.write("{[}")
    output.write(String(marker.dropFirst().dropLast()))
    output.write("{]}")
  }
}
