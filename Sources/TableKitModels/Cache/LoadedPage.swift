import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A page of items as a caching page loader hands it to a ``PagedModel``: the items, where
/// they came from, and how long they stay fresh.
///
/// ```swift
/// let page = LoadedPage(items: posts, origin: .cache, date: savedAt, expiry: savedAt + 60)
/// ```
public struct LoadedPage<Item: Sendable>: Sendable {
  /// Where a page's items came from.
  public enum Origin: Hashable, Sendable {
    /// The source sent them now.
    case network
    /// The cache, without asking the source; they may be stale.
    case cache
    /// The cache, after the source answered that they had not changed (HTTP 304).
    case revalidated
  }

  /// The page's items, in order.
  public var items: [Item]
  /// Where they came from.
  public var origin: Origin
  /// When they arrived from their source: now for ``Origin/network`` and
  /// ``Origin/revalidated``, the time they were saved for ``Origin/cache``.
  public var date: Date
  /// When they stop being fresh, or `nil` when their age never makes them outdated.
  public var expiry: Date?

  /// Creates a loaded page.
  ///
  /// - Parameters:
  ///   - items: The items, in order.
  ///   - origin: Where they came from.
  ///   - date: When they arrived from their source.
  ///   - expiry: When they stop being fresh, or `nil`.
  public init(items: [Item], origin: Origin, date: Date, expiry: Date? = nil) {
    self.items = items
    self.origin = origin
    self.date = date
    self.expiry = expiry
  }
}
