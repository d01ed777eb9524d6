/// Escapes untrusted text for GitHub-Flavoured Markdown so that a GFM parser reads back exactly the
/// same text, as plain text, in a table cell, a heading or an emphasised paragraph.
///
/// The text is written straight into an ``OutputBuffer``; runs that need no escaping are copied in
/// one piece. The rules, applied to each Unicode scalar:
///
/// - Inline syntax: `\` `` ` `` `*` `_` `~` `[` `]` `(` `)` `!` `#` `$` and `|` get a backslash,
///   so they cannot start emphasis, strikethrough, code, links, images, footnotes, math or a new
///   table cell (`\|` is GFM's escaped pipe), and a heading cannot lose a trailing `#`.
/// - HTML: `<`, `>` and `&` become `&lt;`, `&gt;` and `&amp;`, so text never becomes a tag, a
///   `<…>` autolink or a character reference.
/// - Extended autolinks: a `:` followed by `//` gets a backslash (no `https://` link), a `.` after
///   `www` gets a backslash (no `www.` link), and an `@` after a character that can end an e-mail
///   address (`A`–`Z`, `a`–`z`, `0`–`9`, `.`, `+`, `-`, `_`) is preceded by an empty HTML comment
///   `<!-- -->`. GFM joins adjacent text before it looks for e-mail addresses, so only a node
///   that is not text can keep the two halves apart; the comment adds no text.
/// - Line breaks: LF, CRLF and a lone CR each become `<br>`, which reads back as one line break.
/// - Control characters: NUL becomes `&#xFFFD;` (CommonMark reads NUL as U+FFFD anyway); every
///   other C0 control (tab included), DEL, the C1 controls and the bidirectional overrides and
///   isolates (U+202A–U+202E, U+2066–U+2069) become a hexadecimal numeric character reference
///   such as `&#x1B;`, which GFM decodes back to the same character. None is ever written raw.
/// - Surrounding whitespace: GFM trims cells and headings, and emphasis cannot start or end next
///   to whitespace, so leading and trailing whitespace (space, no-break space and the other
///   Unicode `White_Space` characters, except line breaks) becomes references such as `&#x20;`.
///
/// Everything else, including letters of every script, emoji and noncharacters, is written as it
/// is.
package enum MarkdownEscaping {
  /// Writes `text` escaped for GitHub-Flavoured Markdown inline content.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - output: Where the escaped UTF-8 goes.
  package static func write(
    _ text: String,
    into output: inout OutputBuffer
  ) {
    let wrote: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      write(utf8: bytes, into: &output)
    }
    guard wrote == nil else { return }
    // A string without contiguous UTF-8 (bridged from Objective-C) is copied once.
    var copy = text
    copy.withUTF8 { bytes in write(utf8: bytes, into: &output) }
  }

  /// `text` escaped for GitHub-Flavoured Markdown inline content, for tests and small strings.
  ///
  /// - Parameter text: The untrusted text.
  /// - Returns: The escaped text.
  package static func escape(_ text: String) -> String {
    OutputBuffer.string { write(text, into: &$0) }
  }

  /// Writes the valid UTF-8 `bytes` escaped, copying runs that need no escaping in one piece.
  ///
  /// Every byte that needs attention is either ASCII, which is a whole character in UTF-8, or
  /// the lead byte of a sequence that is decoded here; continuation bytes are copied with their
  /// run, so runs always end on whole characters.
  package static func write(
    utf8 bytes: UnsafeBufferPointer<UInt8>,
    into output: inout OutputBuffer
  ) {
    let (contentStart, contentEnd) = trimmedRange(of: bytes)
    var runStart = 0
    var index = 0
    while index < bytes.count {
      // Most bytes need nothing: inside the trimmed content, skip them with one test each (the
      // rest of the loop would find `.keep` for them too, after decoding and a switch).
      if index >= contentStart {
        while index < contentEnd, !mayNeedAction(bytes[index]) { index += 1 }
        if index == bytes.count { break }
      }
      let byte = bytes[index]
      var next = index + 1
      let action: Action
      if byte < 0x80 {
        action = asciiAction(
          at: index, in: bytes, atEdge: index < contentStart || index >= contentEnd)
      } else {
        let (scalar, length) = decode(at: index, in: bytes)
        next = index + length
        action = nonASCIIAction(
          scalar, atEdge: index < contentStart || index >= contentEnd)
      }
      if case .keep = action {
        index = next
        continue
      }
      output.write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      switch action {
      case .keep:
        break
      case .backslash:
        output.write(byte: UInt8(ascii: "\\"))
        output.write(byte: byte)
      case .replace(let replacement):
        output.write(replacement)
      case .reference(let value):
        writeReference(value, into: &output)
      case .lineBreak:
        output.write("<br>")
        if byte == UInt8(ascii: "\r"), next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
          next += 1
        }
      case .separateThenKeep:
        output.write("<!-- -->")
        output.write(byte: byte)
      }
      index = next
      runStart = next
    }
    output.write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  /// Whether `byte`, inside the trimmed content, can start something not kept as it is.
  ///
  /// Those are a C0 control, DEL, the ASCII punctuation `asciiAction` handles, and the lead
  /// bytes `0xC2` of a C1 control and `0xE2` of a bidirectional control. Every other byte,
  /// continuation bytes included, is kept.
  /// The answers for all 256 bytes are a table of ASCII digits in a literal (`1`: may need
  /// action), read with one load and no branch.
  @inline(__always)
  private static func mayNeedAction(_ byte: UInt8) -> Bool {
    // 0x00–0x1F, ! # $ & ( ) * . : < > @ [ \ ] _ ` | ~ DEL, and the lead bytes C2 and E2.
    let table: StaticString = """
      1111111111111111111111111111111101011010111000100000000000101010\
      1000000000000000000000000001110110000000000000000000000000001011\
      0000000000000000000000000000000000000000000000000000000000000000\
      0010000000000000000000000000000000100000000000000000000000000000
      """
    return table.utf8Start[Int(byte)] == UInt8(ascii: "1")
  }

  /// What to write for one character.
  private enum Action {
    /// The character as it is.
    case keep
    /// A backslash, then the character (ASCII punctuation only).
    case backslash
    /// A fixed replacement instead of the character.
    case replace(StaticString)
    /// A numeric character reference to this scalar value.
    case reference(UInt32)
    /// `<br>`, swallowing the LF of a CRLF pair.
    case lineBreak
    /// An empty HTML comment, then the character (ASCII only).
    case separateThenKeep
  }

  /// The action for the ASCII character at `index`, which may depend on its neighbours.
  private static func asciiAction(
    at index: Int,
    in bytes: UnsafeBufferPointer<UInt8>,
    atEdge: Bool
  ) -> Action {
    let byte = bytes[index]
    switch byte {
    case 0x0A, 0x0D:
      return .lineBreak
    case 0x00:
      return .reference(0xFFFD)
    case 0x01...0x1F, 0x7F:
      return .reference(UInt32(byte))
    case UInt8(ascii: " "):
      return atEdge ? .reference(0x20) : .keep
    case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
      UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
      UInt8(ascii: "|"):
      return .backslash
    case UInt8(ascii: "<"):
      return .replace("&lt;")
    case UInt8(ascii: ">"):
      return .replace("&gt;")
    case UInt8(ascii: "&"):
      return .replace("&amp;")
    case UInt8(ascii: ":"):
      let isBeforeSlashes =
        index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
        && bytes[index + 2] == UInt8(ascii: "/")
      return isBeforeSlashes ? .backslash : .keep
    case UInt8(ascii: "."):
      let isAfterWWW =
        index >= 3 && bytes[(index - 3)..<index].allSatisfy { $0 | 0x20 == UInt8(ascii: "w") }
      return isAfterWWW ? .backslash : .keep
    case UInt8(ascii: "@"):
      return index > 0 && canEndEmailAddress(bytes[index - 1]) ? .separateThenKeep : .keep
    default:
      return .keep
    }
  }

  /// The action for a non-ASCII scalar.
  private static func nonASCIIAction(_ scalar: Unicode.Scalar, atEdge: Bool) -> Action {
    switch scalar.value {
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
      return .reference(scalar.value)
    default:
      return atEdge && isWhiteSpace(scalar) ? .reference(scalar.value) : .keep
    }
  }

  /// The byte range left when GFM trims whitespace from both ends; characters outside it are
  /// written as references.
  private static func trimmedRange(of bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
    // Nearly every cell starts and ends with an ASCII character that is not white space.
    if let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x80, last > 0x20,
      last < 0x80
    {
      return (0, bytes.count)
    }
    var start = 0
    while start < bytes.count {
      let (scalar, length) = decode(at: start, in: bytes)
      guard isTrimmable(scalar) else { break }
      start += length
    }
    var end = bytes.count
    while end > start {
      var last = end - 1
      while last > start, bytes[last] & 0xC0 == 0x80 { last -= 1 }
      guard isTrimmable(decode(at: last, in: bytes).scalar) else { break }
      end = last
    }
    return (start, end)
  }

  /// The scalar whose UTF-8 starts at `index`, and its length in bytes.
  private static func decode(
    at index: Int,
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    default: (length, value) = (4, UInt32(lead & 0x07))
    }
    let available = min(length, bytes.count - index)
    for offset in 1..<max(available, 1) {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", max(available, 1))
  }

  /// Whether GFM would trim `scalar` at either end of a cell or stop emphasis next to it: all
  /// whitespace except the line breaks, which become `<br>`.
  private static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\r" && isWhiteSpace(scalar)
  }

  /// Whether `scalar` has Unicode's `White_Space` property.
  ///
  /// This avoids the property lookup, which searches a table on every call (a quarter of a
  /// Markdown table's time went there). The set is small and has not changed since Unicode 6.3;
  /// a test checks it against `Unicode.Scalar.Properties.isWhitespace` for every scalar.
  package static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default:
      return false
    }
  }

  /// Whether GFM's e-mail autolinks accept `byte` as the last character before an `@`.
  private static func canEndEmailAddress(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// Writes `&#x…;` with `value` in uppercase hexadecimal digits.
  private static func writeReference(
    _ value: UInt32,
    into output: inout OutputBuffer
  ) {
    output.write("&#x")
    var shift = 28
    while shift > 0, (value >> UInt32(shift)) & 0xF == 0 { shift -= 4 }
    while shift >= 0 {
      let digit = UInt8((value >> UInt32(shift)) & 0xF)
      output.write(byte: digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
      shift -= 4
    }
    output.write(byte: UInt8(ascii: ";"))
  }
}
