/// What an export wrote, and what it met on the way.
public struct SiteExportReport: Hashable, Sendable {
  /// How many levels were written (each has one or more pages).
  public var levelsWritten = 0
  /// How many pages were written, a level's extra pages included.
  public var pagesWritten = 0
  /// The levels whose model failed to load, each named by URL and breadcrumbs.
  ///
  /// Their pages say so. Empty unless the exporter keeps going (it throws otherwise).
  public var failedLevels: [String] = []
  /// How many rows lead back to a level on their own path (a cycle); each links to that
  /// level's page instead of a new one.
  public var cyclesLinked = 0
  /// The levels that had more rows to load (a paged model's load-more row): their pages show
  /// the rows loaded and say the rest was not.
  public var levelsWithMoreToLoad: [String] = []

  /// How many files ``SiteExporter/export(_:toDirectory:)`` wrote: new, or with bytes that
  /// changed since the site it replaced (every file when there was none).
  public var filesWritten = 0
  /// How many files held the same bytes as the replaced site's file at the same path and were
  /// hard-linked from it, keeping their inode and modification time.
  public var filesUnchanged = 0
  /// How many files of the replaced site are not in the new one, so the swap removed them.
  public var filesRemoved = 0

  /// An empty report.
  public init() {}
}
