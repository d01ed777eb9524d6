/// Making an allowed link's URL a valid one, so that a page of untrusted links still passes the
/// Nu HTML Checker.
///
/// The link policy decides *whether* a URL becomes a link; this decides *how it is written*. A
/// URL as a type gives it may hold what the URL standard does not allow (`a b`,
/// `=HYPERLINK("x")`, `50%`). A browser would percent-encode most of it when it follows the
/// link; writing it encoded gives the same link in a document a validator accepts:
///
/// - Every byte of a character a URL may not hold is written as `%XX` (upper-case hex): C0
///   controls, space, `"`, `<`, `>`, `^`, `` ` ``, `{`, `|`, `}` and DEL; `[` and `]` outside a
///   host; a `%` not followed by two hex digits; every `#` after the first (a URL has one
///   fragment).
/// - Every non-ASCII character outside the host is percent-encoded as its UTF-8 bytes, as a
///   browser's URL parser does in every part of a URL but the host. The `href` is then plain
///   ASCII: the same URL for the browser, with no controls, bidirectional formatting,
///   private-use or unnormalised text for a validator to reject (the Nu checker refuses
///   U+FFFD in a path and warns on text not in NFC).
/// - A backslash becomes `/` in a relative URL and in one with a scheme a browser treats as
///   special (`http`, `https`, `ws`, `wss`, `ftp`, `file`), because that is how a browser reads
///   it; elsewhere (`mailto:`) it is encoded as `%5C`.
/// - Everything else is kept as it is: letters, digits and `!$&'()*+,-./:;=?@_~`.
///
/// A host cannot be percent-encoded. A URL with a special scheme but `file` and no `//host`
/// (`http:example.com`), or one with an authority (`//host/…`) whose host is not a
/// domain name (ASCII letters, digits, `-`, `.`, `_`, `~` and non-ASCII letters), an IPv4
/// address or a bracketed IPv6 address, or whose port is not digits, has no valid form and is
/// not linked: ``validLinkURL(_:)`` returns `nil` and the renderer shows the link's text.
extension HTMLEscaping {
  /// The schemes whose URLs a browser parses as special: backslashes are slashes there.
  private static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

  /// `url` written as a valid URL, or `nil` when its host makes that impossible.
  ///
  /// - Parameter url: A URL as ``browserURL(_:)`` returns it, already allowed by the link
  ///   policy.
  /// - Returns: The URL with what a URL may not hold percent-encoded, or `nil`.
  package static func validLinkURL(_ url: String) -> String? {
    let scheme = scheme(of: url)
    let slashesBackslashes = scheme.map { specialSchemes.contains($0) } ?? true
    var bytes = Array(url.utf8)
    if slashesBackslashes {
      for index in bytes.indices where bytes[index] == UInt8(ascii: "\\") {
        bytes[index] = UInt8(ascii: "/")
      }
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 2)
    var index = 0
    if let scheme {
      let length = scheme.utf8.count + 1
      output.append(contentsOf: bytes[0..<length])
      index = length
    }
    let hasAuthority =
      bytes.count - index >= 2 && bytes[index] == UInt8(ascii: "/")
      && bytes[index + 1] == UInt8(ascii: "/")
    // `http:example.com` and `https:/example.com` are not valid URLs; a browser guesses the
    // missing slashes, a validator refuses them. They are shown as text.
    if let scheme, scheme != "file", specialSchemes.contains(scheme), !hasAuthority {
      return nil
    }
    // The authority, after `//`: copied as it is once its host is known to be valid.
    if hasAuthority {
      let start = index + 2
      var end = start
      while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
      guard let authority = encodedAuthority(bytes[start..<end], allowsEmptyHost: scheme == "file")
      else { return nil }
      output.append(contentsOf: "//".utf8)
      output.append(contentsOf: authority)
      index = end
    }
    var seenFragment = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#") {
        if seenFragment {
          appendPercentEncoded(byte, to: &output)
        } else {
          output.append(byte)
          seenFragment = true
        }
      } else if byte == UInt8(ascii: "%") {
        if index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
          output.append(byte)
        } else {
          appendPercentEncoded(byte, to: &output)
        }
      } else if mayNotHold(byte) {
        appendPercentEncoded(byte, to: &output)
      } else {
        output.append(byte)
      }
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The authority `[userinfo@]host[:port]` with its user info encoded, or `nil` when the host
  /// or port is not valid.
  private static func encodedAuthority(
    _ bytes: ArraySlice<UInt8>,
    allowsEmptyHost: Bool
  ) -> [UInt8]? {
    var output: [UInt8] = []
    var hostStart = bytes.startIndex
    if let at = bytes.lastIndex(of: UInt8(ascii: "@")) {
      for byte in bytes[bytes.startIndex..<at] {
        // The user info: what may not be there is encoded, `:` (user:password) kept.
        if isUnreservedOrSubDelimiter(byte) || byte == UInt8(ascii: ":") {
          output.append(byte)
        } else {
          appendPercentEncoded(byte, to: &output)
        }
      }
      output.append(UInt8(ascii: "@"))
      hostStart = at + 1
    }
    let hostAndPort = bytes[hostStart...]
    var hostEnd = hostAndPort.endIndex
    if hostAndPort.first == UInt8(ascii: "[") {
      // A bracketed IPv6 address: hex digits, `:` and `.` (an embedded IPv4 address).
      guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")), close > hostStart + 1,
        hostAndPort[(hostStart + 1)..<close].allSatisfy({
          isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
        })
      else { return nil }
      hostEnd = close + 1
    } else {
      hostEnd = hostAndPort.firstIndex(of: UInt8(ascii: ":")) ?? hostAndPort.endIndex
      let host = hostAndPort[hostStart..<hostEnd]
      guard !host.isEmpty || allowsEmptyHost, host.allSatisfy(isHostByte), isValidNonASCII(host)
      else { return nil }
    }
    let port = hostAndPort[hostEnd...]
    if let colon = port.first {
      guard colon == UInt8(ascii: ":"),
        port.dropFirst().allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
    }
    output.append(contentsOf: hostAndPort)
    return output
  }

  /// Whether `byte` may be part of a domain name as written here: ASCII letters, digits, `-`,
  /// `.`, `_`, `~`, or any byte of a non-ASCII scalar (checked by ``isValidNonASCII(_:)``).
  private static func isHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      byte >= 0x80
    }
  }

  /// Whether every non-ASCII scalar in `host` is one a URL may hold (no C1 control, no
  /// noncharacter, nothing invisible that IDNA maps away or refuses: no space or format
  /// character).
  private static func isValidNonASCII(_ host: ArraySlice<UInt8>) -> Bool {
    for scalar in String(decoding: host, as: UTF8.self).unicodeScalars where !scalar.isASCII {
      if isForbidden(scalar) { return false }
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .decimalNumber:
        continue
      default:
        return false
      }
    }
    return true
  }

  /// Whether the byte (or the first byte of the scalar) `byte` is written percent-encoded
  /// outside a host: everything but letters, digits and `!$&'()*+,-./:;=?@_~` (`%` and `#`
  /// are decided by the caller).
  private static func mayNotHold(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"),
      UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
      true
    default:
      false
    }
  }

  /// Whether `byte` is unreserved or a sub-delimiter (RFC 3986), as user info may hold.
  private static func isUnreservedOrSubDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "-._~!$&'()*+,;=".utf8.contains(byte)
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default:
      false
    }
  }

  private static func appendPercentEncoded(_ byte: UInt8, to output: inout [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    output.append(UInt8(ascii: "%"))
    output.append(digits[Int(byte >> 4)])
    output.append(digits[Int(byte & 0x0F)])
  }
}
