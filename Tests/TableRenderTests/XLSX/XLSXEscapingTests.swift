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
}
