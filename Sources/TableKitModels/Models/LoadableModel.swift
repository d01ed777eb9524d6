import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A model that loads its items asynchronously, tells listeners how loading goes and can be
/// shown by a ``ModelDataSource``.
///
/// ``PagedModel`` is the ready-made one. A model lives in one isolation domain, its caller's:
/// it is not `Sendable`, its synchronous members are called there, and ``load(more:isolation:)``
/// runs there too (only the fetching itself runs elsewhere), so listeners are told and items
/// change in that domain, where the table reading them lives.
public protocol LoadableModel: AnyObject {
  /// The type of the items.
  associatedtype Item

  /// The items loaded, in order.
  var items: [Item] { get }
  /// Where loading stands.
  var loadState: LoadState { get }
  /// Whether a load more can bring another page.
  var hasMore: Bool { get }
  /// Whether the items should be loaded again: marked outdated by ``invalidate()`` and not
  /// loaded since, or (for a model with a cache) older than their freshness lifetime.
  var isOutdated: Bool { get }
  /// When the rows shown from a cache were saved, or `nil` when none is shown from a cache;
  /// `nil` by default.
  var savedRowsDate: Date? { get }

  /// Loads the next page when `more` is `true` (and something was loaded), else from the start;
  /// returns when that load finished, failed, was cancelled or was superseded.
  ///
  /// - Parameters:
  ///   - more: Whether to append the next page rather than load from the start.
  ///   - isolation: The caller's isolation, where the model lives: pass `#isolation`
  ///     (``PagedModel`` declares it as the default).
  func load(more: Bool, isolation: isolated (any Actor)?) async

  /// Repeats the last load that started (from the start, or the next page), after a failure
  /// or a cancel.
  ///
  /// - Parameter isolation: The caller's isolation: pass `#isolation`.
  func retry(isolation: isolated (any Actor)?) async

  /// Cancels the load under way, if any; the items stay.
  func cancel()

  /// Cancels any load and forgets every item: the model is idle at page 0 again.
  func reset()

  /// Marks the items outdated, so the next look at the model knows to load them again.
  func invalidate()

  /// Adds `listener`, held weakly.
  ///
  /// - Parameter listener: The object to tell.
  func addListener(_ listener: any ModelListener)

  /// Removes `listener`.
  ///
  /// - Parameter listener: An object added before.
  func removeListener(_ listener: any ModelListener)
}

extension LoadableModel {
  /// `nil`: a model without a cache shows no saved rows.
  public var savedRowsDate: Date? { nil }
}
