import TableKit

extension RouteURL {
  /// Reads `string` by the rules in ``RouteURL``.
  ///
  /// - Parameter string: The URL, untrusted.
  /// - Throws: ``RoutingError/invalidURL(url:part:problem:)`` naming the part and the problem.
  public init(parsing string: String) throws(RoutingError) {
    func fail(_ part: RoutingError.URLPart, _ problem: RoutingError.URLProblem) -> RoutingError {
      .invalidURL(url: string, part: part, problem: problem)
    }
    // The cap first, from the count alone, before a byte is copied or read.
    let length = string.utf8.count
    guard length <= Self.maximumLength else {
      throw fail(.whole, .tooLong(length: length, limit: Self.maximumLength))
    }
    let bytes = Array(string.utf8)
    // Raw bytes first: a control or a byte that must be encoded anywhere is refused by offset.
    for (offset, byte) in bytes.enumerated() where !Self.mayAppearRaw(byte) {
      throw fail(.whole, .invalidCharacter(byte: byte, offset: offset))
    }
    if let mark = bytes.firstIndex(of: UInt8(ascii: "#")) {
      throw fail(.fragment(String(decoding: bytes[mark...], as: UTF8.self)), .fragment)
    }
    if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
      throw fail(.query(String(decoding: bytes[mark...], as: UTF8.self)), .query)
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isSchemeStart(bytes[0]), bytes[1..<colon].allSatisfy(Self.isSchemeByte)
    else { throw fail(.scheme, .invalidScheme) }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    let afterColon = colon + 1
    guard bytes.count >= afterColon + 2, bytes[afterColon] == UInt8(ascii: "/"),
      bytes[afterColon + 1] == UInt8(ascii: "/")
    else { throw fail(.authority, .missingSlashes) }

    var pieces = bytes[(afterColon + 2)...].split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    if pieces.count == 1, pieces[0].isEmpty { pieces = [] }  // "cars://": no segments
    if pieces.count > 1, pieces[pieces.count - 1].isEmpty { pieces.removeLast() }  // trailing "/"
    guard pieces.count <= Self.maximumSegmentCount else {
      throw fail(.whole, .tooManySegments(limit: Self.maximumSegmentCount))
    }
    var segments: [String] = []
    segments.reserveCapacity(pieces.count)
    for (index, piece) in pieces.enumerated() {
      let part = RoutingError.URLPart.segment(
        index: index, text: String(decoding: piece, as: UTF8.self))
      if index == 0 {
        if piece.contains(UInt8(ascii: "@")) { throw fail(part, .userInfo) }
        if piece.contains(UInt8(ascii: ":")) { throw fail(part, .port) }
      }
      guard !piece.isEmpty else { throw fail(part, .emptySegment) }
      let decoded: [UInt8]
      switch Self.percentDecode(piece) {
      case .success(let bytes): decoded = bytes
      case .failure(let offset): throw fail(part, .invalidPercentEscape(offset: offset))
      }
      guard let text = String(validating: decoded, as: UTF8.self) else {
        throw fail(part, .invalidUTF8)
      }
      if text == "." || text == ".." { throw fail(part, .dotSegment) }
      if let control = text.unicodeScalars.first(where: Self.isControl) {
        throw fail(part, .controlCharacter(scalar: control.value))
      }
      segments.append(text)
    }
    self.init(scheme: scheme, segments: segments)
  }

  /// The result of decoding a segment: its bytes, or the offset of a bad `%` in the URL.
  private enum Decoding {
    case success([UInt8])
    case failure(Int)
  }

  /// Decodes the `%XX` escapes of `piece` once.
  private static func percentDecode(_ piece: ArraySlice<UInt8>) -> Decoding {
    var output: [UInt8] = []
    output.reserveCapacity(piece.count)
    var index = piece.startIndex
    while index < piece.endIndex {
      let byte = piece[index]
      guard byte == UInt8(ascii: "%") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 2 < piece.endIndex, let high = hexValue(piece[index + 1]),
        let low = hexValue(piece[index + 2])
      else { return .failure(index) }
      output.append(high << 4 | low)
      index += 3
    }
    return .success(output)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }

  /// Whether `byte` may appear unencoded somewhere in a URL: unreserved characters, the
  /// delimiters `: / ? # [ ] @`, the sub-delimiters `! $ & ' ( ) * + , ; =` and `%`.
  static func mayAppearRaw(_ byte: UInt8) -> Bool {
    if isUnreserved(byte) { return true }
    switch byte {
    case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"),
      UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
      UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
      UInt8(ascii: "%"):
      return true
    default:
      return false
    }
  }

  private static func isSchemeStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    isSchemeStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// NUL, the C0 controls, DEL and the C1 controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
