// The references shared by several harnesses, and the two rules that are being changed: the
// CSV formula guard (`referenceCSVGuards`) and the HTML link href (`referenceHref`).

@testable import TableRender

/// Whether the formula guard puts `'` before `text`.
///
/// THE RULE UNDER CHANGE (wt-escaping): today a field whose first character is `=`, `+`, `-`,
/// `@`, tab or CR. When the guard learns to skip what a spreadsheet skips, change only this.
func referenceCSVGuards(_ text: String) -> Bool {
  guard let first = text.unicodeScalars.first else { return false }
  return ["=", "+", "-", "@", "\t", "\r"].contains(first)
}

/// The width of `text` the slow way: the sum of its grapheme clusters' widths.
func clusterWidth(_ text: some StringProtocol) -> Int {
  text.reduce(0) { $0 + DisplayWidth.of($1) }
}

/// Whether a terminal must never get `scalar` raw.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
    || (0x2066...0x2069).contains(value)
}

/// The `href` a link to `url` should get, or `nil` when the default policy (http, https,
/// mailto and relative URLs) refuses it.
///
/// THE RULE UNDER CHANGE (wt-escaping): the URL as a browser reads it (surrounding C0 controls
/// and spaces stripped, tabs and line breaks removed). When hrefs are percent-encoded, change
/// the returned value here.
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
