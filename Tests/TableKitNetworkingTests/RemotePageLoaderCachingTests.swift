import Foundation
import Synchronization
import TableKit
import TableKitModels
import TableKitNetworking
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A clock the test moves by hand.
final class ManualClock: Sendable {
  private let time = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

  var now: Date { time.withLock { $0 } }
  func advance(by seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
  var closure: @Sendable () -> Date { { self.now } }
}

/// The caching loader against the loopback origin that counts requests.
@MainActor @Suite struct RemotePageLoaderCachingTests {
  /// Runs `body` with an origin, its server, a session (a default one, with Foundation's
  /// `URLCache`, which the loader must not depend on), a clock and an empty cache folder.
  func withOrigin(
    _ body: (CachingOrigin, LoopbackHTTPServer, URLSession, ManualClock, String) async throws ->
      Void
  ) async throws {
    let origin = CachingOrigin()
    let server = try LoopbackHTTPServer(route: origin.route)
    let session = URLSession(configuration: .default)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-http-cache-\(UUID().uuidString)").path
    defer {
      session.invalidateAndCancel()
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    try await body(origin, server, session, ManualClock(), folder)
  }

  func model(
    _ server: LoopbackHTTPServer, _ session: URLSession, _ clock: ManualClock, _ folder: String,
    pageSize: Int = 2
  ) -> PagedModel<Story> {
    let loader = RemotePageLoader<Story>(url: server.url("/feed"), session: session)
    let cache = PageCache(folder: folder, clock: clock.closure)
    return PagedModel(
      pageSize: pageSize, clock: clock.closure,
      cachingLoader: loader.cachingPageLoader(cache: cache, clock: clock.closure))
  }

  @Test func aFreshPageIsServedFromTheCacheWithNoRequest() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let first = model(server, session, clock, folder)
      await first.load()
      #expect(server.requestCount == 1)
      #expect(first.items.map(\.title) == ["Story 0 v1", "Story 1 v1"])
      clock.advance(by: 59)
      origin.update { $0.version = 2 }  // the server changed, but the page is still fresh
      let relaunched = model(server, session, clock, folder)
      await relaunched.load()
      #expect(server.requestCount == 1)
      #expect(relaunched.items.map(\.title) == ["Story 0 v1", "Story 1 v1"])
      #expect(relaunched.savedRowsDate == Date(timeIntervalSince1970: 1_700_000_000))
      #expect(!relaunched.isOutdated)
      clock.advance(by: 1)
      #expect(relaunched.isOutdated)
    }
  }

  @Test func aStalePageIsRevalidatedWithOneConditionalRequestAndA304() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let feed = model(server, session, clock, folder)
      await feed.load()
      clock.advance(by: 61)
      #expect(feed.isOutdated)
      await feed.load()
      #expect(server.requestCount == 2)
      #expect(origin.statuses == [200, 304])
      #expect(origin.conditions.last?.ifNoneMatch == "\"v1\"")
      #expect(feed.items.map(\.title) == ["Story 0 v1", "Story 1 v1"])
      #expect(!feed.isOutdated)  // the 304 renewed the freshness
      #expect(feed.savedRowsDate == nil)
      // The renewed entry is fresh for another 60 s: no request.
      clock.advance(by: 30)
      await feed.load()
      #expect(server.requestCount == 2)
    }
  }

  @Test func lastModifiedIsSentBackAsIfModifiedSince() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let date = "Tue, 14 Nov 2023 22:00:00 GMT"
      origin.update {
        $0.sendsEntityTag = false
        $0.lastModified = date
        $0.cacheControl = "no-cache"
      }
      let loader = RemotePageLoader<Story>(url: server.url("/feed"), session: session)
      let cache = PageCache(folder: folder, clock: clock.closure)
      let first = try await loader.load(
        page: 0, pageSize: 2, policy: .useFreshCache, cache: cache, clock: clock.closure)
      #expect(first.origin == .network)
      // no-cache: stored, but revalidated before every use.
      let second = try await loader.load(
        page: 0, pageSize: 2, policy: .useFreshCache, cache: cache, clock: clock.closure)
      #expect(second.origin == .revalidated)
      #expect(second.items.map(\.id) == [0, 1])
      #expect(origin.statuses == [200, 304])
      #expect(origin.conditions.last == .init(ifNoneMatch: nil, ifModifiedSince: date))
    }
  }

  @Test func aChangedPageReplacesTheCachedOne() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let feed = model(server, session, clock, folder)
      await feed.load()
      origin.update { $0.version = 2 }
      await feed.load(.revalidate)
      #expect(origin.statuses == [200, 200])
      #expect(feed.items.map(\.title) == ["Story 0 v2", "Story 1 v2"])
      await feed.load(.reload)
      #expect(origin.conditions.last == .init(ifNoneMatch: nil, ifModifiedSince: nil))
    }
  }

  @Test func noStoreIsNeverWritten() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      origin.update { $0.cacheControl = "private, no-store, max-age=600" }
      let feed = model(server, session, clock, folder)
      await feed.load()
      await feed.load()
      #expect(server.requestCount == 2)
      #expect(origin.conditions.allSatisfy { $0.ifNoneMatch == nil })
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      #expect(files.isEmpty)
      await feed.load(.cacheOnly)
      #expect(feed.loadState.error is PageNotCachedError)
      #expect(server.requestCount == 2)
    }
  }

  @Test func offlineWithNothingCachedFailsWithATypedErrorAndNoRequest() async throws {
    try await withOrigin { _, server, session, clock, folder in
      let feed = model(server, session, clock, folder)
      let source = ModelDataSource(model: feed, title: "Stories", emptyMessage: "None")
      await feed.load(.cacheOnly)
      #expect(server.requestCount == 0)
      let error = try #require(feed.loadState.error as? PageNotCachedError)
      #expect(error.key == "http://127.0.0.1:\(server.port)/feed?page=0&page_size=2")
      #expect(source.statusRow?.kind == .failure)
    }
  }

  @Test func offlineWithAStaleCachedPageShowsItAndSaysFromWhen() async throws {
    try await withOrigin { _, server, session, clock, folder in
      await model(server, session, clock, folder).load()
      clock.advance(by: 86_400)
      let feed = model(server, session, clock, folder)
      let source = ModelDataSource(model: feed, title: "Stories", emptyMessage: "None")
      await feed.load(.cacheOnly)
      #expect(server.requestCount == 1)
      #expect(feed.items.map(\.id) == [0, 1])
      #expect(feed.isOutdated)
      #expect(source.statusRow?.kind == .loadMore)
      #expect(source.statusRow?.detail == "Showing saved rows from 2023-11-14T22:13:20Z")
    }
  }

  @Test func ageAndDateCountTowardTheLifetime() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      // 50 s old on arrival by Age: 10 s of freshness left.
      origin.update { $0.extraHeaders = ["Age": "50"] }
      let feed = model(server, session, clock, folder)
      await feed.load()
      clock.advance(by: 9)
      #expect(!feed.isOutdated)
      clock.advance(by: 2)
      #expect(feed.isOutdated)
    }
  }

  @Test func aCorruptOrTruncatedEntryIsAMissNeverWrongRows() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let cache = PageCache(folder: folder, clock: clock.closure)
      await model(server, session, clock, folder).load()
      let key = "http://127.0.0.1:\(server.port)/feed?page=0&page_size=2"
      let path = cache.path(forKey: key)
      let url = URL(fileURLWithPath: path)
      var bytes = [UInt8](try Data(contentsOf: url))
      // Corrupt: "Story 0" becomes "Story 9" in the body, lengths intact.
      let at = try #require(bytes.indices.last { bytes[$0] == UInt8(ascii: "0") && $0 > 40 })
      bytes[at] = UInt8(ascii: "9")
      try Data(bytes).write(to: url)
      let corrupt = model(server, session, clock, folder)
      await corrupt.load(.cacheOnly)
      #expect(corrupt.loadState.error is PageNotCachedError)
      #expect(corrupt.items.isEmpty)
      // The damaged entry was dropped; a load asks the server again, unconditionally.
      await corrupt.load()
      #expect(server.requestCount == 2)
      #expect(origin.conditions.last?.ifNoneMatch == nil)
      #expect(corrupt.items.map(\.title) == ["Story 0 v1", "Story 1 v1"])
      // Truncated: the last 10 bytes lost.
      let whole = [UInt8](try Data(contentsOf: url))
      try Data(whole.dropLast(10)).write(to: url)
      let truncated = model(server, session, clock, folder)
      await truncated.load(.cacheOnly)
      #expect(truncated.loadState.error is PageNotCachedError)
      #expect(server.requestCount == 2)
    }
  }

  @Test func anIntactEntryThatIsNotAPageOfTheseItemsIsDroppedNotRevalidated() async throws {
    try await withOrigin { origin, server, session, clock, folder in
      let loader = RemotePageLoader<Story>(url: server.url("/feed"), session: session)
      let cache = PageCache(folder: folder, clock: clock.closure)
      let key = loader.url(forPage: 0, pageSize: 2).absoluteString
      // What an older app version stored: whole and checked, but another shape of item.
      try cache.store(
        CachedPage(
          key: key, body: Array(#"[{"id": "a", "name": "Old"}]"#.utf8),
          freshness: PageFreshness(responseTime: clock.now, lifetime: 600), entityTag: "\"v1\""))
      let page = try await loader.load(
        page: 0, pageSize: 2, policy: .useFreshCache, cache: cache, clock: clock.closure)
      #expect(page.origin == .network)
      #expect(page.items.map(\.title) == ["Story 0 v1", "Story 1 v1"])
      #expect(origin.conditions == [.init(ifNoneMatch: nil, ifModifiedSince: nil)])
      #expect(origin.statuses == [200])
    }
  }

  @Test func evictionKeepsTheFolderWithinItsBound() async throws {
    try await withOrigin { _, server, session, clock, folder in
      let loader = RemotePageLoader<Story>(url: server.url("/feed"), session: session)
      let probe = PageCache(folder: folder + "/probe", clock: clock.closure)
      _ = try await loader.load(page: 0, pageSize: 1, policy: .reload, cache: probe)
      let entry = probe.byteCount
      let cache = PageCache(
        folder: folder + "/bounded", maxBytes: 2 * entry + 2, clock: clock.closure)
      for page in 0..<3 {
        clock.advance(by: 1)
        _ = try await loader.load(
          page: page, pageSize: 1, policy: .reload, cache: cache, clock: clock.closure)
        #expect(cache.byteCount <= cache.maxBytes)
      }
      #expect(cache.page(forKey: loader.url(forPage: 0, pageSize: 1).absoluteString) == nil)
      #expect(cache.page(forKey: loader.url(forPage: 2, pageSize: 1).absoluteString) != nil)
      let requests = server.requestCount
      await #expect(throws: PageNotCachedError.self) {
        _ = try await loader.load(page: 0, pageSize: 1, policy: .cacheOnly, cache: cache)
      }
      #expect(server.requestCount == requests)
    }
  }

  @Test func twoModelsShareOneCacheFolderAtOnce() async throws {
    try await withOrigin { _, server, session, clock, folder in
      let url = server.url("/feed")
      // Two models, each in its own task, load the same pages over and over with policies
      // that read and write the same entries at once; every page they show must be right.
      let problems = try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<2 {
          group.addTask {
            let loader = RemotePageLoader<Story>(url: url, session: session)
            let cache = PageCache(folder: folder, maxBytes: 700, clock: clock.closure)
            let feed = PagedModel<Story>(
              pageSize: 2, clock: clock.closure,
              cachingLoader: loader.cachingPageLoader(cache: cache, clock: clock.closure))
            var problems: [String] = []
            let all = (0..<5).map { "Story \($0) v1" }
            for round in 0..<12 {
              let policy: CachePolicy = [.reload, .useFreshCache, .cacheOnly][(round + worker) % 3]
              for page in 0..<3 {
                await feed.load(policy, more: page > 0)
                if let error = feed.loadState.error, !(error is PageNotCachedError) {
                  problems.append("\(policy) page \(page): \(error)")
                }
              }
              // Whatever loaded is the feed's first rows, in order, never damaged ones.
              let titles = feed.items.map(\.title)
              if titles != Array(all.prefix(titles.count)) {
                problems.append("\(policy): \(titles)")
              }
            }
            return problems
          }
        }
        var all: [String] = []
        for try await found in group { all += found }
        return all
      }
      #expect(problems.isEmpty)
      let cache = PageCache(folder: folder, maxBytes: 700)
      #expect(cache.byteCount <= 700)
      let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      #expect(leftovers.allSatisfy { $0.hasSuffix(".page") })
    }
  }
}
