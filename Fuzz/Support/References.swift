// The references shared by several harnesses: the CSV formula guard (`referenceCSVGuards`) and
// the HTML link href (`referenceHref`), written from the documented rules.

import Foundation

@testable import TableRender

/// Whether the formula guard puts `'` before `text`.
///
/// The rule as `CSVEscaping.startsFormula` documents it, stated the slow way from Unicode's own
/// data: the first character is `=`, `+`, `-`, `@`, tab, CR or NUL; or the first character
/// after what a spreadsheet may skip (controls, white space, default-ignorable code points) is a
/// formula sign, a character whose NFKC form starts with `=`, `+`, `-` or `@` (fullwidth and
/// small forms among them). The same rule as `CSVFormulaGuardTests`' reference.
func referenceCSVGuards(_ text: String) -> Bool {
  let scalars = Array(text.unicodeScalars)
  guard let first = scalars.first else { return false }
  // Rule 1: the first character alone.
  if ["=", "+", "-", "@", "\t", "\r", "\u{0}"].contains(first) { return true }
  // Rule 2: the first character after what a spreadsheet may skip.
  func isFormulaSign(_ scalar: Unicode.Scalar) -> Bool {
    let folded = String(Character(scalar)).precomposedStringWithCompatibilityMapping
    return folded.unicodeScalars.first.map { "=+-@".unicodeScalars.contains($0) } ?? false
  }
  func skipped(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.generalCategory == .control || properties.isWhitespace
      || properties.isDefaultIgnorableCodePoint
  }
  for scalar in scalars {
    if isFormulaSign(scalar) { return true }
    if !skipped(scalar) { return false }
  }
  return false
}

/// The width of `text` the slow way: the sum of its grapheme clusters' widths.
func clusterWidth(_ text: some StringProtocol) -> Int {
  text.reduce(0) { $0 + DisplayWidth.of($1) }
}

/// Whether no format may carry `scalar` raw: C0 and C1 controls, DEL, bidi overrides and
/// isolates.
func isRawControl(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
    || (0x2066...0x2069).contains(value)
}

/// Whether a terminal must never get `scalar` raw: the raw controls, and also the bidi marks
/// LRM, RLM and ALM and the line and paragraph separators, which the text renderer shows as
/// `\u{…}` or breaks lines at.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  return isRawControl(scalar) || value == 0x200E || value == 0x200F || value == 0x061C
    || value == 0x2028 || value == 0x2029
}

/// The `href` a link to `url` should get, or `nil` when the default policy (http, https,
/// mailto and relative URLs) refuses it.
///
/// The URL as a browser reads it (surrounding C0 controls and spaces stripped, tabs and line
/// breaks removed); the renderer's `href` is this URL percent-encoded where a URL may not hold a
/// character (`hrefMatches` in the renderers harness decodes and compares).
func referenceHref(_ url: String) -> String? {
  var scalars = Array(url.unicodeScalars)
  while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
  while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
  scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
  let browserURL = String(String.UnicodeScalarView(scalars))
  // The scheme: a letter, then letters, digits, + - or ., up to the first colon.
  var scheme: String? = nil
  for (index, scalar) in scalars.enumerated() {
    if scalar == ":" {
      if index > 0 { scheme = String(String.UnicodeScalarView(scalars[..<index])).lowercased() }
      break
    }
    let isLetter = scalar.isASCII && scalar.properties.isAlphabetic
    let isOther =
      scalar.isASCII
      && (scalar.properties.numericType != nil || "+-.".unicodeScalars.contains(scalar))
    if !(isLetter || (index > 0 && isOther)) { break }
  }
  if let scheme { return ["http", "https", "mailto"].contains(scheme) ? browserURL : nil }
  // `//host` and `\\host` lead to another host: allowed with http(s), which the policy has.
  return browserURL
}
