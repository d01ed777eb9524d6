/// What a database's site export wrote.
public struct DatabaseSiteReport: Hashable, Sendable {
  /// The tables and views published.
  public var tables = 0
  /// The HTML pages written (index, list, row, facet and filtered list pages).
  public var pagesWritten = 0
  /// The row pages among them.
  public var rowPages = 0
  /// Every file of the site: the pages, their `.csv` and `.json` twins, and the sitemap.
  public var files = 0
  /// The files written to the folder: new, or with other bytes than the site they replace had.
  public var filesWritten = 0
  /// The files whose bytes equal the replaced site's file at the same path: linked from it, so
  /// they keep their inode and modification time.
  public var filesUnchanged = 0
  /// The files of the replaced site that the new one does not have.
  public var filesRemoved = 0

  /// An empty report.
  public init() {}
}
