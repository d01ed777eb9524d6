/// What a database's site export wrote.
public struct DatabaseSiteReport: Hashable, Sendable {
  /// The tables and views published.
  public var tables = 0
  /// The HTML pages written (index, list, row, facet and filtered list pages).
  public var pagesWritten = 0
  /// The row pages among them.
  public var rowPages = 0
  /// Every file written: the pages, their `.csv` and `.json` twins, and the sitemap.
  public var filesWritten = 0

  /// An empty report.
  public init() {}
}
