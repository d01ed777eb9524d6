import TableKit

extension RoutingError: CustomStringConvertible {
  /// A sentence naming the URL, the part and what to do.
  public var description: String {
    switch self {
    case .invalidURL(let url, let part, let problem):
      return "Cannot open \(Self.shown(url)): \(Self.describe(part))\(Self.describe(problem))."
    case .noRoute(let url, let canonical):
      let also = canonical == url ? "" : " (read as \(Self.shown(canonical)))"
      return "No route matches \(Self.shown(url))\(also)."
    case .invalidParameter(let url, let segment, let name, let pattern, let problem):
      return "Cannot open \(Self.shown(url)): segment \(segment) is not a valid \"\(name)\" "
        + "for \(Self.shown(pattern)): \(problem)"
    case .rejectedByRoute(let url, let pattern):
      return "Cannot open \(Self.shown(url)): the route \(Self.shown(pattern)) made no level "
        + "from its values."
    case .invalidPattern(let pattern, let problem):
      return "Cannot register the pattern \(Self.shown(pattern)): \(problem)."
    case .ambiguousPatterns(let pattern, let existing):
      return "Cannot register \(Self.shown(pattern)): it matches exactly the URLs "
        + "\(Self.shown(existing)) matches, so one of them could never win."
    case .noURL(let destination):
      return "No route prints \(Self.shown(destination)) as a URL that routes back to it."
    case .parentChainTooLong(let destination, let limit):
      return "The parents of \(Self.shown(destination)) go deeper than \(limit) levels."
    case .navigation(let url, let error):
      return "Cannot open \(Self.shown(url)): \(error.description)"
    }
  }

  private static func describe(_ part: URLPart) -> String {
    switch part {
    case .whole: return ""
    case .scheme: return "the scheme: "
    case .authority: return "after the scheme: "
    case .segment(let index, let text): return "segment \(index) (\(shown(text))): "
    case .query(let text): return "the query \(shown(text)): "
    case .fragment(let text): return "the fragment \(shown(text)): "
    }
  }

  private static func describe(_ problem: URLProblem) -> String {
    switch problem {
    case .tooLong(let length, let limit):
      return "it is \(length) bytes long, more than the limit of \(limit)"
    case .tooManySegments(let limit): return "it has more than \(limit) path segments"
    case .invalidScheme:
      return "a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""
    case .missingSlashes: return "the scheme must be followed by \"//\""
    case .userInfo: return "user information (\"@\") is not part of a route"
    case .port: return "a port (\":\") is not part of a route"
    case .query: return "routes take no query"
    case .fragment: return "routes take no fragment"
    case .emptySegment: return "empty segments (\"//\") are refused"
    case .dotSegment: return "\".\" and \"..\" segments are refused, plain or encoded"
    case .invalidCharacter(let byte, let offset):
      return "the byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset) must "
        + "be percent-encoded"
    case .invalidPercentEscape(let offset):
      return "\"%\" at offset \(offset) is not followed by two hexadecimal digits"
    case .invalidUTF8: return "its percent-escapes do not decode to UTF-8"
    case .controlCharacter(let scalar):
      return "it decodes to the control character U+\(String(scalar, radix: 16, uppercase: true))"
    }
  }

  /// `text` in quotes with every control, quote and backslash escaped, cut to
  /// `shownURLLength` characters; safe to print anywhere.
  static func shown(_ text: String) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == shownURLLength {
        result += "…\" (\(text.utf8.count) bytes)"
        return result
      }
      count += 1
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
