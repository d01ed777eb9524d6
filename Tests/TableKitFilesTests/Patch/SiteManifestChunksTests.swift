import TableKitFiles
import Testing

/// A manifest read a window at a time is the manifest read whole: lines cut anywhere by the
/// window's end, paths longer than the window, and damage anywhere.
@Suite struct SiteManifestChunksTests {
  /// 300 files with paths of 1 to about 2,000 bytes, one written without a fingerprint.
  static func files() -> [(String, InputFingerprint?)] {
    (0..<300).map { index in
      let path = "p\(index)/" + String(repeating: "x", count: index * index % 2_000) + ".html"
      return (path, index == 7 ? nil : SiteManifestTests.fingerprint(UInt64(index)))
    }
  }

  @Test(arguments: [64, 65, 100, 4_096, 1 << 20])
  func everyWindowReadsTheSameFiles(chunkSize: Int) throws {
    let files = Self.files()
    let bytes = try SiteManifestTests.written(files)
    let manifest = try #require(SiteManifest(parsing: bytes, chunkSize: chunkSize))
    #expect(manifest.files.map(\.path) == files.map(\.0))
    #expect(manifest.files.map(\.fingerprint) == files.map(\.1))
    for (path, fingerprint) in files { #expect(manifest.fingerprint(of: path) == fingerprint) }
  }

  @Test(arguments: [64, 100, 1 << 20])
  func damageAnywhereIsNoManifest(chunkSize: Int) throws {
    let bytes = try SiteManifestTests.written(Self.files())
    // Cut short at many places, lines and the closing line included.
    for length in stride(from: 0, to: bytes.count, by: 997) + [bytes.count - 1, bytes.count - 3] {
      #expect(
        SiteManifest(parsing: Array(bytes[..<length]), chunkSize: chunkSize) == nil, "\(length)")
    }
    // A byte after the closing line, and a closing line that is too long to be one.
    #expect(SiteManifest(parsing: bytes + [0x78], chunkSize: chunkSize) == nil)
    var padded = Array(bytes.dropLast("end 300\n".count))
    padded += Array("end 0000000000300\n".utf8)
    #expect(SiteManifest(parsing: padded, chunkSize: chunkSize) == nil)
    // A NUL missing in the middle: the next line is read as part of the path.
    var joined = bytes
    let firstNUL = try #require(joined.firstIndex(of: 0))
    joined[firstNUL] = UInt8(ascii: "y")
    #expect(SiteManifest(parsing: joined, chunkSize: chunkSize) == nil)
  }
}
