import Foundation
import Synchronization
import TableKit
import TableKitModels
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache stays in its folder: an entry that is a symbolic link or a FIFO is a miss, is
/// removed, is never followed, read, waited on or written through.
@MainActor @Suite struct PageCacheFilesTests {
  /// A paged model over a feed of 5 posts, two a page, cached in `folder` for 60 s.
  func model(folder: String, clock: TestClock, calls: LoadCounter) -> PagedModel<Post> {
    let cache = PageCache(folder: folder, clock: clock.closure)
    return PagedModel(
      pageSize: 2, clock: clock.closure,
      cachingLoader: cache.pageLoader(
        lifetime: 60, clock: clock.closure, key: { "feed/\($0)/\($1)" }
      ) { page, size in
        calls.increment()
        return feedPage(page, pageSize: size, count: 5)
      })
  }

  /// A cache folder `inside` whose first page's entry is a symbolic link to a fresh, valid
  /// entry of the same key in the folder `outside`.
  struct LinkedEntry {
    let inside: String
    let outside: String
    let name: String
    let bytes: Data
    let clock = TestClock()
    let calls = LoadCounter()

    /// The entry's path in the cache folder (the link, or what replaced it).
    var path: String { inside + "/" + name }

    /// Whether the file outside still holds exactly what it held.
    var outsideIsUnchanged: Bool {
      (try? Data(contentsOf: URL(fileURLWithPath: outside + "/" + name))) == bytes
    }
  }

  /// Makes a ``LinkedEntry`` in a fresh folder (the outside entry stored by a first load, the
  /// source's one call) and runs `body` with it.
  func withLinkedEntry(_ body: (LinkedEntry) async throws -> Void) async throws {
    try await withCacheFolder { folder in
      let (outside, inside) = (folder + "/outside", folder + "/inside")
      let clock = TestClock()
      let calls = LoadCounter()
      await model(folder: outside, clock: clock, calls: calls).load()
      let names = entryFiles(in: outside)
      try #require(names.count == 1 && calls.value == 1)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: outside + "/" + names[0]))
      try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
      try #require(symlink(outside + "/" + names[0], inside + "/" + names[0]) == 0)
      // The entry's own clock starts where the outside load's did; its calls from 0.
      try await body(LinkedEntry(inside: inside, outside: outside, name: names[0], bytes: bytes))
    }
  }

  @Test func aLinkToAnEntryOutsideTheFolderIsNotServedByCacheOnly() async throws {
    try await withLinkedEntry { entry in
      let offline = model(folder: entry.inside, clock: entry.clock, calls: entry.calls)
      await offline.load(.cacheOnly)
      #expect(offline.items.isEmpty)
      #expect(
        offline.loadState.error as? PageNotCachedError
          == PageNotCachedError(page: 0, key: "feed/0/2"))
      #expect(entry.calls.value == 0)
      // The link is removed; the file it pointed to is untouched.
      #expect(!PageCacheFilesTests.exists(entry.path))
      #expect(entry.outsideIsUnchanged)
    }
  }

  @Test func aLinkToAnEntryOutsideTheFolderIsNotServedByUseFreshCache() async throws {
    try await withLinkedEntry { entry in
      entry.clock.advance(by: 10)
      let relaunched = model(folder: entry.inside, clock: entry.clock, calls: entry.calls)
      await relaunched.load()  // useFreshCache: the outside entry is fresh, yet not used
      #expect(entry.calls.value == 1)
      #expect(relaunched.items.map(\.id) == [0, 1])
      // The page the source gave was stored as a regular file in the folder, not through the
      // link: the outside file holds what it held.
      #expect(PageCacheFilesTests.isRegularFile(entry.path))
      #expect(entry.outsideIsUnchanged)
    }
  }

  @Test func aRevalidationDoesNotWriteThroughALink() async throws {
    try await withLinkedEntry { entry in
      entry.clock.advance(by: 120)
      let revalidating = model(folder: entry.inside, clock: entry.clock, calls: entry.calls)
      await revalidating.load(.revalidate)
      #expect(entry.calls.value == 1)
      // A store two minutes later would have written other bytes (the response time).
      #expect(entry.outsideIsUnchanged)
      #expect(PageCacheFilesTests.isRegularFile(entry.path))
    }
  }

  @Test func aFIFOInPlaceOfAnEntryIsAMissThatDoesNotBlock() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, clock: clock.closure)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = cache.path(forKey: "feed/0/2")
      try #require(mkfifo(path, 0o600) == 0)
      let found = Mutex<CachedPage??>(nil)
      let finished = PageCacheFilesTests.finishes(within: 5, unblocking: path) {
        let page = cache.page(forKey: "feed/0/2")
        found.withLock { $0 = .some(page) }
      }
      #expect(finished, "the load of a FIFO entry blocked")
      #expect(found.withLock { $0 } == .some(nil))
      #expect(!PageCacheFilesTests.exists(path))
    }
  }

  @Test func aStoreOverAFIFOReplacesItWithoutBlocking() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, clock: clock.closure)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let page = CachedPage(
        key: "k", body: Array("rows".utf8),
        freshness: PageFreshness(responseTime: clock.now, lifetime: 60))
      let path = cache.path(forKey: "k")
      try #require(mkfifo(path, 0o600) == 0)
      let failure = Mutex<String?>(nil)
      let finished = PageCacheFilesTests.finishes(within: 5, unblocking: path) {
        do {
          try cache.store(page)
        } catch {
          failure.withLock { $0 = "\(error)" }
        }
      }
      #expect(finished, "the store over a FIFO entry blocked")
      #expect(failure.withLock { $0 } == nil)
      // Read back only once it is a regular file: a FIFO left there would block the read.
      try #require(PageCacheFilesTests.isRegularFile(path))
      #expect(cache.page(forKey: "k") == page)
    }
  }

  /// Runs `body` on a thread of its own and waits for it at most `seconds`.
  ///
  /// Returns `true` when it finished in time. When it did not, the FIFO at `fifo` is opened
  /// from this side (for
  /// reading and for writing), which releases a body blocked opening it, so the test fails
  /// instead of hanging.
  nonisolated static func finishes(
    within seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> Void
  ) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .success { return true }
    // Both ends stay open until the body is done, so a released writer never meets a closed
    // pipe (SIGPIPE) and a released reader reads nothing.
    var opened: [Int32] = []
    while done.wait(timeout: .now() + 0.1) == .timedOut {
      for flags in [O_WRONLY | O_NONBLOCK, O_RDONLY | O_NONBLOCK] {
        let descriptor = open(fifo, flags)
        if descriptor >= 0 { opened.append(descriptor) }
      }
    }
    for descriptor in opened { close(descriptor) }
    return false
  }

  nonisolated static func status(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
  }

  nonisolated static func exists(_ path: String) -> Bool { status(path) != nil }

  nonisolated static func isLink(_ path: String) -> Bool {
    status(path).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
  }

  nonisolated static func isRegularFile(_ path: String) -> Bool {
    status(path).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
  }
}
