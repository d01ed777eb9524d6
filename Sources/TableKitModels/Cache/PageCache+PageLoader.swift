import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension PageCache {
  /// A caching page loader around a plain one: each page it fetches is stored as JSON under
  /// `key(page, pageSize)` and stays fresh for `lifetime` seconds.
  ///
  /// For loaders that are not HTTP (a database, a generator, a file): there are no validators,
  /// so ``CachePolicy/revalidate`` fetches the page again, like ``CachePolicy/reload``.
  /// A failure to store a page does not fail the load: the page is shown, just not saved.
  ///
  /// ```swift
  /// let cache = PageCache(folder: "Caches/posts")
  /// let posts = PagedModel<Post>(
  ///   pageSize: 20,
  ///   cachingLoader: cache.pageLoader(lifetime: 300, key: { "posts/\($0)/\($1)" }) { page, size in
  ///     try await database.posts(page: page, pageSize: size)
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long a stored page stays fresh, in seconds.
  ///   - clock: The time pages are stamped with and compared against; the system's by default.
  ///   - key: The cache key of a page, from its number and the page size.
  ///   - loader: Fetches a page from the source.
  /// - Returns: The loader to give ``PagedModel/init(pageSize:clock:cachingLoader:)``.
  public func pageLoader<Item: Codable & Identifiable & Equatable & Sendable>(
    lifetime: Double,
    clock: @escaping @Sendable () -> Date = { Date() },
    key: @escaping @Sendable (_ page: Int, _ pageSize: Int) -> String,
    loader: @escaping PagedModel<Item>.PageLoader
  ) -> PagedModel<Item>.CachingPageLoader where Item.ID: Sendable {
    let cache = self
    return { page, pageSize, policy in
      let name = key(page, pageSize)
      if policy != .reload, let stored = cache.page(forKey: name),
        policy == .cacheOnly || (policy == .useFreshCache && stored.freshness.isFresh(at: clock())),
        let items = try? JSONDecoder().decode([Item].self, from: Data(stored.body))
      {
        return LoadedPage(
          items: items, origin: .cache, date: stored.freshness.responseTime,
          expiry: stored.freshness.expiry)
      }
      if policy == .cacheOnly { throw PageNotCachedError(page: page, key: name) }
      let items = try await loader(page, pageSize)
      let freshness = PageFreshness(responseTime: clock(), lifetime: lifetime)
      if let body = try? JSONEncoder().encode(items) {
        try? cache.store(CachedPage(key: name, body: Array(body), freshness: freshness))
      }
      return LoadedPage(
        items: items, origin: .network, date: freshness.responseTime, expiry: freshness.expiry)
    }
  }
}
