import TableRender
import Testing

@Suite struct XLSXEscapingTests {
  private func escaped(_ text: String) -> String {
    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    XLSXEscaping.write(text, into: &output)
    output.flush()
    return String(decoding: collector.bytes, as: UTF8.self)
  }

  @Test(arguments: [
    ("plain", "plain"), ("a & b < c > d", "a &amp; b &lt; c &gt; d"),
    ("\u{1}x\u{1F}", "_x0001_x_x001F_"), ("nul\u{0}", "nul_x0000_"), ("a\rb", "a&#13;b"),
    ("tab\tline\n", "tab\tline\n"), ("_x0041_", "_x005F_x0041_"), ("_x00ff_", "_x005F_x00ff_"),
    ("_x004g_", "_x004g_"), ("_X0041_", "_X0041_"), ("_x0041", "_x0041"),
    ("\u{FFFE}\u{FFFF}\u{FFFD}", "_xFFFE__xFFFF_\u{FFFD}"), ("=1+2", "=1+2"), ("😀", "😀"),
    ("\u{7F}\u{85}", "\u{7F}\u{85}"),
  ])
  func escapesWhatXMLCannotHold(text: String, expected: String) {
    #expect(escaped(text) == expected)
  }

  /// The white space that asks for `xml:space="preserve"` is Unicode's White_Space property
  /// (and Python's `\s` in ASCII), at either end, whatever the scalar's UTF-8 length.
  @Test func whiteSpaceAtEitherEndIsUnicodes() {
    for value in UInt32(0)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value), value != 0 else { continue }
      let expected = scalar.properties.isWhitespace || (0x1C...0x1F).contains(value)
      let text = String(scalar)
      #expect(XLSXEscaping.needsPreserve(text) == expected, "U+\(String(value, radix: 16))")
      #expect(element("x" + text) == expected, "x U+\(String(value, radix: 16))")
      #expect(element(text + "é") == expected, "U+\(String(value, radix: 16)) é")
    }
  }

  /// The empty text is an empty element (a mark on an empty cell, an empty text cell).
  @Test func theEmptyTextIsAnEmptyElement() {
    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    XLSXEscaping.writeElement("", into: &output)
    output.flush()
    #expect(String(decoding: collector.bytes, as: UTF8.self) == "<t></t>")
  }

  /// Whether ``XLSXEscaping/writeElement(_:into:)`` writes `xml:space="preserve"` for `text`.
  private func element(_ text: String) -> Bool {
    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    XLSXEscaping.writeElement(text, into: &output)
    output.flush()
    return String(decoding: collector.bytes, as: UTF8.self).hasPrefix("<t xml:space")
  }
}
