public import TableKit

/// The paging and load transitions of a paged model, as a value with no I/O: events go in,
/// requests and changes come out.
///
/// ``PagedModel`` feeds it the events of its async work; tests and other models can drive it
/// directly, step by step, with no task or loader:
///
/// ```swift
/// var state = PagingState<Post>(pageSize: 50)
/// let request = state.start(more: false)         // page 0, a first load
/// let changes = state.receive(firstPage, for: request!)
/// // changes: inserted rows (0, 0) … (0, 49); state.hasMore is true for a full page
/// ```
///
/// ## Rules
///
/// - **Pages.** A first load or a refresh asks for page 0; loading more asks for the page after
///   the last one received. A page shorter than ``pageSize`` ends paging (``hasMore`` becomes
///   `false`); ``reset()`` starts again at page 0.
/// - **One load at a time.** Loading more while a load is under way, or when ``hasMore`` is
///   `false`, asks for nothing. A first load or a refresh supersedes a load under way.
/// - **Superseded answers are ignored.** Every start, cancel and reset makes a new generation;
///   an answer for an older ``PageRequest/generation`` changes nothing, so a slow old load can
///   never overwrite newer items.
/// - **Failures and cancels keep the items.** The pages loaded before stay, and the next load
///   more asks for the same page again.
/// - **Repeated items: the first one stays.** Items are `Identifiable`. A page that repeats an
///   item already loaded (a feed that shifted under us between two pages) or repeats one within
///   itself keeps the item where it first appeared and drops the repeat, so identifiers stay
///   unique and no row jumps. The page's full length, repeats included, still decides
///   ``hasMore``: a full page of repeats does not end paging.
/// - **Outdated.** ``invalidate()`` marks the items outdated (they stay shown); the next load
///   that finishes from page 0 clears the mark.
///
/// Item changes are `TableChangeset`s in section 0, one row per item: appending a page inserts
/// rows at the end; a refresh is the difference between the old and the new items (inserts,
/// deletes, moves, and reloads for items whose content changed); a reset deletes every row.
public struct PagingState<Item: Identifiable & Equatable & Sendable>: Sendable
where Item.ID: Sendable {
  /// The items loaded, in order, with no two sharing an identifier.
  public private(set) var items: [Item] = []
  /// Where loading stands.
  public private(set) var loadState: LoadState = .idle
  /// Whether another page may follow: `true` until a page shorter than ``pageSize`` arrives.
  public private(set) var hasMore = true
  /// Whether the items were marked outdated by ``invalidate()`` since the last load from page 0.
  public private(set) var isOutdated = false
  /// The page the next load more asks for.
  public private(set) var nextPage = 0
  /// The number of items a full page holds (at least 1).
  public let pageSize: Int
  /// The current generation; requests of older ones are answered in vain.
  public private(set) var generation = 0
  /// The request under way, or `nil` when nothing is loading.
  public private(set) var pendingRequest: PageRequest?
  /// The kind of the last load that started, so a retry repeats it.
  public private(set) var lastLoadKind: LoadKind = .first
  private var identifiers: Set<Item.ID> = []

  /// Creates an idle state with no items.
  ///
  /// - Parameter pageSize: The items a full page holds; values below 1 are taken as 1.
  public init(pageSize: Int) {
    self.pageSize = max(1, pageSize)
  }

  // MARK: Events

  /// Starts a load: the next page when `more` is `true` and something was loaded, page 0
  /// otherwise.
  ///
  /// - Parameter more: Whether to append the next page rather than load from the start.
  /// - Returns: The page to fetch, or `nil` when there is nothing to do: loading more while a
  ///   load is under way or after the last page.
  public mutating func start(more: Bool) -> PageRequest? {
    let kind: LoadKind
    if more && nextPage > 0 {
      guard pendingRequest == nil, hasMore else { return nil }
      kind = .more
    } else if more && pendingRequest != nil {
      return nil
    } else {
      kind = items.isEmpty ? .first : .refresh
    }
    generation += 1
    let request = PageRequest(
      generation: generation, page: kind == .more ? nextPage : 0, pageSize: pageSize, kind: kind)
    pendingRequest = request
    lastLoadKind = kind
    loadState = .loading(kind)
    return request
  }

  /// Takes the page that answers `request`.
  ///
  /// - Parameters:
  ///   - page: The items of the page, in order.
  ///   - request: The request it answers.
  /// - Returns: The change to the items (possibly empty), or `nil` when `request` was
  ///   superseded and the page was ignored.
  /// - Complexity: O(p) on average for a page of p items appended; O(n + p) for a load from
  ///   page 0 replacing n items.
  public mutating func receive(_ page: [Item], for request: PageRequest) -> TableChangeset? {
    guard isCurrent(request) else { return nil }
    pendingRequest = nil
    loadState = .loaded
    hasMore = page.count >= request.pageSize
    nextPage = request.page + 1
    if request.kind == .more {
      let start = items.count
      for item in page where identifiers.insert(item.id).inserted { items.append(item) }
      return TableChangeset(
        insertedRows: (start..<items.count).map { TablePosition(section: 0, row: $0) })
    }
    isOutdated = false
    let old = items
    var fresh: [Item] = []
    var freshIdentifiers: Set<Item.ID> = []
    fresh.reserveCapacity(page.count)
    for item in page where freshIdentifiers.insert(item.id).inserted { fresh.append(item) }
    items = fresh
    identifiers = freshIdentifiers
    return Self.difference(from: old, to: fresh)
  }

  /// Takes the failure of `request`: the items stay, and a retry asks for the same page.
  ///
  /// - Parameters:
  ///   - error: What went wrong.
  ///   - request: The request that failed.
  /// - Returns: `false` when `request` was superseded and the failure was ignored.
  public mutating func fail(_ error: any Error, for request: PageRequest) -> Bool {
    guard isCurrent(request) else { return false }
    pendingRequest = nil
    loadState = .failed(error)
    return true
  }

  /// Takes the news that the task loading `request` was cancelled.
  ///
  /// - Parameter request: The request whose task was cancelled.
  /// - Returns: `false` when `request` was superseded and the news was ignored.
  public mutating func cancelled(_ request: PageRequest) -> Bool {
    guard isCurrent(request) else { return false }
    pendingRequest = nil
    loadState = .cancelled
    return true
  }

  /// Cancels the load under way, if any: its answer will be ignored, and the items stay.
  ///
  /// - Returns: `true` when a load was under way.
  public mutating func cancel() -> Bool {
    guard pendingRequest != nil else { return false }
    generation += 1
    pendingRequest = nil
    loadState = .cancelled
    return true
  }

  /// Forgets every item and page: back to idle at page 0, with any load under way ignored.
  ///
  /// - Returns: The deletion of every item's row.
  public mutating func reset() -> TableChangeset {
    generation += 1
    let deleted = (0..<items.count).map { TablePosition(section: 0, row: $0) }
    items = []
    identifiers = []
    pendingRequest = nil
    loadState = .idle
    hasMore = true
    isOutdated = false
    nextPage = 0
    lastLoadKind = .first
    return TableChangeset(deletedRows: deleted)
  }

  /// Marks the items outdated; they stay until a load from page 0 replaces them.
  public mutating func invalidate() {
    isOutdated = true
  }

  // MARK: Helpers

  private func isCurrent(_ request: PageRequest) -> Bool {
    request.generation == generation && pendingRequest == request
  }

  /// The change from `old` to `new` items, matched by identifier, in section 0.
  private static func difference(from old: [Item], to new: [Item]) -> TableChangeset {
    if old.isEmpty {
      return TableChangeset(
        insertedRows: new.indices.map { TablePosition(section: 0, row: $0) })
    }
    let before = Self.snapshot(of: old)
    let after = Self.snapshot(of: new)
    var oldByID: [Item.ID: Item] = [:]
    oldByID.reserveCapacity(old.count)
    for item in old { oldByID[item.id] = item }
    var newByID: [Item.ID: Item] = [:]
    newByID.reserveCapacity(new.count)
    for item in new { newByID[item.id] = item }
    return after.difference(from: before) { oldByID[$0] == newByID[$0] }
  }

  /// The items as one section of identifiers; they are unique, so nothing can be refused.
  private static func snapshot(of items: [Item]) -> TableSnapshot<Int, Item.ID> {
    var snapshot = TableSnapshot<Int, Item.ID>()
    try? snapshot.appendSections([0])
    try? snapshot.appendItems(items.map(\.id), toSection: 0)
    return snapshot
  }
}
