public import TableKit
public import TableKitDatabase

/// A page of a database's site, as a route names it.
///
/// Each level has one URL, printed and read by ``router()``, and one file, made from the URL by
/// the site exporter's naming (`SitePageNaming`):
///
/// ```text
/// db://tables                                   index.html
/// db://tables/orders/pages/2                    orders/pages/2.html
/// db://tables/orders/rows/7                     orders/rows/7.html
/// db://tables/orders/facets/status              orders/facets/status.html
/// db://tables/orders/where/~…/pages/1           orders/where/…/pages/1.html
/// ```
///
/// Table and column names travel as IDs (Base64 when they hold more than letters, digits, `-`
/// and `_`), keys and filters as a typed text of their values, so hostile names and values make valid
/// URLs.
public enum DatabaseSiteLevel: NavigationDestination {
  /// The index of tables and views.
  case index
  /// Page `page` (from 1) of a table's or view's rows.
  case list(table: String, page: Int)
  /// The row of a table whose key (primary key, else rowid) is `key`.
  case row(table: String, key: [DatabaseValue])
  /// The values of a column and how many rows hold each.
  case facet(table: String, column: String)
  /// Page `page` (from 1) of the rows where each of `columns` holds the matching value of
  /// `values` (`IS`, so `NULL` matches `NULL`).
  case filtered(table: String, columns: [String], values: [DatabaseValue], page: Int)

  /// The level below this one in the site's breadcrumbs, or `nil` for the index.
  public var parent: DatabaseSiteLevel? {
    switch self {
    case .index: nil
    case .list(_, let page) where page == 1: .index
    case .list(let table, _): .list(table: table, page: 1)
    case .row(let table, _), .facet(let table, _): .list(table: table, page: 1)
    case .filtered(let table, let columns, let values, let page) where page > 1:
      .filtered(table: table, columns: columns, values: values, page: 1)
    case .filtered(let table, _, _, _): .list(table: table, page: 1)
    }
  }

  /// The table or view the level shows, or `nil` for the index.
  public var table: String? {
    switch self {
    case .index: nil
    case .list(let table, _), .row(let table, _), .facet(let table, _),
      .filtered(let table, _, _, _):
      table
    }
  }

  /// The page's number among its list's pages (1 for a level that is not a list).
  public var pageNumber: Int {
    switch self {
    case .list(_, let page), .filtered(_, _, _, let page): page
    case .index, .row, .facet: 1
    }
  }
}
