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

  /// An empty report.
  public init() {}
}
