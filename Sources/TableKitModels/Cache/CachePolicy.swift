import TableKit

/// How a load uses the page cache: a fresh cached page, a revalidation with the server, the
/// server alone, or the cache alone.
///
/// The cases follow what an app needs on each screen, after Three20's per-load cache policy:
///
/// | Policy                 | A fresh page is cached | A stale page is cached         | Nothing is cached        |
/// |------------------------|------------------------|--------------------------------|--------------------------|
/// | ``useFreshCache``      | the cached page, no request | a conditional request      | a request                |
/// | ``revalidate``         | a conditional request  | a conditional request          | a request                |
/// | ``reload``             | a request              | a request                      | a request                |
/// | ``cacheOnly``          | the cached page        | the cached page (outdated)     | ``PageNotCachedError``   |
///
/// A conditional request carries the cached page's validators (`If-None-Match`,
/// `If-Modified-Since`); a `304 Not Modified` answer reuses the cached page. Every answer the
/// server allows to be stored is written to the cache, whatever the policy, so ``reload`` also
/// refreshes the cache.
///
/// ```swift
/// await feed.load(.cacheOnly)  // the relaunched app's first screen: the saved rows at once
/// if feed.isOutdated { await feed.load(.revalidate) }  // then the server, if they are stale
/// ```
public enum CachePolicy: Hashable, Sendable, CustomStringConvertible {
  /// Uses a cached page that is still fresh without asking the server; otherwise asks, with a
  /// conditional request when a stale page is cached. The default.
  case useFreshCache
  /// Always asks the server, with a conditional request when a page is cached, fresh or not.
  case revalidate
  /// Asks the server without looking at the cache; the answer is still stored.
  case reload
  /// Never asks the server: the cached page, fresh or stale, or a ``PageNotCachedError``.
  case cacheOnly

  /// `useFreshCache`, `revalidate`, `reload` or `cacheOnly`.
  public var description: String {
    switch self {
    case .useFreshCache: "useFreshCache"
    case .revalidate: "revalidate"
    case .reload: "reload"
    case .cacheOnly: "cacheOnly"
    }
  }
}
