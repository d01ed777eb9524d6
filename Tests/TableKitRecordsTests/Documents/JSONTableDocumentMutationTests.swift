import TableKitRecords
import TableKitTestSupport
import Testing

@Suite struct JSONTableDocumentMutationTests {
  /// Bytes that matter to the reader's state machines: structure, quotes, escapes, number parts,
  /// UTF-8 lead and continuation bytes, controls.
  static let interestingBytes: [UInt8] =
    Array(#"{}[],:"\/ubfnrt0123456789-+.eE"#.utf8) + [
      0x00, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF,
    ]

  @Test(arguments: 0..<4)
  func damagedDocumentsReadOrFailWithAPlaceInsideTheInputNeverTrap(seed: UInt64) throws {
    var writer = RandomJSONTableWriter(generator: SeededGenerator(state: 1000 + seed))
    var generator = SeededGenerator(state: seed)
    var failures = 0
    for _ in 0..<400 {
      var bytes = Array(writer.document().json.utf8)
      for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        let byte = Self.interestingBytes.randomElement(using: &generator) ?? 0
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[at] = byte
        case 1: bytes.insert(byte, at: at)
        case 2: bytes.remove(at: at)
        default: bytes.removeLast(Int.random(in: 0...(bytes.count - at), using: &generator))
        }
      }
      // Read whole and in chunks, the two ways agree on what is wrong.
      var chunking = SeededGenerator(state: generator.next())
      let streamed = Result { () throws(JSONTableError) in
        try readDocumentInChunks(bytes, maximumChunk: 8, using: &chunking)
      }
      do {
        let document = try JSONTableDocument(parsing: bytes, path: "damaged.json")
        #expect(try streamed.get() == document)
      } catch {
        guard case .failure(let streamedError) = streamed else {
          Issue.record("read in chunks, but whole: \(error)")
          continue
        }
        #expect(streamedError.reason == error.reason)
        failures += 1
        if let position = error.position {
          #expect((0...bytes.count).contains(position.byteOffset), "\(error)")
          #expect(position.line >= 1 && position.column >= 1, "\(error)")
          #expect(position.column <= position.byteOffset + 1, "\(error)")
        }
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "\(error)")
      }
    }
    #expect(failures > 100)
  }
}
