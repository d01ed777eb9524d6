// Fuzzes the four escapers (HTML, Markdown, CSV, terminal) against slow reference
// implementations written from their documented rules, and checks what their output promises:
// HTML and Markdown read back to the input, a CSV field re-parses to the input, and no escaper
// lets through a character its format must not get raw.
//
// Input: one byte of options (formula guard, quoting, tab width), one byte of chunk size, then
// the text.

@testable import TableRender

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEscapers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let options = input.byte()
  let chunkSize = 256 + input.choice(256)
  let text = input.rest()
  checkHTML(text, chunkSize: chunkSize)
  checkMarkdown(text, chunkSize: chunkSize)
  checkCSV(
    text, guardsFormulas: options & 1 == 1, quotesSurroundingSpaces: options & 2 == 2,
    chunkSize: chunkSize)
  checkTerminal(text, tabWidth: Int(options >> 2))
  return 0
}

// MARK: - HTML

/// Whether HTML forbids `scalar` in a document (written as U+FFFD): the C0 controls but TAB, LF
/// and CR, DEL, the C1 controls and the noncharacters.
private func referenceHTMLForbids(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  if value == 0x09 || value == 0x0A || value == 0x0D { return false }
  if value <= 0x1F || (0x7F...0x9F).contains(value) { return true }
  if (0xFDD0...0xFDEF).contains(value) { return true }
  return value & 0xFFFF == 0xFFFE || value & 0xFFFF == 0xFFFF
}

/// HTML escaping, one scalar at a time, from the rules in `HTMLEscaping`'s documentation.
private func referenceHTML(_ text: String) -> String {
  let scalars = Array(text.unicodeScalars)
  var result = ""
  for (index, scalar) in scalars.enumerated() {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    case "\r":
      // CR LF becomes LF (the LF is written next); a lone CR becomes LF.
      if index + 1 < scalars.count && scalars[index + 1] == "\n" { continue }
      result += "\n"
    default:
      if referenceHTMLForbids(scalar) {
        result += "\u{FFFD}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result
}

/// Reads escaped HTML text back, failing on anything that could be markup or a reference the
/// escaper does not write.
private func readBackHTML(_ escaped: String, input: String) -> [Unicode.Scalar] {
  let entities: [(String, Unicode.Scalar)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
  ]
  let scalars = Array(escaped.unicodeScalars)
  var result: [Unicode.Scalar] = []
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    switch scalar {
    case "&":
      guard let (entity, decoded) = entities.first(where: { scalars.has($0.0, at: index) }) else {
        fail("HTML: an & that starts no entity the escaper writes", [input, escaped])
      }
      result.append(decoded)
      index += entity.unicodeScalars.count
      continue
    case "<", ">", "\"", "'", "\r":
      fail("HTML: a raw markup character or CR in escaped text", [input, escaped])
    default:
      if referenceHTMLForbids(scalar) {
        fail("HTML: a forbidden character in escaped text", [input, escaped])
      }
      result.append(scalar)
    }
    index += 1
  }
  return result
}

private func checkHTML(_ text: String, chunkSize: Int) {
  let escaped = collect(chunkSize: chunkSize) { $0.writeEscapedHTML(text) }
  expectEqual(escaped, referenceHTML(text), "HTML escaping differs from the reference", input: text)
  expectEqual(HTMLEscaping.escape(text), escaped, "HTMLEscaping.escape differs", input: text)
  let expected = normalizingLineBreaks(text).map { referenceHTMLForbids($0) ? "\u{FFFD}" : $0 }
  expectEqual(
    readBackHTML(escaped, input: text), expected, "HTML does not read back to the input",
    input: text)
  for scalar in text.unicodeScalars where scalar != "\r" {
    expectEqual(
      HTMLEscaping.isForbidden(scalar), referenceHTMLForbids(scalar),
      "HTMLEscaping.isForbidden differs", input: scalar)
  }
}

// MARK: - Markdown

/// Whether GFM trims `scalar` at the ends of a cell: white space other than a line break.
private func isMarkdownTrimmable(_ scalar: Unicode.Scalar) -> Bool {
  scalar != "\n" && scalar != "\r" && scalar.properties.isWhitespace
}

/// ASCII punctuation that always gets a backslash.
private let markdownBackslashed: Set<Unicode.Scalar> = [
  "\\", "`", "*", "_", "~", "[", "]", "(", ")", "!", "#", "$", "|",
]

/// Markdown escaping, one scalar at a time, from the rules in `MarkdownEscaping`'s
/// documentation.
private func referenceMarkdown(_ text: String) -> String {
  let scalars = Array(text.unicodeScalars)
  var start = 0
  while start < scalars.count && isMarkdownTrimmable(scalars[start]) { start += 1 }
  var end = scalars.count
  while end > start && isMarkdownTrimmable(scalars[end - 1]) { end -= 1 }
  var result = ""
  var index = 0
  func reference(_ value: UInt32) -> String { "&#x" + hexDigits(value) + ";" }
  while index < scalars.count {
    let scalar = scalars[index]
    let value = scalar.value
    let atEdge = index < start || index >= end
    let previous = index > 0 ? scalars[index - 1] : nil
    defer { index += 1 }
    switch scalar {
    case "\n":
      result += "<br>"
    case "\r":
      result += "<br>"
      if index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
    case "\0":
      result += reference(0xFFFD)
    case _ where value < 0x20 || value == 0x7F:
      result += reference(value)
    case _
    where (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value):
      result += reference(value)
    case _ where atEdge:
      // Only trimmable white space lies outside the content.
      result += reference(value)
    case _ where markdownBackslashed.contains(scalar):
      result += "\\" + String(scalar)
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "&": result += "&amp;"
    case ":":
      let beforeSlashes =
        index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
      result += beforeSlashes ? "\\:" : ":"
    case ".":
      let afterWWW =
        index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
      result += afterWWW ? "\\." : "."
    case "@":
      let endsAddress =
        previous.map {
          $0.isASCII && ($0.properties.isAlphabetic || "0123456789.+-_".unicodeScalars.contains($0))
        }
        ?? false
      result += endsAddress ? "<!-- -->@" : "@"
    default:
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// Reads escaped Markdown inline text back as GFM would, failing on anything raw that could be
/// syntax.
private func readBackMarkdown(_ escaped: String, input: String) -> [Unicode.Scalar] {
  var result: [Unicode.Scalar] = []
  let scalars = Array(escaped.unicodeScalars)
  var index = 0
  func report(_ why: String) -> Never { fail("Markdown: \(why)", [input, escaped]) }
  while index < scalars.count {
    let scalar = scalars[index]
    switch scalar {
    case "\\":
      guard index + 1 < scalars.count,
        "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalars[index + 1])
      else { report("a backslash before no ASCII punctuation") }
      result.append(scalars[index + 1])
      index += 2
    case "<":
      if scalars.has("<br>", at: index) {
        result.append("\n")
        index += 4
      } else if scalars.has("<!-- -->", at: index) {
        guard index + 8 < scalars.count, scalars[index + 8] == "@" else {
          report("an empty comment not before @")
        }
        index += 8
      } else {
        report("a raw <")
      }
    case "&":
      if scalars.has("&lt;", at: index) {
        result.append("<")
        index += 4
      } else if scalars.has("&gt;", at: index) {
        result.append(">")
        index += 4
      } else if scalars.has("&amp;", at: index) {
        result.append("&")
        index += 5
      } else if scalars.has("&#x", at: index) {
        var value: UInt32 = 0
        var next = index + 3
        // Uppercase hexadecimal digits, as the escaper writes them.
        while next < scalars.count, "0123456789ABCDEF".unicodeScalars.contains(scalars[next]),
          let digit = UInt32(String(scalars[next]), radix: 16), value < 0x11_0000
        {
          value = value * 16 + digit
          next += 1
        }
        guard next < scalars.count, scalars[next] == ";", next > index + 3,
          let decoded = Unicode.Scalar(value)
        else { report("a malformed character reference") }
        result.append(decoded)
        index = next + 1
      } else {
        report("a raw & that starts no reference")
      }
    default:
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      {
        report("a raw control character")
      }
      if markdownBackslashed.contains(scalar) || scalar == ">" {
        report("raw syntax character \(scalar)")
      }
      result.append(scalar)
      index += 1
    }
  }
  return result
}

private func checkMarkdown(_ text: String, chunkSize: Int) {
  let escaped = collect(chunkSize: chunkSize) { MarkdownEscaping.write(text, into: &$0) }
  expectEqual(
    escaped, referenceMarkdown(text), "Markdown escaping differs from the reference", input: text)
  let expected = normalizingLineBreaks(text).map { $0 == "\0" ? "\u{FFFD}" : $0 }
  expectEqual(
    readBackMarkdown(escaped, input: text), expected, "Markdown does not read back to the input",
    input: text)
}

// MARK: - CSV

/// One RFC 4180 field, from the rules in `CSVEscaping`'s documentation.
func referenceCSVField(
  _ text: String, guardsFormulas: Bool, quotesSurroundingSpaces: Bool
) -> String {
  let scalars = text.unicodeScalars
  guard let first = scalars.first, let last = scalars.last else { return "" }
  let special: Set<Unicode.Scalar> = [",", "\"", "\r", "\n"]
  let needsQuotes =
    scalars.contains { special.contains($0) }
    || (quotesSurroundingSpaces && (first == " " || first == "\t" || last == " " || last == "\t"))
  var body = guardsFormulas && referenceCSVGuards(text) ? "'" : ""
  for scalar in scalars {
    body.unicodeScalars.append(scalar)
    if scalar == "\"" { body += "\"" }
  }
  return needsQuotes ? "\"" + body + "\"" : body
}

/// Parses `field` as exactly one RFC 4180 field (no record separators around it).
private func parseCSVField(_ field: String, input: String) -> String {
  let scalars = Array(field.unicodeScalars)
  guard scalars.first == "\"" else {
    if scalars.contains(where: { [",", "\"", "\r", "\n"].contains($0) }) {
      fail("CSV: an unquoted field holds a comma, quote or line break", [input, field])
    }
    return field
  }
  var result = String.UnicodeScalarView()
  var index = 1
  while index < scalars.count {
    if scalars[index] == "\"" {
      if index + 1 < scalars.count && scalars[index + 1] == "\"" {
        result.append("\"")
        index += 2
        continue
      }
      guard index == scalars.count - 1 else {
        fail("CSV: text after a field's closing quote", [input, field])
      }
      return String(result)
    }
    result.append(scalars[index])
    index += 1
  }
  fail("CSV: a quoted field is not closed", [input, field])
}

private func checkCSV(
  _ text: String, guardsFormulas: Bool, quotesSurroundingSpaces: Bool, chunkSize: Int
) {
  let field = collect(chunkSize: chunkSize) {
    CSVEscaping.writeField(
      text, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
      into: &$0)
  }
  let expected = referenceCSVField(
    text, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces)
  expectEqual(field, expected, "CSV field differs from the reference", input: text)
  let guarded = guardsFormulas && referenceCSVGuards(text)
  expectEqual(
    parseCSVField(field, input: text), (guarded ? "'" : "") + text,
    "CSV field does not parse back to the input", input: text)
}

// MARK: - Terminal

/// The visible form of a control scalar, or `nil` for one printed as it is.
private func referenceVisibleForm(_ scalar: Unicode.Scalar) -> String? {
  let value = scalar.value
  switch value {
  case 0x00...0x1F: return "^" + String(UnicodeScalar(UInt8(value + 0x40)))
  case 0x7F: return "^?"
  case _ where isTerminalControl(scalar): return "\\u{" + hexDigits(value) + "}"
  default: return nil
  }
}

/// Terminal escaping from the rules in `TerminalEscaping`'s documentation: controls in caret
/// notation or as `\u{…}`, tabs to the next stop.
///
/// The column a tab starts from is the sum of the widths of what each earlier character became,
/// each measured on its own. (Measuring the output line as a whole differs when a combining
/// mark follows a control: `"\u{0}\u{302E}"` becomes `^@` then U+302E, which joins the `@` in
/// the output. That is a known limit of showing controls inline, not checked here.)
private func referenceTerminal(_ text: String, tabWidth: Int) -> String {
  var result = ""
  var column = 0
  for character in text {
    if character == "\t" {
      let stop = tabWidth > 0 ? tabWidth - column % tabWidth : 0
      result += String(repeating: " ", count: stop)
      column += stop
      continue
    }
    var piece = ""
    for scalar in character.unicodeScalars {
      if let visible = referenceVisibleForm(scalar) {
        piece += visible
      } else {
        piece.unicodeScalars.append(scalar)
      }
    }
    result += piece
    column += clusterWidth(piece)
  }
  return result
}

private func checkTerminal(_ text: String, tabWidth: Int) {
  let escaped = TerminalEscaping.escape(text, tabWidth: tabWidth)
  if let raw = escaped.unicodeScalars.first(where: isTerminalControl) {
    fail("terminal: a raw control character reaches the terminal", [text, escaped, raw])
  }
  expectEqual(
    escaped, referenceTerminal(text, tabWidth: tabWidth),
    "terminal escaping differs from the reference", input: text)
}
