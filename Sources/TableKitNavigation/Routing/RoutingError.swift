import TableKit

/// Why a URL, a pattern or a destination cannot be routed, with the URL and the part concerned.
///
/// Every URL a person or another program hands the router is untrusted: a problem is one of
/// these, never a trap. The message is the error's ``description`` (and its
/// `localizedDescription`); it shows the URL with control characters escaped and cut to
/// 120 characters, so an error message is safe to print.
public enum RoutingError: Error, Hashable, Sendable {
  /// The URL is not one the router can read: `problem` at `part` of `url`.
  case invalidURL(url: String, part: URLPart, problem: URLProblem)
  /// No registered pattern matches `url` (canonical form `canonical`).
  case noRoute(url: String, canonical: String)
  /// The segment at `segment` is not a valid value for the parameter `name` of `pattern`.
  case invalidParameter(url: String, segment: Int, name: String, pattern: String, problem: String)
  /// `pattern` matched `url`, but its route made no destination from the values.
  case rejectedByRoute(url: String, pattern: String)
  /// `pattern` cannot be registered: `problem`.
  case invalidPattern(pattern: String, problem: String)
  /// `pattern` and `existing` match exactly the same URLs, so neither could ever win.
  case ambiguousPatterns(pattern: String, existing: String)
  /// No registered route prints `destination` as a URL that routes back to it.
  case noURL(destination: String)
  /// Following `destination`'s parents went deeper than `limit` levels (a cycle, most likely).
  case parentChainTooLong(destination: String, limit: Int)
  /// A level of `url` was routed but its controller could not be made or pushed.
  case navigation(url: String, NavigationError)

  /// The part of a URL a ``RoutingError/invalidURL(url:part:problem:)`` concerns.
  public enum URLPart: Hashable, Sendable {
    /// The whole string.
    case whole
    /// The scheme before `://`.
    case scheme
    /// What follows the scheme when it is not `//`.
    case authority
    /// The path segment at `index` (from 0, the first after `//`), as written.
    case segment(index: Int, text: String)
    /// The query, from `?`.
    case query(String)
    /// The fragment, from `#`.
    case fragment(String)
  }

  /// What is wrong with a part of a URL.
  public enum URLProblem: Hashable, Sendable {
    /// The URL has `length` bytes of UTF-8, more than `limit`; nothing else was read.
    case tooLong(length: Int, limit: Int)
    /// The URL has more than `limit` path segments.
    case tooManySegments(limit: Int)
    /// The scheme is empty or not a letter followed by letters, digits, `+`, `-` or `.`.
    case invalidScheme
    /// The scheme is not followed by `//`.
    case missingSlashes
    /// The first segment holds `@`: user information is not part of a route.
    case userInfo
    /// The first segment holds `:`: a port is not part of a route.
    case port
    /// Routes have no query.
    case query
    /// Routes have no fragment.
    case fragment
    /// Two slashes with nothing between them.
    case emptySegment
    /// A `.` or `..` segment, written plainly or percent-encoded.
    case dotSegment
    /// The byte at `offset` (in the URL's UTF-8) may not appear unencoded in a URL.
    case invalidCharacter(byte: UInt8, offset: Int)
    /// A `%` at `offset` not followed by two hexadecimal digits.
    case invalidPercentEscape(offset: Int)
    /// The segment's decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// The decoded segment holds the control character `scalar` (NUL, C0, DEL or C1).
    case controlCharacter(scalar: UInt32)
  }

  /// How many characters of a URL an error message shows before cutting it.
  package static let shownURLLength = 120
}
