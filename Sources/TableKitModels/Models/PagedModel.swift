import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A model of `Identifiable` items fetched a page at a time by an async page loader.
///
/// ```swift
/// let feed = PagedModel<Post>(pageSize: 50) { page, pageSize in
///   try await api.posts(page: page, pageSize: pageSize)
/// }
/// await feed.load()            // page 0
/// await feed.load(more: true)  // page 1, appended
/// ```
///
/// The transitions are those of ``PagingState`` (see its rules: short pages end paging,
/// superseded answers are ignored, failures keep the items, a repeated item keeps its first
/// place); the model adds the async work and tells its ``ModelListener``s, weakly held, of
/// every step. A ``ModelDataSource`` shows it in a table.
///
/// ## Cache policies and outdated items
///
/// A model made with a caching page loader (``init(pageSize:clock:cachingLoader:)``, such as
/// TableKitNetworking's `RemotePageLoader` with a ``PageCache``) takes a ``CachePolicy`` on
/// every load, ``load(_:more:isolation:)``, and learns from each page where it came from and
/// when it goes stale. ``isOutdated`` is then `true` once the shown pages are older than their
/// freshness lifetime, as well as after ``invalidate()``; ``savedRowsDate`` says when the rows
/// shown from the cache were saved, and a ``ModelDataSource`` says so in its status row.
///
/// ```swift
/// await feed.load(.cacheOnly)  // the saved rows, at once, with no request
/// if feed.isOutdated { await feed.load(.revalidate) }
/// ```
///
/// ## Isolation
///
/// The model is not `Sendable`: it lives in its caller's isolation domain, usually the main
/// actor, beside the table that shows it. ``load(more:isolation:)`` takes that isolation
/// (`#isolation`, the default), so the model's state, its listeners and the table change only
/// there; the page loader alone runs elsewhere, as a child task whose result, `[Item]`, is
/// `Sendable`. Nothing is shared between domains, so there is nothing to lock.
///
/// ## Cancelling
///
/// ``cancel()`` cancels the page loader's task and makes the model `cancelled` at once; the
/// loader's late answer, if it gives one, is ignored. Cancelling the task that awaits
/// ``load(more:isolation:)`` does the same. ``reset()`` cancels and forgets every item.
public final class PagedModel<Item: Identifiable & Equatable & Sendable>: LoadableModel
where Item.ID: Sendable {
  /// Fetches one page: the items of page `page` (from 0) of at most `pageSize` items.
  public typealias PageLoader = @Sendable (_ page: Int, _ pageSize: Int) async throws -> [Item]
  /// Fetches one page under a cache policy: the items of page `page` (from 0) of at most
  /// `pageSize` items, where they came from and when they go stale.
  public typealias CachingPageLoader =
    @Sendable (_ page: Int, _ pageSize: Int, _ policy: CachePolicy) async throws -> Page
  /// A page as a caching page loader returns it.
  public typealias Page = LoadedPage<Item>

  /// The paging state: items, load state, next page, generation.
  public private(set) var paging: PagingState<Item>
  /// The policy of the loads that name none: ``load(more:isolation:)`` and the loads a
  /// ``ModelDataSource`` starts; ``CachePolicy/useFreshCache`` unless set.
  public var defaultCachePolicy = CachePolicy.useFreshCache
  /// The ages of the pages shown.
  package private(set) var shownPages = ShownPages()
  private let loader: CachingPageLoader
  private let clock: @Sendable () -> Date
  private var lastPolicy = CachePolicy.useFreshCache
  private var listeners = ModelListeners()
  private var fetch: Task<LoadedPage<Item>, any Error>?

  /// Creates an idle model.
  ///
  /// - Parameters:
  ///   - pageSize: The items a full page holds; a shorter page is the last one. Values below 1
  ///     are taken as 1.
  ///   - loader: Fetches a page; it may throw, and should stop when its task is cancelled.
  public init(pageSize: Int, loader: @escaping PageLoader) {
    let clock: @Sendable () -> Date = { Date() }
    self.paging = PagingState(pageSize: pageSize)
    self.clock = clock
    self.loader = { page, pageSize, _ in
      LoadedPage(items: try await loader(page, pageSize), origin: .network, date: clock())
    }
  }

  /// Creates an idle model whose loads take a cache policy.
  ///
  /// - Parameters:
  ///   - pageSize: The items a full page holds; values below 1 are taken as 1.
  ///   - clock: The time ``isOutdated`` compares the pages' expiry with; the system's by
  ///     default (tests inject one).
  ///   - cachingLoader: Fetches a page under a policy; it may throw, and should stop when its
  ///     task is cancelled.
  public init(
    pageSize: Int, clock: @escaping @Sendable () -> Date = { Date() },
    cachingLoader: @escaping CachingPageLoader
  ) {
    self.paging = PagingState(pageSize: pageSize)
    self.clock = clock
    self.loader = cachingLoader
  }

  /// The items loaded, in order, with unique identifiers.
  public var items: [Item] { paging.items }
  /// Where loading stands.
  public var loadState: LoadState { paging.loadState }
  /// Whether another page may follow.
  public var hasMore: Bool { paging.hasMore }
  /// Whether the items should be loaded again: they were marked outdated by ``invalidate()``
  /// and not loaded from page 0 since, or a page shown is older than its freshness lifetime.
  public var isOutdated: Bool { paging.isOutdated || shownPages.isStale(at: clock()) }
  /// When the oldest page shown straight from the cache was saved, or `nil` when every page
  /// shown came from the source (or was revalidated with it).
  public var savedRowsDate: Date? { shownPages.savedDate }
  /// The number of items a full page holds.
  public var pageSize: Int { paging.pageSize }

  /// Loads the next page when `more` is `true` (and something was loaded), else page 0;
  /// returns when that load finished, failed, was cancelled or was superseded.
  ///
  /// Loading more while a load is under way, or after the last page, does nothing. Loading
  /// from page 0 supersedes a load under way: its answer will be ignored.
  ///
  /// - Parameters:
  ///   - more: Whether to append the next page rather than load from the start.
  ///   - isolation: The caller's isolation, where the model lives.
  public func load(more: Bool = false, isolation: isolated (any Actor)? = #isolation) async {
    await load(defaultCachePolicy, more: more)
  }

  /// Loads the next page when `more` is `true` (and something was loaded), else page 0, under
  /// `policy`; returns when that load finished, failed, was cancelled or was superseded.
  ///
  /// A model made with a plain page loader has no cache and ignores the policy.
  ///
  /// ```swift
  /// await feed.load(.cacheOnly)             // offline: the saved page 0, or a failure
  /// await feed.load(.revalidate, more: true)  // page 1, asking the server
  /// ```
  ///
  /// - Parameters:
  ///   - policy: How the load uses the cache.
  ///   - more: Whether to append the next page rather than load from the start.
  ///   - isolation: The caller's isolation, where the model lives.
  public func load(
    _ policy: CachePolicy, more: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) async {
    guard let request = paging.start(more: more) else { return }
    lastPolicy = policy
    await run(request, policy: policy)
  }

  /// Repeats the last load that started, page 0 or the next page, under its cache policy.
  ///
  /// - Parameter isolation: The caller's isolation, where the model lives.
  public func retry(isolation: isolated (any Actor)? = #isolation) async {
    await load(lastPolicy, more: paging.lastLoadKind == .more)
  }

  /// Cancels the load under way, if any: the model becomes `cancelled` and keeps its items.
  public func cancel() {
    guard paging.cancel() else { return }
    fetch?.cancel()
    fetch = nil
    tell { $0.modelDidCancelLoading(self) }
  }

  /// Cancels any load and forgets every item; listeners hear of the deleted items, then of the
  /// reset.
  public func reset() {
    fetch?.cancel()
    fetch = nil
    let changes = paging.reset()
    shownPages = ShownPages()
    if !changes.isEmpty { tell { $0.model(self, didChangeItems: changes) } }
    tell { $0.modelDidReset(self) }
  }

  /// Marks the items outdated; they stay shown until a load from page 0 replaces them.
  public func invalidate() {
    paging.invalidate()
  }

  /// Adds `listener`, held weakly; adding it again changes nothing.
  ///
  /// - Parameter listener: The object to tell.
  public func addListener(_ listener: any ModelListener) {
    listeners.add(listener)
  }

  /// Removes `listener`.
  ///
  /// - Parameter listener: An object added before.
  public func removeListener(_ listener: any ModelListener) {
    listeners.remove(listener)
  }

  /// The number of listener entries held, including any that went away and were not dropped
  /// yet (they are dropped the next time listeners are told something).
  package var listenerEntryCount: Int { listeners.count }

  // MARK: Running a load

  private func run(
    _ request: PageRequest, policy: CachePolicy, isolation: isolated (any Actor)? = #isolation
  ) async {
    fetch?.cancel()
    let loader = self.loader
    let task = Task { try await loader(request.page, request.pageSize, policy) }
    fetch = task
    tell { $0.modelDidStartLoading(self) }
    let result: Result<LoadedPage<Item>, any Error>
    do {
      result = .success(
        try await withTaskCancellationHandler {
          try await task.value
        } onCancel: {
          task.cancel()
        })
    } catch {
      result = .failure(error)
    }
    if fetch == task { fetch = nil }
    switch result {
    case .success(let page) where !Task.isCancelled:
      guard let changes = paging.receive(page.items, for: request) else { return }
      shownPages.receive(page, startingOver: request.kind != .more)
      if !changes.isEmpty { tell { $0.model(self, didChangeItems: changes) } }
      tell { $0.modelDidFinishLoading(self) }
    case .failure(let error) where !Task.isCancelled && !(error is CancellationError):
      guard paging.fail(error, for: request) else { return }
      tell { $0.model(self, didFailWith: error) }
    default:
      guard paging.cancelled(request) else { return }
      tell { $0.modelDidCancelLoading(self) }
    }
  }

  private func tell(_ message: (any ModelListener) -> Void) {
    for listener in listeners.alive() { message(listener) }
  }
}
