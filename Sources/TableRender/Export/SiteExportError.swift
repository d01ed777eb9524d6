import TableKit
public import TableKitFiles
public import TableKitNavigation

/// Why a site export stopped before publishing: nothing of the new site replaced the old one.
///
/// Each case names what went wrong and where, in words a person can act on; `print(error)` and
/// `error.localizedDescription` read the same message:
///
/// ```text
/// two levels would be written to b1.html: cars://brands/b1 (Brands › BMW) and cars://brands/B1 (Brands › Bmw)
/// the page brands/b1.html links to brands/b9.html, which was not written
/// ```
public enum SiteExportError: Error, Hashable, Sendable {
  /// Two different levels were given the same file, `path`; `first` and `second` name them
  /// (their canonical URLs and breadcrumbs).
  case pathCollision(path: String, first: String, second: String)
  /// The page `from` holds a link to `to`, which no level was written to.
  case danglingLink(from: String, to: String)
  /// The level `level` has rows that lead deeper than `limit` levels below the root.
  case depthLimitReached(limit: Int, level: String)
  /// The hierarchy has more than `limit` pages (a level's extra pages included).
  case pageLimitReached(limit: Int)
  /// These levels failed to load (their model shows an error); their pages say so. Thrown
  /// unless the exporter keeps going, when the report lists them instead.
  case levelsFailedToLoad([String])
  /// The walk could not make a level.
  case navigation(NavigationError)
  /// The site could not be written, or put in place; the safe write says where and why, and
  /// whether the folder is unchanged.
  case cannotWrite(SafeWriteError)
}

extension SiteExportError: CustomStringConvertible {
  /// What went wrong and where.
  public var description: String {
    switch self {
    case .pathCollision(let path, let first, let second):
      return "two levels would be written to \(path): \(first) and \(second)"
    case .danglingLink(let from, let to):
      return "the page \(from) links to \(to), which was not written"
    case .depthLimitReached(let limit, let level):
      return
        "the hierarchy is deeper than \(limit) levels: \(level) has rows that lead further; "
        + "raise the depth limit to export them"
    case .pageLimitReached(let limit):
      return "the hierarchy has more than \(limit) pages; raise the page limit to export it"
    case .levelsFailedToLoad(let levels):
      let count = levels.count == 1 ? "1 level" : "\(levels.count) levels"
      return "\(count) failed to load: " + levels.joined(separator: "; ")
    case .navigation(let error):
      return "a level could not be made: \(error)"
    case .cannotWrite(let error):
      return error.description
    }
  }
}
