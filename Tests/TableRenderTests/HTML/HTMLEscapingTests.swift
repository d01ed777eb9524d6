import TableKit
import TableKitTestSupport
import TableRender
import Testing

/// One input of the escaper and what it must write, shown with its controls spelled out.
struct EscapeCase: CustomTestStringConvertible, Sendable {
  var input: String
  var expected: String

  init(_ input: String, _ expected: String) {
    self.input = input
    self.expected = expected
  }

  var testDescription: String {
    input.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
  }
}

/// The documented mapping, spelled out scalar by scalar, to check the byte-level escaper against.
private func referenceEscape(_ text: String) -> String {
  var result = ""
  let scalars = Array(text.unicodeScalars)
  for (index, scalar) in scalars.enumerated() {
    switch scalar.value {
    case 0x26: result += "&amp;"
    case 0x3C: result += "&lt;"
    case 0x3E: result += "&gt;"
    case 0x22: result += "&quot;"
    case 0x27: result += "&#39;"
    case 0x09, 0x0A: result.unicodeScalars.append(scalar)
    case 0x0D:
      // CR LF becomes LF (written when the LF comes), a lone CR becomes LF.
      if index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
      result += "\n"
    case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: result += "\u{FFFD}"
    case let value where value & 0xFFFE == 0xFFFE: result += "\u{FFFD}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// A string of the scalars with the given values (invalid values are left out).
private func scalars(_ values: UInt32...) -> String {
  String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
}

@Suite struct HTMLEscapingTests {
  /// A text past `HTMLEscaping.longestInPlace` is escaped run by run, a short one in one raw
  /// write: the two ways give the same bytes.
  @Test func aLongTextIsEscapedAsItsPiecesAre() {
    let piece = "a<b&\"c\r\n\u{7}\u{85}é'\u{FFFF}>"
    let long = String(repeating: piece, count: 1_000)
    #expect(long.utf8.count > HTMLEscaping.longestInPlace)
    #expect(piece.utf8.count <= HTMLEscaping.longestInPlace)
    let escapedPiece = HTMLEscaping.escape(piece)
    #expect(escapedPiece == "a&lt;b&amp;&quot;c\n\u{FFFD}\u{FFFD}é&#39;\u{FFFD}&gt;")
    #expect(HTMLEscaping.escape(long) == String(repeating: escapedPiece, count: 1_000))
  }

  static let markup: [EscapeCase] = [
    EscapeCase("&", "&amp;"),
    EscapeCase("<", "&lt;"),
    EscapeCase(">", "&gt;"),
    EscapeCase("\"", "&quot;"),
    EscapeCase("'", "&#39;"),
    EscapeCase("&amp; &#x3C; &unknown;", "&amp;amp; &amp;#x3C; &amp;unknown;"),
    EscapeCase("</td></tr></table>", "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;"),
    EscapeCase("plain text stays", "plain text stays"),
    EscapeCase("", ""),
  ]

  /// Line breaks: the parser turns CR LF and a lone CR into LF, so the escaper does it first.
  static let lineBreaks: [EscapeCase] = [
    EscapeCase("a\tb\nc", "a\tb\nc"),
    EscapeCase("a\r\nb", "a\nb"),
    EscapeCase("a\rb", "a\nb"),
    EscapeCase("\r", "\n"),
    EscapeCase("a\r", "a\n"),
    EscapeCase("\r\r\n", "\n\n"),
    EscapeCase("\n\r", "\n\n"),
    EscapeCase("\r\n\r\n", "\n\n"),
  ]

  /// Characters HTML forbids or a parser drops become U+FFFD; their neighbours stay.
  static let forbidden: [EscapeCase] = [
    EscapeCase("\u{0}", "\u{FFFD}"),
    EscapeCase("nul\u{0}nul", "nul\u{FFFD}nul"),
    EscapeCase("\u{1}\u{7}\u{8}", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    EscapeCase("\u{B}", "\u{FFFD}"),
    EscapeCase("\u{C}", "\u{FFFD}"),
    EscapeCase("\u{1B}[31mred", "\u{FFFD}[31mred"),
    EscapeCase("\u{1F}", "\u{FFFD}"),
    EscapeCase("\u{7E}\u{7F}", "\u{7E}\u{FFFD}"),
    EscapeCase("\u{80}", "\u{FFFD}"),
    EscapeCase("\u{9B}31m", "\u{FFFD}31m"),
    EscapeCase("\u{9F}\u{A0}\u{BF}é", "\u{FFFD}\u{A0}\u{BF}é"),
    // Swift refuses U+FDD0–U+FDEF in literals, so these are built from their values.
    EscapeCase(scalars(0xFDCF, 0xFDD0), "\u{FDCF}\u{FFFD}"),
    EscapeCase(scalars(0xFDDF, 0xFDEF, 0xFDF0), "\u{FFFD}\u{FFFD}\u{FDF0}"),
    EscapeCase("\u{FFFD}\u{FFFE}\u{FFFF}", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    EscapeCase("\u{FEFF}\u{FFFC}", "\u{FEFF}\u{FFFC}"),
    EscapeCase("\u{1FFFD}\u{1FFFE}\u{1FFFF}", "\u{1FFFD}\u{FFFD}\u{FFFD}"),
    EscapeCase("\u{2FFFE}\u{EFFFF}\u{FFFFE}", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    EscapeCase("\u{10FFFD}\u{10FFFE}\u{10FFFF}", "\u{10FFFD}\u{FFFD}\u{FFFD}"),
    EscapeCase("\u{1F600}\u{1EFFE}\u{1FFBE}", "\u{1F600}\u{1EFFE}\u{1FFBE}"),
    EscapeCase("\u{F0000}", "\u{F0000}"),
  ]

  /// Bidirectional overrides and isolates are text: kept, and they cannot become markup.
  static let bidi: [EscapeCase] = [
    EscapeCase("\u{202E}txt.exe\u{202C}", "\u{202E}txt.exe\u{202C}"),
    EscapeCase("\u{2066}<b>\u{2069}", "\u{2066}&lt;b&gt;\u{2069}"),
    EscapeCase("\u{200F}\u{061C}", "\u{200F}\u{061C}"),
  ]

  @Test(arguments: markup + lineBreaks + forbidden + bidi)
  func escapesByTheDocumentedMapping(_ example: EscapeCase) {
    #expect(HTMLEscaping.escape(example.input) == example.expected)
    #expect(referenceEscape(example.input) == example.expected)
  }

  @Test(arguments: forbidden)
  func theForbiddenPredicateAgreesWithTheEscaper(_ example: EscapeCase) {
    for scalar in example.input.unicodeScalars {
      let replaced = HTMLEscaping.escape(String(scalar)) == "\u{FFFD}" && scalar != "\u{FFFD}"
      #expect(HTMLEscaping.isForbidden(scalar) == replaced, "U+\(scalar.value)")
    }
  }

  @Test func agreesWithTheReferenceOnRandomText() {
    // Every boundary of the byte checks, plus clean ASCII and multi-byte neighbours.
    let boundaries: [Unicode.Scalar] = [
      "a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}",
      "\u{80}", "\u{9F}", "\u{A0}", "\u{BF}", "\u{C0}", "é", "\u{7FF}", "\u{800}", "\u{EFFF}",
      "\u{F000}", "\u{FDCF}", "\u{FDF0}", "\u{FFFD}", "\u{FFFE}",
      "\u{FFFF}", "\u{10000}", "\u{1FFFD}", "\u{1FFFE}", "\u{1FFFF}", "\u{3FFFF}",
      "\u{4FFFE}", "\u{10FFFD}", "\u{10FFFE}", "\u{10FFFF}", "\u{1F600}", "\u{202E}",
    ]
    let alphabet = boundaries + scalars(0xFDD0, 0xFDEF).unicodeScalars
    var generator = SeededGenerator(state: 2_026)
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...24, using: &generator) {
        text.append(alphabet[Int.random(in: alphabet.indices, using: &generator)])
      }
      let string = String(text)
      #expect(HTMLEscaping.escape(string) == referenceEscape(string))
    }
  }

  @Test func exactlyTheBytesThatMayNeedWorkGetACloserLook() {
    // F5 through FF never occur in UTF-8, so they need no look either.
    let markup: Set<UInt8> = [0x22, 0x26, 0x27, 0x3C, 0x3E]
    for byte in UInt8.min...UInt8.max {
      let expected =
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || markup.contains(byte) || byte == 0x7F
        || byte == 0xC2 || byte == 0xEF || (0xF0...0xF4).contains(byte)
      #expect(HTMLEscaping.needsAttention(byte) == expected, "byte \(byte)")
    }
  }

  @Test func classNamesKeepOnlySafeCharacters() {
    #expect(HTMLEscaping.className("phone-number") == "phone-number")
    #expect(HTMLEscaping.className("a b\"c<d") == "a-b-c-d")
    #expect(HTMLEscaping.className("Zoë") == "Zo-")
    #expect(HTMLEscaping.className("") == "default")
  }
}
