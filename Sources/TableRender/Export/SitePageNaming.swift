import Foundation
import TableKit

/// The mapping from a level's canonical URL to the file its page is written to.
///
/// The mapping is total (every string has a name), stable (the same URL gives the same name on
/// every run and machine) and injective (two different URLs never get one name), and the names
/// are safe on every file system a site is served from:
///
/// - The part of the URL under ``rootURL`` is split at `/`; the root URL itself is `index.html`.
///   A URL outside the root is split whole, under a first folder `~other` that no URL under the
///   root can produce.
/// - Each segment keeps only ASCII letters (lowered), digits, `-`, `_` and `.`: accents are
///   dropped after canonical decomposition (`Škoda` reads `skoda`), anything else becomes one
///   `-`, and `-` and `.` are trimmed from the ends, so no segment is `.`, `..` or hidden.
///   The readable part is at most ``maximumReadableLength`` bytes.
/// - When that readable part is the segment exactly, it is the name. When it is not (letters
///   were lowered, characters dropped or replaced, the segment cut, empty, a name a system or
///   the site reserves such as `index`, `con` or `nul`, or ending in `.html`), a `~` and
///   ``hashLength`` hex digits of a stable hash of the segment's UTF-8 bytes follow it:
///   `Alfa Romeo` → `alfa-romeo~1b2c3d4e5f`. A reserved stem also loses its `.`s (`nul.txt` →
///   `nul-txt~…`), so no file or folder is a Windows device name with an extension.
/// - URLs and segments are compared as UTF-8 bytes, the identity rule of TableKit's routing
///   (<doc:ExportingAStaticSite#Identity>): two URLs name one page exactly when their bytes are
///   equal.
///
/// So `Report`, `report` and `REPORT`, or `é` composed and decomposed, name three (two) files
/// that differ even on a case-insensitive, normalisation-insensitive file system; every name is
/// ASCII, hence the same in NFC and NFD. A readable name never holds `~`, a hashed one always
/// does, and extra pages of a level end in `~page-N`, so no two kinds of name meet. Two
/// different segments whose hashes agree would still meet: the exporter checks every name it
/// gives and stops with ``SiteExportError/pathCollision(path:first:second:)`` rather than
/// overwrite.
///
/// ```swift
/// let naming = SitePageNaming(rootURL: "cars://brands")
/// naming.path(for: "cars://brands/b1/models/m2").file(page: 1)   // "b1/models/m2.html"
/// naming.path(for: "cars://brands/Škoda").file(page: 2)          // "skoda~….html" page 2
/// ```
public struct SitePageNaming: Hashable, Sendable {
  /// The URL of the root level: its page is `index.html`, and the URLs under it are named by
  /// the rest of their path.
  public var rootURL: String

  /// The longest readable part of a segment, in bytes, before `~` and the hash.
  public static let maximumReadableLength = 48

  /// How many hex digits of the hash a lossy segment's name ends with.
  public static let hashLength = 10

  /// The hex digits this mapping uses; fewer only in tests that need names to collide.
  package var hashDigits = hashLength

  /// Names no readable segment may take as they are (compared before the first `.`): the
  /// site's own files (`index`, `sitemap`, `pagefind`) and the device names Windows reserves in
  /// every folder, with any extension (`con`, `prn`, `aux`, `nul`, `com0`…`com9`,
  /// `lpt0`…`lpt9`, and `com¹ com² com³ lpt¹ lpt² lpt³`, which no name here can hold since
  /// names are ASCII).
  ///
  /// A segment whose readable part has a reserved stem is hashed, and its `.`s become `-`, so
  /// that the stem Windows reads is the whole name: `nul.txt` → `nul-txt~…`, never
  /// `nul.txt~…`, which Windows opens as the device `NUL`.
  public static let reservedNames: Set<String> = {
    var names: Set<String> = ["index", "sitemap", "pagefind", "con", "prn", "aux", "nul"]
    for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "\u{B9}", "\u{B2}", "\u{B3}"] {
      names.insert("com" + digit)
      names.insert("lpt" + digit)
    }
    return names
  }()

  /// Creates the mapping for a site whose root level has the URL `rootURL`.
  ///
  /// - Parameter rootURL: The canonical URL of the root level.
  public init(rootURL: String) {
    self.rootURL = rootURL
  }

  /// The path of the level whose canonical URL is `url`.
  ///
  /// - Parameter url: A canonical URL, any text.
  /// - Returns: The level's path; empty for the root.
  public func path(for url: String) -> SitePagePath {
    // URLs are compared and cut as bytes (the identity rule), never as Swift's `Character`s.
    let bytes = Array(url.utf8)
    let root = Array(rootURL.utf8)
    if bytes == root { return SitePagePath(segments: []) }
    var rest: ArraySlice<UInt8>?
    if bytes.starts(with: root) {
      let after = bytes[root.count...]
      if root.isEmpty || root.last == UInt8(ascii: "/") {
        rest = after
      } else if after.first == UInt8(ascii: "/") {
        rest = after.dropFirst()
      }
    }
    let segments = (rest ?? bytes[...]).split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    let names = segments.map { name(forSegment: String(decoding: $0, as: UTF8.self)) }
    return SitePagePath(segments: rest == nil ? ["~other"] + names : names)
  }

  /// The file-system name of one URL segment: its readable part, with `~` and a hash when that
  /// part is not the segment exactly or is reserved.
  ///
  /// - Parameter segment: One segment of a URL's path.
  /// - Returns: A name of ASCII letters, digits, `-`, `_`, `.` and `~`, never empty, `.` or `..`.
  public func name(forSegment segment: String) -> String {
    // The common segment (`rows`, `7`, `pages`) is its own readable part: no slug to make.
    if Self.isPlainName(segment) { return segment }
    var readable = Self.slug(segment)
    let stem = readable.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
    let isReserved = Self.reservedNames.contains(stem)
    let isExact =
      !readable.isEmpty && ExactText.same(readable, segment) && !isReserved
      && !readable.hasSuffix(".html")
    if isExact { return readable }
    // Windows reads `nul.txt~…` as the device `nul` with an extension: a reserved stem keeps
    // no `.`, so the name's stem is the whole `nul-txt~…`.
    if isReserved { readable = readable.replacingOccurrences(of: ".", with: "-") }
    return (readable.isEmpty ? "page" : readable) + "~" + StableHash(segment).hexDigits(hashDigits)
  }

  /// Whether `segment` is its own name as ``name(forSegment:)`` makes it: 1 to
  /// ``maximumReadableLength`` ASCII lower-case letters, digits and `_` (so its slug is itself,
  /// with no `.` for an extension), not a reserved name.
  private static func isPlainName(_ segment: String) -> Bool {
    var count = 0
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "_"):
        count += 1
      default: return false
      }
    }
    return count > 0 && count <= maximumReadableLength && !reservedNames.contains(segment)
  }

  /// The readable part of a name made from `text`.
  ///
  /// ASCII letters lowered, digits, `-`, `_` and `.`; accents dropped; every other run of
  /// characters one `-`; no `-` or `.` at the ends; at most ``maximumReadableLength`` bytes. It
  /// may be empty.
  ///
  /// - Parameter text: Any text, such as a title.
  /// - Returns: The slug.
  public static func slug(_ text: String) -> String {
    var output: [UInt8] = []
    var pendingDash = false
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      let kept: UInt8?
      switch scalar {
      case "a"..."z", "0"..."9", "_", ".": kept = UInt8(scalar.value)
      case "A"..."Z": kept = UInt8(scalar.value) | 0x20
      case "-": kept = nil
      default:
        // A combining mark left by the decomposition is an accent: dropped, not a separator.
        if scalar.properties.generalCategory == .nonspacingMark { continue }
        kept = nil
      }
      guard let kept else {
        pendingDash = true
        continue
      }
      if pendingDash, !output.isEmpty { output.append(UInt8(ascii: "-")) }
      pendingDash = false
      output.append(kept)
      if output.count >= maximumReadableLength { break }
    }
    if output.count > maximumReadableLength {
      output.removeLast(output.count - maximumReadableLength)
    }
    while let last = output.last, last == UInt8(ascii: "-") || last == UInt8(ascii: ".") {
      output.removeLast()
    }
    while let first = output.first, first == UInt8(ascii: "-") || first == UInt8(ascii: ".") {
      output.removeFirst()
    }
    return String(decoding: output, as: UTF8.self)
  }
}
