import Foundation
import TableRender
import Testing

/// Checks `DisplayWidth` by hand and against the fixtures `Scripts/width-fixture.py` writes.
@Suite struct DisplayWidthTests {
  /// One line of a fixture: the text, the width it should have, and where it came from.
  struct Case: CustomStringConvertible {
    /// The text to measure.
    var text: String
    /// The width `DisplayWidth.of` should give.
    var width: Int
    /// The code points as written in the fixture, to name the case in failures.
    var codePoints: String
    /// The fixture file and line number.
    var location: String

    /// The case as it appears in failure messages.
    var description: String { "[\(codePoints)] at \(location)" }
  }

  /// Hand-picked strings from each rule, written as they read.
  @Test func measuresReadableExamples() {
    #expect(DisplayWidth.of("") == 0)
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("日本") == 4)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("🇯🇵") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("❤️") == 2)
    #expect(DisplayWidth.of("❤") == 1)
    #expect(DisplayWidth.of("Zoë Café") == 8)
    #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
    #expect(DisplayWidth.of("\u{301}") == 0)
    #expect(DisplayWidth.of("a\u{200B}b") == 2)
    #expect(DisplayWidth.of("ｶﾞ") == 2)
    #expect(DisplayWidth.of("\u{915}\u{93F}") == 2)
  }

  /// The `Character` overload measures one grapheme cluster.
  @Test func measuresSingleCharacters() {
    #expect(DisplayWidth.of(Character("a")) == 1)
    #expect(DisplayWidth.of(Character("日")) == 2)
    #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    #expect(DisplayWidth.of(Character("1️⃣")) == 2)
    #expect(DisplayWidth.of(Character("\u{FEFF}")) == 0)
  }

  /// C0, DEL and C1 controls count as 0, on both the fast path and the cluster path.
  @Test func controlCharactersTakeNoColumns() {
    #expect(DisplayWidth.of("\u{0}") == 0)
    #expect(DisplayWidth.of("\u{7}") == 0)
    #expect(DisplayWidth.of("\u{1B}[31m") == 4)
    #expect(DisplayWidth.of("a\u{7F}b") == 2)
    #expect(DisplayWidth.of("\u{85}") == 0)
    #expect(DisplayWidth.of("é\u{9B}") == 1)
    #expect(DisplayWidth.of("\r\n") == 0)
  }

  /// Every case of `display-width.tsv` has the width wcwidth gives it.
  @Test func matchesWcwidthFixture() throws {
    let cases = try Self.cases(in: "display-width.tsv")
    #expect(cases.count > 3000, "the fixture looks truncated")
    for testCase in cases {
      let width = DisplayWidth.of(testCase.text)
      #expect(width == testCase.width, "\(testCase): got \(width), wcwidth says \(testCase.width)")
    }
  }

  /// Every case of `display-width-differences.tsv` has the width recorded there, not wcwidth's.
  @Test func keepsRecordedDifferencesFromWcwidth() throws {
    let cases = try Self.cases(in: "display-width-differences.tsv")
    #expect(!cases.isEmpty)
    for testCase in cases {
      let width = DisplayWidth.of(testCase.text)
      #expect(width == testCase.width, "\(testCase): got \(width), expected \(testCase.width)")
    }
  }

  /// Measuring a string gives the sum of its clusters, whether or not the fast path is taken.
  @Test func fastPathAgreesWithClusterSum() throws {
    let cases =
      try Self.cases(in: "display-width.tsv") + Self.cases(in: "display-width-differences.tsv")
    for testCase in cases {
      let clusterSum = testCase.text.reduce(0) { $0 + DisplayWidth.of($1) }
      #expect(DisplayWidth.of(testCase.text) == clusterSum, "\(testCase)")
      Self.expectOnePassMeasure(of: testCase.text, clusterSum: clusterSum)
    }
  }

  /// The one-pass terminal measure asks for escaping exactly when the escaper would escape, and
  /// otherwise gives the cluster sum or asks for the clusters to be measured.
  static func expectOnePassMeasure(of text: String, clusterSum: Int) {
    let codePoints = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
    // The escaper changes exactly the texts that hold something to escape (tabs and line
    // breaks included).
    let isSafe = TerminalEscaping.escape(text) == text
    // Text said to fit within its byte count needs no escaping and is no wider than that.
    if TerminalMeasure.fits(text, within: text.utf8.count) {
      #expect(isSafe && clusterSum <= text.utf8.count, "\(codePoints)")
    }
    switch TerminalMeasure.of(text) {
    case .needsEscaping:
      #expect(!isSafe, "\(codePoints)")
    case .needsClusters:
      #expect(isSafe, "\(codePoints)")
    case .width(let width):
      #expect(isSafe, "\(codePoints)")
      #expect(width == clusterSum, "\(codePoints)")
    }
  }

  /// Anything that may need escaping is measured, however short.
  @Test(arguments: ["a\tb", "a\nb", "\u{1B}[", "a\u{7F}", "\u{85}", "\u{202E}x", "x\u{2066}"])
  func textThatMayNeedEscapingIsNeverSaidToFit(text: String) {
    #expect(!TerminalMeasure.fits(text, within: 100))
  }

  @Test func plainTextFitsWithinItsByteCountButNotLess() {
    for text in ["plain", "José", "山田", "👍🏽", "🇯🇵", "e\u{301}"] {
      #expect(TerminalMeasure.fits(text, within: text.utf8.count))
      #expect(!TerminalMeasure.fits(text, within: text.utf8.count - 1))
    }
  }

  /// Names like the benchmark's (accents, a combining mark, CJK, Hangul, Greek, Cyrillic) take
  /// the one-pass width, not the cluster walk.
  @Test(arguments: [
    ("José García", 11), ("Chloe\u{301} Ångström", 14), ("山田 太郎", 9), ("김민준 Nguyễn", 13),
    ("Ελένη Dvořák", 12), ("Иван 佐藤", 9), ("O'Brien", 7),
  ])
  func namesAreMeasuredInOnePass(text: String, width: Int) {
    #expect(TerminalMeasure.of(text) == .width(width))
  }

  /// Random strings of scalars that join in every way UAX #29 allows measure the same through
  /// the string shortcuts as cluster by cluster.
  @Test func shortcutsAgreeWithClusterSumOnJoiningScalars() {
    let pool: [UInt32] = [
      0x61, 0x20, 0x0D, 0x0A, 0xE9, 0x9B, 0x2FF, 0x301, 0x20E3, 0x200B, 0x200C, 0x200D,
      0xFE0E, 0xFE0F, 0x1F1EF, 0x1F1F5, 0x1F3FB, 0x1F468, 0x1F308, 0x1F3F4, 0xE0067, 0xE007F,
      0x2764, 0x261D, 0x65E5, 0x3000, 0x1100, 0x115F, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0xA960,
      0xFF76, 0xFF9E, 0xFF21, 0x915, 0x94D, 0x93F, 0x937, 0xE01, 0xE33, 0x600, 0xD4E,
      0x302E, 0x16FF0, 0x309B, 0x30FC, 0x2026, 0x430, 0x5D0, 0x11A8, 0xD7B0,
      // Characters the terminal escaper shows visibly: ESC, tab, DEL, C1, bidi controls.
      0x1B, 0x09, 0x7F, 0x85, 0x202A, 0x202E, 0x2066, 0x2069,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    for _ in 0..<20_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0...next(8) {
        if let scalar = Unicode.Scalar(pool[next(pool.count)]) { scalars.append(scalar) }
      }
      let text = String(scalars)
      let clusterSum = text.reduce(0) { $0 + DisplayWidth.of($1) }
      let codePoints = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
      #expect(DisplayWidth.of(text) == clusterSum, "\(codePoints)")
      Self.expectOnePassMeasure(of: text, clusterSum: clusterSum)
    }
  }

  /// The cases in the fixture file `name`, skipping blank lines and comments (`#`).
  ///
  /// - Parameter name: The file name inside `Tests/TableRenderTests/Fixtures`.
  /// - Returns: One case for each data line, in file order.
  /// - Throws: When the file cannot be read or a line is malformed.
  static func cases(in name: String) throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Text
      .deletingLastPathComponent()  // TableRenderTests
      .appendingPathComponent("Fixtures")
      .appendingPathComponent(name)
    let contents = try String(contentsOf: url, encoding: .utf8)
    var cases: [Case] = []
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where !line.isEmpty && !line.hasPrefix("#") {
      let location = "\(name):\(index + 1)"
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2, let width = Int(fields[1]) else {
        throw FixtureError(message: "malformed line \(location): \(line)")
      }
      var scalars = String.UnicodeScalarView()
      for hex in fields[0].split(separator: " ") {
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
          throw FixtureError(message: "bad code point \(hex) at \(location)")
        }
        scalars.append(scalar)
      }
      cases.append(
        Case(
          text: String(scalars), width: width, codePoints: String(fields[0]), location: location)
      )
    }
    return cases
  }

  /// A fixture file that cannot be parsed.
  struct FixtureError: Error, CustomStringConvertible {
    /// What is wrong and where.
    var message: String

    /// The message.
    var description: String { message }
  }
}
