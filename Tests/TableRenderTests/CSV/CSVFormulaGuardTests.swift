import Foundation
import TableKit
import TableRender
import Testing

/// The formula guard's rule, stated the slow way from Unicode's own data (the standard
/// library's scalar properties and Foundation's NFKC): the reference the fast check is held to.
private enum ReferenceRule {
  static let alwaysGuarded: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{0}"]

  /// `=`, `+`, `-`, `@`, or a character whose compatibility form starts with one of them.
  static func isFormulaSign(_ scalar: Unicode.Scalar) -> Bool {
    let folded = String(Character(scalar)).precomposedStringWithCompatibilityMapping
    return folded.unicodeScalars.first.map { "=+-@".unicodeScalars.contains($0) } ?? false
  }

  /// A control, white space or a default-ignorable code point.
  static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.generalCategory == .control || properties.isWhitespace
      || properties.isDefaultIgnorableCodePoint
  }

  static func startsFormula(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    if alwaysGuarded.contains(first) { return true }
    for scalar in text.unicodeScalars {
      if isFormulaSign(scalar) { return true }
      if !isSkipped(scalar) { return false }
    }
    return false
  }
}

@Suite struct CSVFormulaGuardTests {
  @Test(arguments: [
    // What the guard missed before: a line feed or NUL in front of the formula.
    ("\n=1+2", "\"'\n=1+2\""),
    ("\u{0}=1+2", "'\u{0}=1+2"),
    ("\u{0}", "'\u{0}"),
    // Leading whitespace, which Google Sheets trims on import.
    (" =x", "' =x"),
    ("   @SUM(A1)", "'   @SUM(A1)"),
    ("\r\n-1", "\"'\r\n-1\""),
    ("\u{B}\u{C}+1", "'\u{B}\u{C}+1"),
    // Unicode spaces and invisible characters.
    ("\u{A0}=x", "'\u{A0}=x"),
    ("\u{3000}=x", "'\u{3000}=x"),
    ("\u{200B}=x", "'\u{200B}=x"),
    ("\u{FEFF}=x", "'\u{FEFF}=x"),
    ("\u{202E}\u{2066}=x", "'\u{202E}\u{2066}=x"),
    ("\u{85}\u{2028}=x", "'\u{85}\u{2028}=x"),
    // Fullwidth operators, first or after skipped characters.
    ("＝1+2", "'＝1+2"),
    (" ＠x", "' ＠x"),
    ("－1", "'－1"),
    // Issue 21 §4: the small forms, and anything after a soft hyphen.
    ("\u{FE66}1+2", "'\u{FE66}1+2"),
    ("\u{FE62}1", "'\u{FE62}1"),
    (" \u{FE63}1", "' \u{FE63}1"),
    ("\u{200B}\u{FE6B}x", "'\u{200B}\u{FE6B}x"),
    ("\u{AD}=cmd|' /C calc'!A0", "'\u{AD}=cmd|' /C calc'!A0"),
    ("\u{AD}\u{AD}+1", "'\u{AD}\u{AD}+1"),
    // The other NFKC forms of the signs, and other default-ignorable characters.
    ("\u{207C}1", "'\u{207C}1"),
    ("\u{208A}1", "'\u{208A}1"),
    ("\u{2A75}x", "'\u{2A75}x"),
    ("\u{2065}=x", "'\u{2065}=x"),
    ("\u{3164}=x", "'\u{3164}=x"),
    ("\u{FE0F}@x", "'\u{FE0F}@x"),
    ("\u{34F}-1", "'\u{34F}-1"),
    ("\u{E0041}=x", "'\u{E0041}=x"),
    ("\u{1D173}=x", "'\u{1D173}=x"),
  ])
  func guardsFieldsAFormulaHidesBehindSkippedCharacters(_ text: String, _ expected: String) {
    #expect(field(text) == expected)
    #expect(field(text, guard: .off) == (expected.hasPrefix("\"") ? "\"\(text)\"" : text))
  }

  @Test(arguments: [
    "a=b", "'=x", "x-1", "  hello", "\n", " ", "\u{A0}", "é=1", "1+1", "\u{2212}1",
    "\u{1F600}=x", "\u{300}=x", "\u{AD}", "\u{AD}x=1", "\u{FE64}=x", "\u{207B}1",
    "\u{FE61}1",
  ])
  func leavesOtherTextAlone(_ text: String) {
    #expect(field(text) == Self.quotedIfNeeded(text))
  }

  @Test func theFirstByteTableMatchesTheRule() {
    // Every byte that can start a formula, or start a skipped scalar, needs the full check.
    for byte in UInt8.min...UInt8.max {
      let startsSomethingLooked: Bool
      switch byte {
      case 0x00...0x20, 0x2B, 0x2D, 0x3D, 0x40, 0x7F: startsSomethingLooked = true
      case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: startsSomethingLooked = true
      default: startsSomethingLooked = false
      }
      #expect(CSVEscaping.needsFormulaCheck(byte) == startsSomethingLooked, "byte \(byte)")
    }
    // And the lead byte of every skipped or formula-starting scalar is one of them.
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value),
        ReferenceRule.isSkipped(scalar) || ReferenceRule.isFormulaSign(scalar)
      else { continue }
      let lead = String(Character(scalar)).utf8.first ?? 0
      #expect(CSVEscaping.needsFormulaCheck(lead), "U+\(String(value, radix: 16))")
    }
  }

  /// Every scalar: skipped and formula signs exactly as Unicode's data says.
  @Test func theScalarClassesMatchUnicodeData() {
    var wrong: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if CSVEscaping.isSkipped(value) != ReferenceRule.isSkipped(scalar)
        || CSVEscaping.isFormulaStart(value) != ReferenceRule.isFormulaSign(scalar)
      {
        wrong.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
  }

  @Test func theGuardAgreesWithTheReferenceRuleOnGeneratedFields() {
    // Every string of up to three scalars from a pool that mixes skipped characters, formula
    // starts, text and multi-byte scalars.
    let pool: [Unicode.Scalar] = [
      "\u{0}", "\t", "\n", "\r", " ", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{A1}", "\u{61C}",
      "\u{1680}", "\u{2000}", "\u{200B}", "\u{2010}", "\u{2028}", "\u{202F}", "\u{2065}",
      "\u{2066}", "\u{3000}", "\u{3001}", "\u{FEFF}", "\u{FF1D}", "\u{FF0B}", "\u{FF0C}",
      "\u{FF20}", "=", "+", "-", "@", "'", "a", "1", "é", "\u{1F600}", "\u{AD}", "\u{FE66}",
      "\u{FE62}", "\u{FE63}", "\u{E0020}", "\u{207C}",
    ]
    var mismatches: [String] = []
    var checked = 0
    func check(_ text: String) {
      checked += 1
      var copy = text
      let fast = copy.withUTF8 { CSVEscaping.startsFormula($0) }
      if fast != ReferenceRule.startsFormula(text) {
        mismatches.append(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())
      }
    }
    for a in pool {
      check(String(a))
      for b in pool {
        check(String(a) + String(b))
        for c in pool { check(String(a) + String(b) + String(c)) }
      }
    }
    #expect(checked == pool.count * (1 + pool.count * (1 + pool.count)))
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// A plain field as RFC 4180 writes it, for text the guard leaves alone.
  private static func quotedIfNeeded(_ text: String) -> String {
    let needsQuotes = text.unicodeScalars.contains { ",\"\n\r".unicodeScalars.contains($0) }
    return needsQuotes ? "\"\(text)\"" : text
  }

  /// `text` as the one field of a headerless, LF-terminated CSV record.
  private func field(_ text: String, guard formulaGuard: CSVTableRenderer.FormulaGuard = .on)
    -> String
  {
    let renderer = CSVTableRenderer(
      includesHeaderRow: false, lineEnding: .lf, formulaGuard: formulaGuard)
    let dataSource = SectionedDataSource<Any>(
      items: [Cell("", values: [.text(text)])], columns: [ColumnDefinition("Only")])
    return String(renderer.render(TableView(dataSource: dataSource)).dropLast())
  }
}
