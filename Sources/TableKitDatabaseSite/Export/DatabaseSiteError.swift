public import TableKitDatabase
public import TableRender

/// Why a database's site was not published: nothing of the new site replaced the old one.
///
/// `print(error)` reads the message of the error it carries:
///
/// ```text
/// shop.db, table orders: the database file is corrupt: database disk image is malformed
/// the page orders/pages/1.html links to orders/rows/7.html, which was not written
/// ```
public enum DatabaseSiteError: Error, Sendable {
  /// The database could not be read; the error names the file and the table.
  case database(DatabaseError)
  /// The site could not be written or failed a check (a link to a page not written, two pages
  /// given one file, a folder that may not be replaced).
  case site(SiteExportError)
  /// The route `url` names a row, a page or a facet that the database does not have.
  case noSuchLevel(String)
}

extension DatabaseSiteError: CustomStringConvertible {
  /// What went wrong and where.
  public var description: String {
    switch self {
    case .database(let error): "\(error)"
    case .site(let error): error.description
    case .noSuchLevel(let url): "the database has no \(url)"
    }
  }
}
