public import TableKit

/// Why opening or restoring dropped a level.
public enum RestoreFailure: Error, Hashable, Sendable {
  /// The saved text cannot be read as a saved stack: `reason` says where it failed.
  case undecodable(reason: String)
  /// The saved stack has format `found`, newer than the newest this version reads, `supported`.
  case newerVersion(found: Int, supported: Int)
  /// The level's URL does not route (bad URL, unknown route, bad ID).
  case routing(RoutingError)
  /// The level is not a child of the level before it (a saved stack edited or mixed up), or the
  /// first level is not a root; `url` is the level's.
  case notAChild(url: String)
  /// The resolver found no object for the level of `url`.
  case missingObject(url: String)
  /// The resolver refused the object of the level of `url`, for `reason`.
  case forbidden(url: String, reason: String)
  /// The level's saved selection names a row its fresh table does not have.
  case invalidSelection(url: String, TableError)
  /// The level's controller could not be made or pushed.
  case navigation(url: String, NavigationError)
  /// A level below this one was dropped, so this one has no parent to stand on.
  case parentDropped
}

extension RestoreFailure: CustomStringConvertible {
  /// A sentence saying why the level was dropped.
  public var description: String {
    switch self {
    case .undecodable(let reason):
      return "The saved stack cannot be read: \(reason)"
    case .newerVersion(let found, let supported):
      return "The saved stack has format version \(found); this version reads up to \(supported)."
    case .routing(let error):
      return error.description
    case .notAChild(let url):
      return "\(RoutingError.shown(url)) is not a level below the one before it."
    case .missingObject(let url):
      return "No object exists for \(RoutingError.shown(url))."
    case .forbidden(let url, let reason):
      return "The object \(RoutingError.shown(url)) names may not be shown: "
        + RoutingError.shown(reason)
    case .invalidSelection(let url, let error):
      return "The saved selection of \(RoutingError.shown(url)) is not in its table: "
        + error.description
    case .navigation(let url, let error):
      return "Cannot build \(RoutingError.shown(url)): \(error.description)"
    case .parentDropped:
      return "A level below it was dropped."
    }
  }
}
