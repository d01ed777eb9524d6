import TableKitDatabase
public import TableKitNavigation

extension DatabaseSiteLevel {
  /// The root URL of every site: the index.
  public static let rootURL = "db://tables"

  /// The router that prints every level's URL and reads it back.
  ///
  /// ```swift
  /// let router = try DatabaseSiteLevel.router()
  /// router.url(for: .row(table: "orders", key: [.integer(7)]))  // "db://tables/orders/rows/7"
  /// try router.match("db://tables/orders/pages/2")              // .list(table: "orders", page: 2)
  /// ```
  ///
  /// - Returns: The router; a level's parent is ``parent``.
  /// - Throws: `RoutingError` only if the routes were declared wrongly (a bug).
  public static func router() throws(RoutingError) -> Router<DatabaseSiteLevel> {
    var router = Router<DatabaseSiteLevel>(parent: \.parent)
    try router.register("db://tables") { _ in
      .index
    } parameters: { level in
      level == .index ? [:] : nil
    }
    try router.register("db://tables/{table:id}/pages/{page:int}") { values in
      guard let table = values.id("table"), let page = values.integer("page"), page >= 1 else {
        return nil
      }
      return .list(table: table.rawValue, page: page)
    } parameters: { level in
      guard case .list(let table, let page) = level else { return nil }
      return ["table": .id(ObjectID(table)), "page": .integer(page)]
    }
    try router.register("db://tables/{table:id}/rows/{key:id}") { values in
      guard let table = values.id("table"),
        let key = values.id("key").flatMap({ DatabaseKeyText.decode($0.rawValue) })
      else { return nil }
      return .row(table: table.rawValue, key: key)
    } parameters: { level in
      guard case .row(let table, let key) = level, !key.isEmpty else { return nil }
      return ["table": .id(ObjectID(table)), "key": .id(ObjectID(DatabaseKeyText.encode(key)))]
    }
    try router.register("db://tables/{table:id}/facets/{column:id}") { values in
      guard let table = values.id("table"), let column = values.id("column") else { return nil }
      return .facet(table: table.rawValue, column: column.rawValue)
    } parameters: { level in
      guard case .facet(let table, let column) = level else { return nil }
      return ["table": .id(ObjectID(table)), "column": .id(ObjectID(column))]
    }
    try router.register("db://tables/{table:id}/where/{filter:id}/pages/{page:int}") { values in
      guard let table = values.id("table"), let page = values.integer("page"), page >= 1,
        let filter = values.id("filter").flatMap({ DatabaseKeyText.decode($0.rawValue) }),
        let (columns, matched) = Self.unpair(filter)
      else { return nil }
      return .filtered(table: table.rawValue, columns: columns, values: matched, page: page)
    } parameters: { level in
      guard case .filtered(let table, let columns, let values, let page) = level,
        !columns.isEmpty, columns.count == values.count
      else { return nil }
      let pairs = zip(columns, values).flatMap { [DatabaseValue.text($0), $1] }
      return [
        "table": .id(ObjectID(table)), "filter": .id(ObjectID(DatabaseKeyText.encode(pairs))),
        "page": .integer(page),
      ]
    }
    return router
  }

  /// Columns and values from a filter's alternating column names and values.
  private static func unpair(_ pairs: [DatabaseValue]) -> ([String], [DatabaseValue])? {
    guard !pairs.isEmpty, pairs.count % 2 == 0 else { return nil }
    var columns: [String] = []
    var values: [DatabaseValue] = []
    for index in stride(from: 0, to: pairs.count, by: 2) {
      guard case .text(let column) = pairs[index] else { return nil }
      columns.append(column)
      values.append(pairs[index + 1])
    }
    return (columns, values)
  }
}
