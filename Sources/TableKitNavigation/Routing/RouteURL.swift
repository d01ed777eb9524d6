import TableKit

/// A URL as the router reads it: a lower-case scheme and decoded path segments.
///
/// The router parses URL strings itself, byte by byte, and relies on nothing of Foundation's
/// `URL`, whose parsing differs between Linux and Apple platforms. The rules:
///
/// - `scheme://segment/segment…`; the scheme is case-insensitive and printed in lower case.
/// - The path is split on `/` while still encoded, then each segment is percent-decoded once, as
///   strict UTF-8: `%2F` is a slash inside a value, never a separator.
/// - One trailing slash is dropped (`cars://brands/` reads as `cars://brands`).
/// - Refused: empty segments, `.` and `..` (plain or encoded), controls (NUL, C0, DEL, C1) raw or
///   decoded, bytes that must be encoded, bad `%` escapes, invalid UTF-8, a query, a fragment,
///   user information (`@`) or a port (`:`) in the first segment, more than
///   ``maximumLength`` bytes or ``maximumSegmentCount`` segments.
///
/// ``description`` is the canonical spelling: every byte outside `A–Z a–z 0–9 - . _ ~`
/// percent-encoded with upper-case hexadecimal digits, so two URLs that read the same print the
/// same. Two URLs are equal when their schemes and segments have the same UTF-8 bytes
/// (<doc:RoutingAndRestoration#Identity>), so equal URLs print the same and URLs that print the
/// same are equal.
///
/// ```swift
/// let url = try RouteURL(parsing: "CARS://brands/bmw/models/3%20Series/")
/// url.segments       // ["brands", "bmw", "models", "3 Series"]
/// url.description    // "cars://brands/bmw/models/3%20Series"
/// ```
public struct RouteURL: Hashable, Sendable {
  /// The longest URL read, in bytes of UTF-8: 32 KiB.
  public static let maximumLength = 32_768

  /// The most path segments a URL may have.
  public static let maximumSegmentCount = 256

  /// The scheme, in lower case.
  public let scheme: String

  /// The path segments, decoded, in order.
  public let segments: [String]

  /// Creates a URL from its parts.
  ///
  /// - Parameters:
  ///   - scheme: The scheme; it is lower-cased.
  ///   - segments: The decoded segments.
  public init(scheme: String, segments: [String]) {
    self.scheme = scheme.lowercased()
    self.segments = segments
  }

  /// Whether the two URLs have the same scheme and segments, byte for byte.
  ///
  /// - Parameters:
  ///   - lhs: A URL.
  ///   - rhs: Another.
  /// - Returns: `true` when `lhs.description == rhs.description`.
  public static func == (lhs: RouteURL, rhs: RouteURL) -> Bool {
    ExactText.same(lhs.scheme, rhs.scheme) && lhs.segments.count == rhs.segments.count
      && zip(lhs.segments, rhs.segments).allSatisfy { ExactText.same($0, $1) }
  }

  /// Hashes the scheme and segments' UTF-8 bytes, in agreement with `==`.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    ExactText.hash(scheme, into: &hasher)
    hasher.combine(segments.count)
    for segment in segments { ExactText.hash(segment, into: &hasher) }
  }
}

extension RouteURL: CustomStringConvertible {
  /// The canonical spelling: `scheme://` and the percent-encoded segments joined by `/`.
  public var description: String {
    var bytes: [UInt8] = Array(scheme.utf8)
    bytes.append(contentsOf: "://".utf8)
    for (index, segment) in segments.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: "/")) }
      Self.appendEncoded(segment, to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `segment` percent-encoded: every byte outside the unreserved set as `%XX`.
  static func appendEncoded(_ segment: String, to bytes: inout [UInt8]) {
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in segment.utf8 {
      if isUnreserved(byte) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      }
    }
  }

  /// Whether `byte` is an RFC 3986 unreserved character: `A–Z a–z 0–9 - . _ ~`.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
