import Foundation
import TableKit
import TableRender
import Testing

/// Every string in the shared hostile corpus (`Tests/Validation/corpus.json`): titles, headers
/// and cells, for use as titles and IDs.
enum HostileCorpus {
  static func strings() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Validation/corpus.json")
    var found: [String] = []
    func collect(_ value: Any) {
      if let text = value as? String {
        found.append(text)
      } else if let list = value as? [Any] {
        list.forEach(collect)
      } else if let object = value as? [String: Any] {
        for key in object.keys.sorted() { collect(object[key] as Any) }
      }
    }
    collect(try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
    return found + Hostile.strings + [
      "", ".", "..", "../../etc/passwd", "/absolute", "a/../../b", "con", "CON", "nul.txt",
      "index", "Index", "sitemap", "page", "x.html", "\u{0}", "~", "a~b", "COM1", "lpt9.log",
      "aux.tar.gz", "Com\u{B9}.txt", "PRN. ", "nul .txt", "LPT3.",
      String(repeating: "long", count: 40),
    ]
  }
}

/// Whether `name` is a file name any file system takes: safe ASCII, not empty, `.` or `..`,
/// not hidden.
func isSafeName(_ name: String) -> Bool {
  !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.hasPrefix("-")
    && name.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
        true
      default: false
      }
    }
}

/// Whether Windows reads `name` as a device.
///
/// The devices are `CON PRN AUX NUL COM0–9 LPT0–9` and `COM¹ COM² COM³ LPT¹ LPT² LPT³`, in any
/// case, with any extension (the part before the first `.` is compared), trailing dots and
/// spaces ignored. Written from Microsoft's "Naming Files, Paths, and Namespaces", not from
/// `SitePageNaming`.
func isWindowsDeviceName(_ name: String) -> Bool {
  var stem = Substring(
    name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0])
  while let last = stem.last, last == " " || last == "." { stem = stem.dropLast() }
  let lowered = stem.lowercased()
  if ["con", "prn", "aux", "nul"].contains(lowered) { return true }
  guard lowered.hasPrefix("com") || lowered.hasPrefix("lpt") else { return false }
  let digit = lowered.dropFirst(3)
  return ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "\u{B9}", "\u{B2}", "\u{B3}"]
    .contains(String(digit))
}

@Suite struct SitePageNamingTests {
  let naming = SitePageNaming(rootURL: "cars://brands")

  @Test func namesRoutedURLsByTheirPath() {
    #expect(naming.path(for: "cars://brands").file() == "index.html")
    #expect(naming.path(for: "cars://brands/b1/models/m2").file() == "b1/models/m2.html")
    #expect(naming.path(for: "cars://brands/b1").file(page: 3) == "b1~page-3.html")
    #expect(naming.path(for: "cars://brands").file(page: 2) == "index~page-2.html")
  }

  /// Every Windows device name, in any case, with extensions, trailing dots and spaces: no
  /// file or folder is one (`nul.txt` was `nul.txt~…`, which Windows opens as `NUL`).
  @Test func noNameIsAWindowsDevice() {
    let devices =
      ["con", "prn", "aux", "nul"] + (0...9).flatMap { ["com\($0)", "lpt\($0)"] }
      + ["com\u{B9}", "com\u{B2}", "com\u{B3}", "lpt\u{B9}", "lpt\u{B2}", "lpt\u{B3}"]
    var checked = 0
    for device in devices {
      for spelling in [
        device, device.uppercased(), device.prefix(1).uppercased() + device.dropFirst(),
      ] {
        for suffix in ["", ".txt", ".tar.gz", ".", "..", " ", " .txt", ". ", ".html", "~1"] {
          let segment = spelling + suffix
          #expect(isWindowsDeviceName(segment) == !suffix.hasPrefix("~"), "\(segment)")
          let name = naming.name(forSegment: segment)
          #expect(!isWindowsDeviceName(name), "\(segment) → \(name)")
          for file in [naming.path(for: "cars://brands/" + segment).file(), name + ".html"] {
            #expect(!file.split(separator: "/").contains { isWindowsDeviceName(String($0)) })
          }
          checked += 1
        }
      }
    }
    #expect(checked == 30 * 3 * 10)
  }

  @Test func theHashIsFNV1a() {
    // Published FNV-1a 64 test vectors (Fowler, Noll, Vo): "" and "a".
    #expect(StableHash("").value == 0xcbf2_9ce4_8422_2325)
    #expect(StableHash("a").value == 0xaf63_dc4c_8601_ec8c)
    #expect(StableHash("foobar").value == 0x8594_4171_f739_67e8)
    #expect(StableHash("a").hexDigits(10) == "4c8601ec8c")
  }

  @Test func lossyReservedAndEmptySegmentsGetAHash() {
    let hash = { (text: String) in StableHash(text).hexDigits(10) }
    #expect(naming.name(forSegment: "Alfa Romeo") == "alfa-romeo~" + hash("Alfa Romeo"))
    #expect(naming.name(forSegment: "alfa-romeo") == "alfa-romeo")
    #expect(naming.name(forSegment: "Škoda") == "skoda~" + hash("Škoda"))
    #expect(naming.name(forSegment: "index") == "index~" + hash("index"))
    #expect(naming.name(forSegment: "con") == "con~" + hash("con"))
    #expect(naming.name(forSegment: "aux.txt") == "aux-txt~" + hash("aux.txt"))
    #expect(naming.name(forSegment: "") == "page~" + hash(""))
    #expect(naming.name(forSegment: "..") == "page~" + hash(".."))
    #expect(naming.name(forSegment: "x.html") == "x.html~" + hash("x.html"))
    let long = String(repeating: "a", count: 60)
    #expect(
      naming.name(forSegment: long)
        == String(repeating: "a", count: SitePageNaming.maximumReadableLength) + "~" + hash(long))
  }

  @Test func plainSegmentsAreTheirOwnNamesUpToTheReadableLength() {
    let hash = { (text: String) in StableHash(text).hexDigits(10) }
    for plain in ["rows", "7", "order_items", "a1_b2", "nul_x", "con1"] {
      #expect(naming.name(forSegment: plain) == plain)
    }
    let longest = String(repeating: "7", count: SitePageNaming.maximumReadableLength)
    #expect(naming.name(forSegment: longest) == longest)
    #expect(naming.name(forSegment: longest + "8") == longest + "~" + hash(longest + "8"))
    #expect(naming.name(forSegment: "lpt1") == "lpt1~" + hash("lpt1"))
    #expect(naming.name(forSegment: "sitemap") == "sitemap~" + hash("sitemap"))
  }

  @Test func caseAndNormalisationVariantsGetDistinctFilesOnAnyFileSystem() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let variants = ["Report", "report", "REPORT", composed, decomposed, "Café", "CAFÉ"]
    let files = variants.map { naming.path(for: "cars://brands/" + $0).file() }
    // Folded to lower case and NFC, as a case- and normalisation-insensitive file system
    // compares names: still all distinct.
    let folded = Set(files.map { $0.lowercased().precomposedStringWithCanonicalMapping })
    #expect(folded.count == variants.count)
    #expect(files.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func hostileSegmentsMakeSafeDistinctNames() throws {
    let strings = try HostileCorpus.strings()
    var seen: [String: String] = [:]
    for text in Set(strings) {
      let path = naming.path(for: "cars://brands/" + text)
      for segment in path.segments { #expect(isSafeName(segment), "\(text.debugDescription)") }
      let file = path.file()
      #expect(!file.hasPrefix("/"))
      if let other = seen[file.lowercased()] {
        Issue.record("\(text.debugDescription) and \(other.debugDescription) share \(file)")
      }
      seen[file.lowercased()] = text
    }
    #expect(seen.count == Set(strings).count)
  }

  @Test func urlsOutsideTheRootCannotMeetURLsUnderIt() {
    let root = SitePageNaming(rootURL: "/")
    #expect(root.path(for: "/a").file() == "a.html")
    #expect(root.path(for: "a").file() == "~other/a.html")
    #expect(root.path(for: "http://x/a").file().hasPrefix("~other/"))
  }

  @Test func hrefsAreRelativeToThePage() {
    #expect(SitePagePath.href(from: "index.html", to: "b1.html") == "b1.html")
    #expect(SitePagePath.href(from: "b1/models/m2.html", to: "index.html") == "../../index.html")
    #expect(SitePagePath.href(from: "b1/models/m2.html", to: "b1/models.html") == "../models.html")
    #expect(SitePagePath.href(from: "b1.html", to: "b1/m1.html") == "b1/m1.html")
    #expect(SitePagePath.href(from: "b1/x.html", to: "b1~page-2.html") == "../b1~page-2.html")
  }
}
