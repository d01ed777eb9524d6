import Foundation
import TableKit
import TableKitNavigation
import Testing

@Suite struct Base64URLTests {
  /// Foundation's standard Base64 turned into the unpadded URL-safe form: an oracle written by
  /// someone else.
  static func oracle(_ bytes: [UInt8]) -> String {
    String(
      Data(bytes).base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }
        .filter { $0 != "=" })
  }

  @Test func rfc4648TestVectorsUnpadded() throws {
    let vectors = [
      ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
      ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ]
    for (text, encoded) in vectors {
      #expect(Base64URL.encode(Array(text.utf8)) == encoded)
      #expect(try Base64URL.decode(encoded) == Array(text.utf8))
    }
    // The two characters that differ from standard Base64.
    #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
  }

  @Test func everyOneAndTwoBytePayloadEncodesAsFoundationSaysAndDecodesBack() throws {
    var count = 0
    for length in 1...2 {
      for value in 0..<(1 << (8 * length)) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        let encoded = Base64URL.encode(bytes)
        #expect(encoded == Self.oracle(bytes))
        #expect(try Base64URL.decode(encoded) == bytes)
        count += 1
      }
    }
    #expect(count == 256 + 65_536)
  }

  @Test func everyThreeBytePayloadRoundTrips() throws {
    // 16,777,216 payloads; their encodings are then every 4-character string over the alphabet.
    // The allocation-free forms of encode and decode, which the String forms call.
    var count = 0
    var mismatches = 0
    var input: [UInt8] = [0, 0, 0]
    var encoded: [UInt8] = []
    var decoded: [UInt8] = []
    for value in 0..<(1 << 24) {
      input[0] = UInt8(truncatingIfNeeded: value >> 16)
      input[1] = UInt8(truncatingIfNeeded: value >> 8)
      input[2] = UInt8(truncatingIfNeeded: value)
      input.withUnsafeBufferPointer { Base64URL.encode($0, into: &encoded) }
      do {
        try encoded.withUnsafeBufferPointer { (buffer) throws(Base64URLError) in
          try Base64URL.decode(buffer, into: &decoded, maximumLength: 4)
        }
      } catch {
        mismatches += 1
      }
      if encoded.count != 4 || decoded != input { mismatches += 1 }
      if value % 65_521 == 0 {
        #expect(String(decoding: encoded, as: UTF8.self) == Self.oracle(input))
      }
      count += 1
    }
    #expect(mismatches == 0)
    #expect(count == 16_777_216)
  }

  /// Exactly the encodings of the 1- and 2-byte payloads decode among short strings.
  ///
  /// Every ASCII string of 1 or 2 characters and every 3-character string over the alphabet is
  /// tried; each string that decodes gives bytes that encode back to it. Every ASCII byte outside the alphabet is then tried at each place of a
  /// 3- and a 4-character string that is otherwise valid.
  @Test func everyShortStringDecodesOnlyIfItIsTheEncodingOfItsBytes() throws {
    var accepted = [0, 0, 0, 0, 0]
    var rejected = 0
    var notCanonical = 0
    var decoded: [UInt8] = []
    var encoded: [UInt8] = []
    func check(_ text: [UInt8]) {
      text.withUnsafeBufferPointer { buffer in
        do {
          try Base64URL.decode(buffer, into: &decoded, maximumLength: 8)
          accepted[text.count] += 1
          decoded.withUnsafeBufferPointer { Base64URL.encode($0, into: &encoded) }
          if encoded != text { notCanonical += 1 }
        } catch {
          rejected += 1
        }
      }
    }
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    let outside = (0..<UInt8(128)).filter { !alphabet.contains($0) }
    for a in 0..<UInt8(128) {
      check([a])
      for b in 0..<UInt8(128) { check([a, b]) }
    }
    for a in alphabet {
      for b in alphabet {
        for c in alphabet { check([a, b, c]) }
      }
    }
    for byte in outside {
      for place in 0..<3 {
        var text = Array("QUE".utf8)
        text[place] = byte
        check(text)
      }
      for place in 0..<4 {
        var text = Array("QUJD".utf8)
        text[place] = byte
        check(text)
      }
    }
    #expect(outside.count == 64)
    #expect(notCanonical == 0)
    #expect(accepted == [0, 0, 256, 65_536, 0])
    #expect(rejected == 128 + (16_384 - 256) + (262_144 - 65_536) + 64 * 7)
    // And the String form agrees on a few, non-ASCII included.
    #expect(throws: Base64URLError.invalidCharacter(byte: 0xC3, offset: 1)) {
      try Base64URL.decode("QÉ")
    }
  }

  @Test(arguments: [
    ("QQ==", Base64URLError.padding(offset: 2)),
    ("QQ=", .padding(offset: 2)),
    ("Q", .impossibleLength(1)),
    ("QUJDR", .impossibleLength(5)),
    ("QR", .nonZeroPadBits(offset: 1)),
    ("QUF", .nonZeroPadBits(offset: 2)),
    ("Q+E", .invalidCharacter(byte: 0x2B, offset: 1)),
    ("Q/E", .invalidCharacter(byte: 0x2F, offset: 1)),
    ("Q E", .invalidCharacter(byte: 0x20, offset: 1)),
    ("Q\nEA", .invalidCharacter(byte: 0x0A, offset: 1)),
    ("QQ\u{0}A", .invalidCharacter(byte: 0, offset: 2)),
    ("QÉ", .invalidCharacter(byte: 0xC3, offset: 1)),
  ])
  func refusesNonCanonicalTextNamingTheOffset(_ text: String, _ error: Base64URLError) {
    #expect(throws: error) { try Base64URL.decode(text) }
  }

  @Test func checksTheLengthCapBeforeDecoding() {
    let huge = String(repeating: "@", count: 100_000)  // not even the alphabet: never read
    #expect(throws: Base64URLError.tooLong(length: 100_000, limit: 8_192)) {
      try Base64URL.decode(huge)
    }
    #expect(throws: Base64URLError.tooLong(length: 8, limit: 4)) {
      try Base64URL.decode("QUJDREVG", maximumLength: 4)
    }
  }

  /// Run by Scripts/routing-checks.sh with a file of random payloads Python's `base64` encoded:
  /// `hex<TAB>urlsafe_b64encode without "="` per line.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TABLEKIT_BASE64_FIXTURE"] != nil))
  func agreesWithPythonOnRandomBytes() throws {
    let path = try #require(ProcessInfo.processInfo.environment["TABLEKIT_BASE64_FIXTURE"])
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    var count = 0
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      try #require(fields.count == 2)
      let hex = Array(fields[0].utf8)
      let bytes = stride(from: 0, to: hex.count, by: 2).map {
        UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
      }
      #expect(Base64URL.encode(bytes) == String(fields[1]), "\(fields[0])")
      #expect(try Base64URL.decode(String(fields[1]), maximumLength: .max) == bytes)
      count += 1
    }
    #expect(count > 0)
    print("base64: \(count) random payloads agree with Python's base64.urlsafe_b64encode")
  }
}
