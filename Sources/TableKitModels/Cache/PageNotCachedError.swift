import TableKit

/// The error of a ``CachePolicy/cacheOnly`` load when the cache holds no usable page.
///
/// ```swift
/// await feed.load(.cacheOnly)
/// if feed.loadState.error is PageNotCachedError { print("nothing saved yet") }
/// ```
///
/// A page that was stored but is corrupt or truncated counts as not cached.
public struct PageNotCachedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The page asked for, from 0.
  public var page: Int
  /// The cache key looked up, such as the page's URL.
  public var key: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - page: The page asked for.
  ///   - key: The key looked up.
  public init(page: Int, key: String) {
    self.page = page
    self.key = key
  }

  /// A sentence naming the page and the key.
  ///
  /// For example: `Page 0 of feed/0/20 is not saved on this device, and the load was asked to
  /// use the cache only.`
  public var description: String {
    "Page \(page) of \(key) is not saved on this device, and the load was asked to use the "
      + "cache only."
  }
}
