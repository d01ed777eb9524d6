import TableKit

/// One page as a ``PageCache`` keeps it: the bytes of the answer, how fresh they are, and the
/// validators a revalidation sends back to the server.
///
/// ```swift
/// let page = CachedPage(
///   key: "https://news.example/stories?page=0&page_size=50",
///   body: Array(#"[{"id": 1, "title": "One"}]"#.utf8),
///   freshness: PageFreshness(responseTime: Date(), lifetime: 60),
///   entityTag: #""v1""#)
/// ```
public struct CachedPage: Hashable, Sendable {
  /// The key the page is stored under, such as its URL.
  public var key: String
  /// The bytes of the page as its source sent them (for HTTP, the response body).
  public var body: [UInt8]
  /// How old the page is and how long it stays fresh.
  public var freshness: PageFreshness
  /// The `ETag` of the answer, sent back as `If-None-Match`, or `nil`.
  public var entityTag: String?
  /// The `Last-Modified` of the answer, sent back as `If-Modified-Since`, or `nil`.
  public var lastModified: String?

  /// Creates a page to store.
  ///
  /// - Parameters:
  ///   - key: The key to store it under.
  ///   - body: The page's bytes.
  ///   - freshness: How fresh it is.
  ///   - entityTag: The answer's `ETag`, or `nil`.
  ///   - lastModified: The answer's `Last-Modified`, or `nil`.
  public init(
    key: String, body: [UInt8], freshness: PageFreshness, entityTag: String? = nil,
    lastModified: String? = nil
  ) {
    self.key = key
    self.body = body
    self.freshness = freshness
    self.entityTag = entityTag
    self.lastModified = lastModified
  }

  /// Whether a revalidation can ask "has it changed?": the page has an entity tag or a
  /// modification date.
  public var hasValidators: Bool { entityTag != nil || lastModified != nil }
}
