/// What a database's site export wrote.
public struct DatabaseSiteReport: Hashable, Sendable {
  /// The tables and views published.
  public var tables = 0
  /// The HTML pages of the site (index, list, row, facet and filtered list pages), written or
  /// kept.
  public var pagesWritten = 0
  /// The row pages among them.
  public var rowPages = 0
  /// The pages among them kept from the previous export without being made again: what they
  /// are made from (their rows, the rows they link to, the counts they show, the site's
  /// settings and schema) is what it was then.
  public var pagesKept = 0
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
