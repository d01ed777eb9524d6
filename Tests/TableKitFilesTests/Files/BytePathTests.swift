import Foundation
import TableKit
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths are bytes: a name that is not UTF-8 is carried without loss from where it enters to
/// the system call that opens it, and shown escaped.
@Suite struct BytePathTests {
  /// The bytes of `cString` without its NUL.
  func bytes(_ path: String) -> [UInt8] {
    BytePath.cString(path).dropLast().map { UInt8(bitPattern: $0) }
  }

  @Test(
    arguments: [
      [0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x63, 0x73, 0x76],  // lat\xE9.csv (Latin-1)
      [0xC0, 0x80],  // an overlong NUL
      [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
      [0xE2, 0x82],  // a cut three-byte sequence
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xF4, 0x8F, 0xBF, 0xA9],  // U+10FFE9 itself, a carrier scalar written as UTF-8
      [0xFF, 0xFE, 0x41],
    ] as [[UInt8]])
  func bytesThatAreNotUTF8SurviveTheRoundTrip(_ path: [UInt8]) {
    #expect(bytes(BytePath.carried(path)) == path)
  }

  @Test func everyByteStringSurvivesTheRoundTrip() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let path = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
        UInt8.random(in: 1...255, using: &generator)
      }
      let carried = BytePath.carried(path)
      #expect(bytes(carried) == path)
      #expect(BytePath.carried(bytes(carried)) == carried)
    }
  }

  @Test func aUTF8PathIsCarriedAsItself() {
    for path in ["site", "données/été.csv", "日本/表.json", "a b\u{1F600}"] {
      #expect(BytePath.carried(Array(path.utf8)) == path)
      #expect(bytes(path) == Array(path.utf8))
    }
  }

  @Test func messagesShowEachByteEscaped() {
    let carried = BytePath.carried([0x6F, 0x75, 0x74, 0xE9])
    #expect(BytePath.displayed(carried) == "out\\x{E9}")
    #expect(
      SafeWriteError(path: carried, operation: .write, code: EIO).description
        .hasPrefix("cannot write to out\\x{E9}: "))
  }

  @Test func aSafeWriteCreatesExactlyTheNamedBytes() throws {
    let folder = try ScratchFolder()
    // The carrier of \xE9, as the command line hands it over for `out\xE9.csv`.
    try SafeWrite.file(at: folder.at("out\u{10FFE9}.csv")) { try $0.write("rows") }
    try SafeWrite.directory(at: folder.at("site\u{10FFE9}")) { staged in
      try staged.writeFile("index.html") { try $0.write("home") }
    }
    #expect(
      try rawNames(in: folder.path) == [
        Array("out".utf8) + [0xE9] + Array(".csv".utf8), Array("site".utf8) + [0xE9],
      ])
  }

  /// The names in `folder` as the system gives them, bytes, sorted.
  func rawNames(in folder: String) throws -> [[UInt8]] {
    let handle = try #require(opendir(folder))
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
