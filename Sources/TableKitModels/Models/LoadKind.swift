import TableKit

/// Which load a model is making: its first, a refresh of what it shows, or the next page.
public enum LoadKind: Hashable, Sendable, CustomStringConvertible {
  /// The first load of a model that shows nothing yet.
  case first
  /// A load from the start that replaces the items a model already shows.
  case refresh
  /// The next page, appended to the items already shown.
  case more

  /// `first`, `refresh` or `more`.
  public var description: String {
    switch self {
    case .first: "first"
    case .refresh: "refresh"
    case .more: "more"
    }
  }
}
