import TableKit
import TableRender
import Testing

/// The streaming formats hand their output on while rendering, in chunks of about the buffer's
/// size, each whole UTF-8, instead of building it all first.
@Suite struct StreamingTests {
  static let renderers: [any TableRenderer] = [
    CSVTableRenderer(), MarkdownTableRenderer(), HTMLTableRenderer(),
  ]

  @Test(arguments: renderers)
  func outputReachesTheSinkWhileRendering(_ renderer: any TableRenderer) {
    let rows = (0..<2_000).map { Payment(payee: "Payee, Zoë \($0)", cents: $0, isOpen: false) }
    let table = makePaymentsTable([("All", rows)])
    let sink = ChunkRecordingSink()
    var output = OutputBuffer(sink: sink, chunkSize: 1_024)
    renderer.render(table, into: &output)
    // At least 50 KB came out before the final flush, in block-sized pieces.
    #expect(sink.chunks > 40)
    #expect(sink.largestChunk <= 1_024)
    #expect(sink.brokenChunks == 0)
    output.flush()
    #expect(sink.text == renderer.render(table))
  }
}
