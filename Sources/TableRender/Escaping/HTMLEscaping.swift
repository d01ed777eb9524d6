import TableKit

/// Escapes untrusted text for HTML, byte by byte.
///
/// The mapping, the same in text and in double-quoted attribute values:
///
/// - `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, so text can
///   never become markup, a character reference or the end of an attribute.
/// - CR LF becomes LF and a lone CR becomes LF: exactly what the HTML parser's input
///   normalisation would do, done here so the document holds no CR and what a reader gets back is
///   documented rather than left to the parser.
/// - Every other character HTML forbids in documents, or that a parser would drop, becomes U+FFFD
///   (the replacement character): NUL and the C0 controls other than TAB and LF (form feed
///   included), DEL and the C1 controls U+0080–U+009F, and the noncharacters U+FDD0–U+FDEF and
///   U+_x_FFFE, U+_x_FFFF in every plane.
/// - Everything else is copied as it is, bidirectional overrides and isolates included: they are
///   legal HTML text, cannot become markup, and a table cell ends their effect.
///
/// ``OutputBuffer/writeEscapedHTML(_:)`` scans the UTF-8 bytes for the few that need a closer look
/// (``needsAttention(_:)``) and copies the clean runs between them in bulk, so a clean string
/// costs a couple of comparisons per byte and one copy.
package enum HTMLEscaping {
  /// Whether `byte` needs a closer look: markup characters, CR, the other controls except TAB and
  /// LF, DEL, and the lead bytes of the only multi-byte sequences that can be forbidden (`C2`, C1
  /// controls; `EF`, U+FDD0–U+FDEF and U+FFFE/U+FFFF; `F0`–`F4`, plane noncharacters).
  ///
  /// The answers for all 256 bytes are a table of 256 ASCII digits in a literal (`1`: look),
  /// read with one load: no branch and no global to initialise. (A 256-bit table in four 64-bit
  /// constants cost nine instructions a byte, a third of an HTML table's escaping.)
  ///
  /// - Parameter byte: A byte of valid UTF-8.
  /// - Returns: `true` when the escaper must look at the sequence the byte starts.
  @inline(__always)
  package static func needsAttention(_ byte: UInt8) -> Bool {
    attention(byte) & 1 == 1
  }

  /// The entry of ``needsAttention(_:)``'s table for `byte`: an ASCII `1` (odd) when the byte
  /// needs a look, `0` (even) when not, so that the entries of several bytes can be combined
  /// with `|` and tested once.
  ///
  /// - Parameter byte: A byte of valid UTF-8.
  /// - Returns: `0x31` or `0x30`.
  @inline(__always)
  static func attention(_ byte: UInt8) -> UInt8 {
    let table: StaticString = """
      1111111110011111111111111111111100100011000000000000000000001010\
      0000000000000000000000000000000000000000000000000000000000000001\
      0000000000000000000000000000000000000000000000000000000000000000\
      0010000000000000000000000000000000000000000000011111100000000000
      """
    return table.utf8Start[Int(byte)]
  }

  /// What to write for a sequence of bytes that needed a closer look.
  enum Action {
    /// Copy it as it is.
    case keep
    /// Write this instead.
    case replace(StaticString)
    /// Write nothing (the CR of a CR LF pair).
    case drop
  }

  /// How many bytes the sequence at `index` spans and what replaces it; only called for bytes
  /// ``needsAttention(_:)`` marks.
  static func examine(
    _ bytes: UnsafeBufferPointer<UInt8>,
    at index: Int
  ) -> (length: Int, action: Action) {
    let replacement: StaticString = "\u{FFFD}"
    let remaining = bytes.count - index
    switch bytes[index] {
    case UInt8(ascii: "&"): return (1, .replace("&amp;"))
    case UInt8(ascii: "<"): return (1, .replace("&lt;"))
    case UInt8(ascii: ">"): return (1, .replace("&gt;"))
    case UInt8(ascii: "\""): return (1, .replace("&quot;"))
    case UInt8(ascii: "'"): return (1, .replace("&#39;"))
    case 0x09, 0x0A:
      return (1, .keep)
    case 0x0D:
      let isPair = remaining > 1 && bytes[index + 1] == 0x0A
      return (1, isPair ? .drop : .replace("\n"))
    case 0x00...0x1F, 0x7F:
      return (1, .replace(replacement))
    case 0xC2 where remaining > 1:
      // U+0080–U+00BF; the C1 controls are C2 80 through C2 9F.
      return (2, bytes[index + 1] < 0xA0 ? .replace(replacement) : .keep)
    case 0xEF where remaining > 2:
      // U+F000–U+FFFF; U+FDD0–U+FDEF are EF B7 90–AF, U+FFFE and U+FFFF are EF BF BE–BF.
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      let isNoncharacter =
        (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)
      return (3, isNoncharacter ? .replace(replacement) : .keep)
    case 0xF0...0xF4 where remaining > 3:
      // U+_x_FFFE and U+_x_FFFF: the low four bits of the second byte all set, then BF BE–BF.
      let isNoncharacter =
        bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE
      return (4, isNoncharacter ? .replace(replacement) : .keep)
    default:
      return (1, .keep)
    }
  }

  /// The budget of `count` bytes escaped, the most ``storeEscaped(_:at:)`` stores: six bytes a
  /// byte (`"` becomes `&quot;`; a forbidden character of one to four bytes becomes the three
  /// of U+FFFD).
  @inline(__always)
  package static func longestEscaped(_ count: Int) -> Int {
    6 * count
  }

  /// The longest text escaped in one raw write; longer texts are written run by run.
  package static let longestInPlace = 4_096

  /// Stores the valid UTF-8 `bytes` escaped at `target` and returns how many bytes it took:
  /// clean runs copied whole, the rest as ``examine(_:at:)`` says.
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8, as a `String` holds it.
  ///   - target: Room for ``longestEscaped(_:)`` bytes.
  /// - Returns: The number of bytes stored.
  @inline(__always)
  package static func storeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>,
    at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let source = bytes.baseAddress else { return 0 }
    let count = bytes.count
    var next = target
    var index = 0
    var runStart = 0
    while index < count {
      guard needsAttention(source[index]) else {
        index += 1
        continue
      }
      let (length, action) = examine(bytes, at: index)
      switch action {
      case .keep:
        index += length
        continue
      case .replace(let replacement):
        OutputBuffer.copy(index - runStart, from: source + runStart, to: next)
        next += index - runStart
        next += OutputBuffer.store(replacement, at: next)
      case .drop:
        OutputBuffer.copy(index - runStart, from: source + runStart, to: next)
        next += index - runStart
      }
      index += length
      runStart = index
    }
    OutputBuffer.copy(count - runStart, from: source + runStart, to: next)
    next += count - runStart
    return next - target
  }

  /// Stores `text` escaped at `target` and returns how many bytes it took, reading its UTF-8 in
  /// place.
  ///
  /// - Parameters:
  ///   - text: Untrusted text.
  ///   - target: Room for ``longestEscaped(_:)`` of its UTF-8 count.
  /// - Returns: The number of bytes stored.
  @inline(__always)
  package static func storeEscaped(_ text: String, at target: UnsafeMutablePointer<UInt8>) -> Int {
    if let length = text.utf8.withContiguousStorageIfAvailable({ storeEscaped($0, at: target) }) {
      return length
    }
    // A string without contiguous UTF-8 (bridged from Objective-C) is copied once.
    var copy = text
    return copy.withUTF8 { storeEscaped($0, at: target) }
  }

  /// `text` escaped, as a new string (for tests and small texts).
  ///
  /// - Parameter text: Untrusted text.
  /// - Returns: The escaped text.
  package static func escape(_ text: String) -> String {
    OutputBuffer.string { $0.writeEscapedHTML(text) }
  }

  /// Whether HTML forbids `scalar` in a document or a parser would drop it, so ``escape(_:)``
  /// writes U+FFFD instead (CR, which becomes LF, is not counted).
  ///
  /// - Parameter scalar: Any scalar.
  /// - Returns: `true` for NUL, C0 controls but TAB, LF and CR, DEL, C1 controls and
  ///   noncharacters.
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0xFDD0...0xFDEF: true
    default: scalar.value & 0xFFFE == 0xFFFE
    }
  }

  /// `name` as a CSS class token: ASCII letters, digits, `-` and `_` kept, every other scalar
  /// one `-`, and `default` for an empty name.
  ///
  /// - Parameter name: Any text, such as a cell kind.
  /// - Returns: The class name.
  package static func className(_ name: String) -> String {
    var token = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_": token.append(scalar)
      default: token.append("-")
      }
    }
    return token.isEmpty ? "default" : String(token)
  }

  /// What a browser's URL parser reads from `href`: leading and trailing C0 controls and spaces
  /// stripped, and every ASCII tab, LF and CR removed.
  ///
  /// - Parameter href: An attribute value as given.
  /// - Returns: The URL a browser would resolve.
  package static func browserURL(_ href: String) -> String {
    let utf8 = href.utf8
    guard let first = utf8.firstIndex(where: { $0 > 0x20 }),
      let last = utf8.lastIndex(where: { $0 > 0x20 })
    else { return "" }
    let kept = utf8[first...last].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    return String(decoding: kept, as: UTF8.self)
  }

  /// The scheme of `url`, lowercased, or `nil` when the URL is relative.
  ///
  /// As a browser decides it: an ASCII letter, then letters, digits, `+`, `-` or `.`, up to the
  /// first `:`. Anything else before a `:`, or no `:` at all, makes a relative URL.
  ///
  /// - Parameter url: A URL as ``browserURL(_:)`` returns it.
  /// - Returns: The scheme without its `:`, or `nil`.
  package static func scheme(of url: String) -> String? {
    var scheme: [UInt8] = []
    for byte in url.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        scheme.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        scheme.append(byte | 0x20)
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        guard !scheme.isEmpty else { return nil }
        scheme.append(byte)
      case UInt8(ascii: ":"):
        return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self)
      default:
        return nil
      }
    }
    return nil
  }
}

/// HTML escaping straight into the output: markup is copied as it is, text escaped.
extension OutputBuffer {
  /// Appends `text` escaped.
  ///
  /// - Parameter text: Untrusted text.
  mutating func writeEscapedHTML(_ text: String) {
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { writeEscapedHTML(utf8: $0) }
    if written == nil {
      var copy = text
      copy.withUTF8 { writeEscapedHTML(utf8: $0) }
    }
  }

  /// Appends the valid UTF-8 `bytes` escaped: clean runs copied whole, the rest as
  /// ``HTMLEscaping/examine(_:at:)`` says.
  ///
  /// A text of up to ``HTMLEscaping/longestInPlace`` bytes is one raw write
  /// (``writeUnsafeBytes(budget:_:)``, budget ``HTMLEscaping/longestEscaped(_:)``); a longer one
  /// is written run by run, so its escaping needs no room six times its size.
  ///
  /// - Parameter bytes: Valid UTF-8, as a `String` holds it.
  @inline(__always)
  mutating func writeEscapedHTML(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= HTMLEscaping.longestInPlace else {
      writeEscapedHTMLInRuns(utf8: bytes)
      return
    }
    writeUnsafeBytes(budget: HTMLEscaping.longestEscaped(bytes.count)) { room in
      HTMLEscaping.storeEscaped(bytes, at: room.start)
    }
  }

  /// Appends the valid UTF-8 `bytes` escaped, run by run, each run an ordinary write.
  ///
  /// - Parameter bytes: Valid UTF-8, as a `String` holds it.
  private mutating func writeEscapedHTMLInRuns(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    let count = bytes.count
    var index = 0
    var runStart = 0
    while index < count {
      guard HTMLEscaping.needsAttention(bytes[index]) else {
        index += 1
        continue
      }
      let (length, action) = HTMLEscaping.examine(bytes, at: index)
      switch action {
      case .keep:
        index += length
      case .replace(let replacement):
        write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        write(replacement)
        index += length
        runStart = index
      case .drop:
        write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        index += length
        runStart = index
      }
    }
    write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
  }
}
