public import TableKit

/// An object told what a model's loading does: starts, finishes, fails, is cancelled, and how
/// the items changed.
///
/// A model holds its listeners weakly: adding one never keeps it alive, and one that goes away
/// is dropped. Every method has a default that does nothing, so implement only those you need.
/// The model calls them synchronously, in its isolation, in this order for one load:
///
/// 1. ``modelDidStartLoading(_:)``
/// 2. ``model(_:didChangeItems:)`` when the items changed, then ``modelDidFinishLoading(_:)``;
///    or ``model(_:didFailWith:)``; or ``modelDidCancelLoading(_:)``.
///
/// ```swift
/// final class Spinner: ModelListener {
///   var isSpinning = false
///   func modelDidStartLoading(_ model: any LoadableModel) { isSpinning = true }
///   func modelDidFinishLoading(_ model: any LoadableModel) { isSpinning = false }
///   func model(_ model: any LoadableModel, didFailWith error: any Error) { isSpinning = false }
///   func modelDidCancelLoading(_ model: any LoadableModel) { isSpinning = false }
/// }
/// ```
public protocol ModelListener: AnyObject {
  /// Called when a load starts; the model's ``LoadableModel/loadState`` says which kind.
  ///
  /// - Parameter model: The model.
  func modelDidStartLoading(_ model: any LoadableModel)

  /// Called when a load finished; the items it brought were announced just before.
  ///
  /// - Parameter model: The model.
  func modelDidFinishLoading(_ model: any LoadableModel)

  /// Called when a load failed; the items loaded before are kept.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - error: What went wrong.
  func model(_ model: any LoadableModel, didFailWith error: any Error)

  /// Called when a load was cancelled before it finished; the items loaded before are kept.
  ///
  /// - Parameter model: The model.
  func modelDidCancelLoading(_ model: any LoadableModel)

  /// Called when the items changed, before the call that ends the load (or on a reset).
  ///
  /// - Parameters:
  ///   - model: The model, whose ``LoadableModel/items`` are already the new ones.
  ///   - changeset: The change in section 0, one row per item, ready for a table.
  func model(_ model: any LoadableModel, didChangeItems changeset: TableChangeset)

  /// Called after ``LoadableModel/reset()`` forgot every item: the model is idle again.
  ///
  /// - Parameter model: The model.
  func modelDidReset(_ model: any LoadableModel)
}

extension ModelListener {
  /// Does nothing.
  ///
  /// - Parameter model: Unused.
  public func modelDidStartLoading(_ model: any LoadableModel) {}

  /// Does nothing.
  ///
  /// - Parameter model: Unused.
  public func modelDidFinishLoading(_ model: any LoadableModel) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: Unused.
  ///   - error: Unused.
  public func model(_ model: any LoadableModel, didFailWith error: any Error) {}

  /// Does nothing.
  ///
  /// - Parameter model: Unused.
  public func modelDidCancelLoading(_ model: any LoadableModel) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: Unused.
  ///   - changeset: Unused.
  public func model(_ model: any LoadableModel, didChangeItems changeset: TableChangeset) {}

  /// Does nothing.
  ///
  /// - Parameter model: Unused.
  public func modelDidReset(_ model: any LoadableModel) {}
}
