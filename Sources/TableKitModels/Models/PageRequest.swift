import TableKit

/// One page a ``PagingState`` asked for: which page, how long, and which load it belongs to.
///
/// The ``generation`` tells loads apart: every load that starts, and every cancel or reset,
/// makes a new generation, so the answer to a request that was superseded in the meantime is
/// recognized and ignored.
public struct PageRequest: Hashable, Sendable {
  /// The load this request belongs to; answers from older generations are ignored.
  public var generation: Int
  /// The page to load, from 0.
  public var page: Int
  /// The number of items a full page holds.
  public var pageSize: Int
  /// Whether the page is the first load, a refresh or the next page.
  public var kind: LoadKind

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - generation: The load it belongs to.
  ///   - page: The page, from 0.
  ///   - pageSize: The items a full page holds.
  ///   - kind: The kind of load.
  public init(generation: Int, page: Int, pageSize: Int, kind: LoadKind) {
    self.generation = generation
    self.page = page
    self.pageSize = pageSize
    self.kind = kind
  }
}
