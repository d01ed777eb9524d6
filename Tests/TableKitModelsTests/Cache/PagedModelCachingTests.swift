import Foundation
import Synchronization
import TableKit
import TableKitModels
import Testing

extension Post: Codable {
  enum CodingKeys: String, CodingKey { case id, title }

  /// Decodes `{"id": 1, "title": "…"}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(Int.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title))
  }

  /// Encodes `{"id": 1, "title": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
  }
}

/// A paged model with a caching page loader: policies, outdated by age, saved rows.
@MainActor @Suite struct PagedModelCachingTests {
  /// A model over a generated feed of 5 posts, cached in `folder` for 60 s; `calls` counts
  /// the source's loads.
  func model(
    folder: String, clock: TestClock, calls: LoadCounter, pageSize: Int = 2
  ) -> PagedModel<Post> {
    let cache = PageCache(folder: folder, clock: clock.closure)
    return PagedModel(
      pageSize: pageSize, clock: clock.closure,
      cachingLoader: cache.pageLoader(
        lifetime: 60, clock: clock.closure, key: { "feed/\($0)/\($1)" }
      ) { page, size in
        calls.increment()
        return feedPage(page, pageSize: size, count: 5)
      })
  }

  @Test func aFreshSavedPageIsShownWithoutLoadingAndGoesOutdatedWithAge() async {
    await withCacheFolder { folder in
      let clock = TestClock()
      let calls = LoadCounter()
      let first = model(folder: folder, clock: clock, calls: calls)
      await first.load()
      #expect(calls.value == 1)
      #expect(first.savedRowsDate == nil)
      #expect(!first.isOutdated)

      clock.advance(by: 30)
      let relaunched = model(folder: folder, clock: clock, calls: calls)
      await relaunched.load()
      #expect(calls.value == 1)
      #expect(relaunched.items == first.items)
      #expect(relaunched.savedRowsDate == Date(timeIntervalSince1970: 1_700_000_000))
      #expect(!relaunched.isOutdated)
      clock.advance(by: 30)
      #expect(relaunched.isOutdated)  // 60 s old: the lifetime is over

      await relaunched.load()  // useFreshCache: the page is stale, so the source is asked
      #expect(calls.value == 2)
      #expect(relaunched.savedRowsDate == nil)
      #expect(!relaunched.isOutdated)
      relaunched.invalidate()
      #expect(relaunched.isOutdated)
    }
  }

  @Test func cacheOnlyFailsWithATypedErrorWhenNothingIsSaved() async {
    await withCacheFolder { folder in
      let clock = TestClock()
      let calls = LoadCounter()
      let offline = model(folder: folder, clock: clock, calls: calls)
      await offline.load(.cacheOnly)
      #expect(calls.value == 0)
      let expected = PageNotCachedError(page: 0, key: "feed/0/2")
      #expect(offline.loadState.error as? PageNotCachedError == expected)
      await offline.load(.reload)
      #expect(calls.value == 1)
      clock.advance(by: 3_600)
      await offline.load(.cacheOnly)
      #expect(calls.value == 1)
      #expect(offline.items.map(\.id) == [0, 1])
      #expect(offline.isOutdated)
      await offline.retry()  // repeats the cache-only load
      #expect(calls.value == 1)
    }
  }

  @Test func theStatusRowSaysWhenTheSavedRowsAreFrom() async {
    await withCacheFolder { folder in
      let clock = TestClock()
      let calls = LoadCounter()
      let online = model(folder: folder, clock: clock, calls: calls, pageSize: 10)
      await online.load()
      let offline = model(folder: folder, clock: clock, calls: calls, pageSize: 10)
      let source = ModelDataSource(model: offline, title: "Posts", emptyMessage: "None")
      await offline.load(.cacheOnly)
      #expect(offline.items.count == 5)
      #expect(source.statusRow?.kind == .savedRows)
      #expect(source.statusRow?.kind.isStatus == true)
      // 1_700_000_000 s after 1970 is 2023-11-14 22:13:20 UTC.
      #expect(source.statusRow?.text == "Showing saved rows from 2023-11-14T22:13:20Z")
      await offline.load(.reload)
      #expect(source.statusRow == nil)
    }
  }

  @Test func whileTheSavedRowsAreRevalidatedTheLoadingRowSaysTheyAreSaved() async {
    await withCacheFolder { folder in
      let clock = TestClock()
      let calls = LoadCounter()
      await model(folder: folder, clock: clock, calls: calls, pageSize: 10).load()
      clock.advance(by: 120)
      let relaunched = model(folder: folder, clock: clock, calls: calls, pageSize: 10)
      let source = ModelDataSource(model: relaunched, title: "Posts", emptyMessage: "None")
      let watcher = StatusWatcher(source)
      relaunched.addListener(watcher)
      await relaunched.load(.cacheOnly)  // the first screen: saved rows, no load
      #expect(calls.value == 1)
      #expect(relaunched.isOutdated)
      await relaunched.load(.revalidate)  // then the source
      #expect(calls.value == 2)
      #expect(
        watcher.rowsAtStart == [
          nil,  // the cache-only load: nothing shown yet
          "Showing saved rows from 2023-11-14T22:13:20Z",  // the saved rows stay while loading
        ])
      #expect(source.statusRow == nil)
      #expect(!relaunched.isOutdated)
    }
  }

  @Test func aPlainLoaderIgnoresThePolicyAndNeverGoesOutdatedByAge() async {
    let model = PagedModel<Post>(pageSize: 2) { page, size in
      feedPage(page, pageSize: size, count: 5)
    }
    await model.load(.cacheOnly)
    #expect(model.items.map(\.id) == [0, 1])
    #expect(!model.isOutdated)
    #expect(model.savedRowsDate == nil)
  }
}

/// Records the second line of a data source's status row each time its model starts loading.
final class StatusWatcher: ModelListener {
  let source: ModelDataSource<PagedModel<Post>>
  var rowsAtStart: [String?] = []

  init(_ source: ModelDataSource<PagedModel<Post>>) { self.source = source }

  func modelDidStartLoading(_ model: any LoadableModel) {
    rowsAtStart.append(source.statusRow?.detail)
  }
}

/// A count shared with a `@Sendable` loader.
final class LoadCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
