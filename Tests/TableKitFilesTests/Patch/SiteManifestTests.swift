import Foundation
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SiteManifestTests {
  /// A fingerprint made from `value`.
  static func fingerprint(_ value: UInt64) -> InputFingerprint {
    InputFingerprint(high: value &* 0x9E37_79B9_7F4A_7C15, low: ~value)
  }

  /// The manifest a writer makes of `files`.
  static func written(_ files: [(String, InputFingerprint?)]) throws -> [UInt8] {
    let folder = try ScratchFolder()
    let writer = try SiteManifest.Writer(creatingAt: folder.at(SiteManifest.fileName))
    for (path, fingerprint) in files { writer.record(path, fingerprint: fingerprint) }
    try writer.finish(synchronizes: false)
    return try folder.bytes(at: SiteManifest.fileName)
  }

  /// A path with a line feed, one with a byte that is not UTF-8 (carried), and a file
  /// written without a fingerprint all come back as they were, in order.
  @Test func writtenFilesReadBackInOrder() throws {
    let latin = BytePath.carried([0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x68, 0x74, 0x6D, 0x6C])
    let files: [(String, InputFingerprint?)] = [
      ("index.html", Self.fingerprint(1)), ("brands/line\nfeed.html", Self.fingerprint(2)),
      (latin, Self.fingerprint(3)), ("sitemap.xml", nil),
    ]
    let bytes = try Self.written(files)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("tablekit-manifest 1\n") && text.hasSuffix("\nend 4\n"))
    #expect(text.contains("-------------------------------- sitemap.xml\0\n"))
    let manifest = try #require(SiteManifest(parsing: bytes))
    #expect(manifest.count == 4)
    #expect(manifest.files.map(\.path) == files.map(\.0))
    #expect(manifest.files.map(\.fingerprint) == files.map(\.1))
    for (path, fingerprint) in files { #expect(manifest.fingerprint(of: path) == fingerprint) }
    #expect(manifest.fingerprint(of: "brands/line") == nil)
    #expect(manifest.fingerprint(of: "index.htm") == nil)
  }

  /// The digits are the fingerprint's, high half first.
  @Test func theFingerprintIsWrittenAsHexadecimalDigits() throws {
    let bytes = try Self.written([
      ("a", InputFingerprint(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210))
    ])
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a\0\nend 1\n")
  }

  /// Thousands of files are each found with their own fingerprint, and absent paths are not.
  @Test func everyFileOfALargeManifestIsFound() throws {
    let files = (0..<5_000).map { ("rows/\($0 / 100)/\($0).html", Self.fingerprint(UInt64($0))) }
    let manifest = try #require(SiteManifest(parsing: try Self.written(files)))
    for (path, fingerprint) in files { #expect(manifest.fingerprint(of: path) == fingerprint) }
    #expect((5_000..<5_100).allSatisfy { manifest.fingerprint(of: "rows/50/\($0).html") == nil })
  }

  static let good = Array(
    "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\nend 1\n".utf8)

  /// Damaged manifests, each a small change to `good`.
  static let damaged: [(String, String)] = [
    (
      "another version", "tablekit-manifest 2\n0123456789abcdeffedcba9876543210 a/b.html\0\nend 1\n"
    ),
    (
      "uppercase digit", "tablekit-manifest 1\n0123456789ABCDEFfedcba9876543210 a/b.html\0\nend 1\n"
    ),
    (
      "short fingerprint",
      "tablekit-manifest 1\n0123456789abcdeffedcba987654321 a/b.html\0\nend 1\n"
    ),
    ("no closing line", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\n"),
    ("wrong count", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\nend 2\n"),
    ("truncated", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.ht"),
    ("no NUL", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\nend 1\n"),
    (
      "leaves the folder",
      "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 ../b.html\0\nend 1\n"
    ),
    ("absolute", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 /b.html\0\nend 1\n"),
    ("empty segment", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a//b.html\0\nend 1\n"),
    (
      "the journal",
      "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 .tablekit-journal\0\nend 1\n"
    ),
    (
      "the marker",
      "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 .written-by-tablekit\0\nend 1\n"
    ),
    (
      "listed twice",
      "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\n"
        + "-------------------------------- a/b.html\0\nend 2\n"
    ),
    (
      "listed twice (same line)",
      "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\n"
        + "0123456789abcdeffedcba9876543210 a/b.html\0\nend 2\n"
    ),
    (
      "trailing bytes", "tablekit-manifest 1\n0123456789abcdeffedcba9876543210 a/b.html\0\nend 1\nx"
    ),
    ("empty", ""),
  ]

  /// Each damaged manifest is no manifest (the folder is then written whole); the undamaged
  /// one parses.
  @Test(arguments: damaged) func aDamagedManifestIsNone(name: String, text: String) {
    #expect(SiteManifest(parsing: Self.good) != nil)
    #expect(SiteManifest(parsing: Array(text.utf8)) == nil, "\(name)")
  }
}
