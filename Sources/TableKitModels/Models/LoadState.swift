import TableKit

/// Where a model's loading stands: never started, under way, done, failed or cancelled.
///
/// A model moves between these states as events arrive (see ``PagingState``); listeners hear of
/// each move (see ``ModelListener``) and a ``ModelDataSource`` shows it as a status row.
///
/// ```swift
/// switch model.loadState {
/// case .idle: print("not loaded yet")
/// case .loading(.more): print("loading the next page")
/// case .loading: print("loading")
/// case .loaded: print("\(model.items.count) items")
/// case .failed(let error): print("failed: \(error.localizedDescription)")
/// case .cancelled: print("cancelled")
/// }
/// ```
public enum LoadState: Sendable {
  /// Nothing was loaded yet, or the model was reset.
  case idle
  /// A load is under way.
  case loading(LoadKind)
  /// The last load finished; the items are what it brought.
  case loaded
  /// The last load failed with this error; the items loaded before are kept.
  case failed(any Error)
  /// The last load was cancelled before it finished; the items loaded before are kept.
  case cancelled

  /// Whether a load is under way.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The error of a failed load, or `nil` in every other state.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// The kind of the load under way, or `nil` when none is.
  public var loadKind: LoadKind? {
    if case .loading(let kind) = self { return kind }
    return nil
  }
}

extension LoadState: CustomStringConvertible {
  /// The state in a few words: `idle`, `loading more`, `failed: …`, and so on.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading(let kind): "loading \(kind)"
    case .loaded: "loaded"
    case .failed(let error): "failed: \(error)"
    case .cancelled: "cancelled"
    }
  }
}
