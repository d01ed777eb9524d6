public import Foundation
import TableKit
public import TableKitModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension RemotePageLoader {
  /// Fetches one page under a cache policy, keeping pages in `cache` and revalidating them
  /// with the server as HTTP caching (RFC 9111) describes it for a private cache.
  ///
  /// ```swift
  /// let cache = PageCache(folder: cachesFolder + "/stories")
  /// let page = try await loader.load(page: 0, pageSize: 50, policy: .revalidate, cache: cache)
  /// print(page.origin)  // network, or revalidated after a 304
  /// ```
  ///
  /// The page's URL is its cache key. What happens, by `CachePolicy`:
  ///
  /// - A page cached and still fresh (its age below its lifetime, see `PageFreshness`) is
  ///   used without a request under `CachePolicy.useFreshCache`.
  /// - Otherwise, except under `CachePolicy.reload`, a cached page's `ETag` goes out as
  ///   `If-None-Match` and its `Last-Modified` as `If-Modified-Since`. A `304 Not Modified`
  ///   reuses the cached page without a body to decode, and its headers renew the page's
  ///   freshness in the cache.
  /// - A `200` answer is decoded, then stored with its freshness and validators unless it says
  ///   `Cache-Control: no-store`. Only answers that decoded are stored, so the cache never
  ///   holds a page that shows wrong rows. A failure to store does not fail the load.
  /// - `CachePolicy.cacheOnly` never makes a request: the cached page, fresh or stale, or
  ///   `PageNotCachedError` (also for an entry that is damaged).
  ///
  /// Freshness is reckoned here, from the response's `Cache-Control` (`max-age`, `no-cache`,
  /// `no-store`), `Age`, `Date` and `Expires`; see the "Cache policies" section of the
  /// TableKit article "Loading and paging". Every request this method makes says
  /// `reloadIgnoringLocalCacheData`, so Foundation's `URLCache` neither answers it nor adds
  /// headers of its own: the behaviour comes from this code on every platform, not from
  /// FoundationNetworking's cache, whose answers on Linux the tests show are not what RFC 9111
  /// asks (see `FoundationURLCacheTests`).
  ///
  /// - Parameters:
  ///   - page: The page, from 0.
  ///   - pageSize: The items a full page holds.
  ///   - policy: How to use the cache.
  ///   - cache: Where pages are kept.
  ///   - clock: The time freshness is reckoned with; the system's by default.
  /// - Returns: The page's items, where they came from and when they go stale.
  /// - Throws: ``RemotePageError`` as ``load(page:pageSize:)`` does, `PageNotCachedError`
  ///   under `CachePolicy.cacheOnly` with nothing cached, or `CancellationError`.
  public func load(
    page: Int, pageSize: Int, policy: CachePolicy, cache: PageCache,
    clock: @Sendable () -> Date = { Date() }
  ) async throws -> LoadedPage<Item> {
    let address = url(forPage: page, pageSize: pageSize)
    let key = address.absoluteString
    var cached = policy == .reload ? nil : cache.page(forKey: key)
    var cachedItems: [Item] = []
    if let stored = cached {
      if let items = try? decode(stored.body, page: page, address: address) {
        cachedItems = items
      } else {
        // Intact but not a page of these items (the app's item type changed since): no
        // cache, and no validators, or a 304 would keep sending back what cannot be shown.
        cache.removePage(forKey: key)
        cached = nil
      }
    }
    switch policy {
    case .cacheOnly:
      guard let cached else { throw PageNotCachedError(page: page, key: key) }
      return LoadedPage(
        items: cachedItems, origin: .cache, date: cached.freshness.responseTime,
        expiry: cached.freshness.expiry)
    case .useFreshCache:
      if let cached, cached.freshness.isFresh(at: clock()) {
        return LoadedPage(
          items: cachedItems, origin: .cache, date: cached.freshness.responseTime,
          expiry: cached.freshness.expiry)
      }
    case .revalidate, .reload:
      break
    }
    var request = URLRequest(
      url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let entityTag = cached?.entityTag {
      request.setValue(entityTag, forHTTPHeaderField: "If-None-Match")
    }
    if let lastModified = cached?.lastModified {
      request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    let requestTime = clock()
    let (data, response) = try await send(request, page: page, address: address)
    let responseTime = clock()
    let status = response?.statusCode ?? 200
    let headers = response.map(HTTPFreshness.init) ?? HTTPFreshness(fields: [:])
    let freshness = headers.freshness(requestTime: requestTime, responseTime: responseTime)
    if status == 304, let cached {
      if headers.isStorable {
        let renewed = CachedPage(
          key: key, body: cached.body, freshness: freshness,
          entityTag: headers.entityTag ?? cached.entityTag,
          lastModified: headers.lastModified ?? cached.lastModified)
        try? cache.store(renewed)
      }
      return LoadedPage(
        items: cachedItems, origin: .revalidated, date: responseTime, expiry: freshness.expiry)
    }
    guard (200..<300).contains(status) else {
      throw RemotePageError(page: page, url: address, reason: .httpStatus(status))
    }
    let items = try decode(data, page: page, address: address)
    if status == 200, headers.isStorable {
      let stored = CachedPage(
        key: key, body: [UInt8](data), freshness: freshness, entityTag: headers.entityTag,
        lastModified: headers.lastModified)
      try? cache.store(stored)
    }
    return LoadedPage(items: items, origin: .network, date: responseTime, expiry: freshness.expiry)
  }

  /// This loader with `cache` as a `PagedModel`'s caching page loader.
  ///
  /// ```swift
  /// let stories = PagedModel(
  ///   pageSize: 50, cachingLoader: loader.cachingPageLoader(cache: cache))
  /// await stories.load(.cacheOnly)
  /// ```
  ///
  /// - Parameters:
  ///   - cache: Where pages are kept.
  ///   - clock: The time freshness is reckoned with; the system's by default.
  /// - Returns: The loader, calling ``load(page:pageSize:policy:cache:clock:)``.
  public func cachingPageLoader(
    cache: PageCache, clock: @escaping @Sendable () -> Date = { Date() }
  ) -> PagedModel<Item>.CachingPageLoader
  where Item: Identifiable & Equatable, Item.ID: Sendable {
    { page, pageSize, policy in
      try await self.load(
        page: page, pageSize: pageSize, policy: policy, cache: cache, clock: clock)
    }
  }

  // MARK: Steps

  /// Sends `request`; the answer's body and HTTP response, or a ``RemotePageError``.
  private func send(
    _ request: URLRequest, page: Int, address: URL
  ) async throws -> (Data, HTTPURLResponse?) {
    do {
      guard let (data, response) = try await fetch(request, page: page) else {
        throw RemotePageError(page: page, url: address, reason: .timedOut(seconds: timeout))
      }
      return (data, response as? HTTPURLResponse)
    } catch let error as RemotePageError {
      throw error
    } catch {
      try Task.checkCancellation()
      throw RemotePageError(page: page, url: address, reason: reason(for: error))
    }
  }

  /// The items in `body`, or a ``RemotePageError`` saying where the JSON was wrong.
  private func decode(
    _ body: some Collection<UInt8>, page: Int, address: URL
  ) throws(RemotePageError) -> [Item] {
    do {
      return try JSONDecoder().decode([Item].self, from: Data(body))
    } catch let error as DecodingError {
      throw RemotePageError(page: page, url: address, reason: Self.malformed(error))
    } catch {
      throw RemotePageError(page: page, url: address, reason: .transport("\(error)"))
    }
  }
}
