import TableKit
package import TableKitDatabase
import TableRender

extension DatabaseSiteBuilder {
  /// The index: every table and view, its kind and its number of rows, each a link to its
  /// first list page.
  package func indexPage() throws(DatabaseError) -> DatabaseSitePage {
    var page = newPage(.index, csvColumns: ["name", "type", "rows"])
    let table = DatabaseSiteTable(columns: ["Name", "Type", "Rows"])
    var json = DatabaseJSON()
    json.raw("{\"tables\":[")
    for (index, entry) in entries.enumerated() {
      let count = try rowCount(entry.name)
      let list = DatabaseSiteLevel.list(table: entry.name, page: 1)
      table.append([
        link(Self.visible(entry.name, or: "(unnamed)"), to: list, from: &page),
        .value(.text(entry.kind.rawValue)), .value(.integer(count)),
      ])
      page.csv.append([
        .value(.text(entry.name)), .value(.text(entry.kind.rawValue)), .value(.integer(count)),
      ])
      if index > 0 { json.raw(",") }
      json.raw("\n{")
      json.key("name")
      json.string(entry.name)
      json.raw(",")
      json.key("type")
      json.string(entry.kind.rawValue)
      json.raw(",")
      json.key("rows")
      json.integer(count)
      json.raw(",")
      json.key("list")
      json.path(jsonPath(of: list))
      json.raw(",")
      json.key("facets")
      json.raw("[")
      for (number, column) in try facets(entry.name).enumerated() {
        if number > 0 { json.raw(",") }
        json.raw("{")
        json.key("column")
        json.string(column)
        json.raw(",")
        json.key("json")
        json.path(jsonPath(of: .facet(table: entry.name, column: column)))
        json.raw("}")
      }
      json.raw("]}")
    }
    json.raw("]}\n")
    page.summary =
      entries.count == 1 ? "1 table or view" : "\(entries.count) tables and views"
    page.sections = [(nil, table)]
    page.json = json.bytes
    return page
  }

  /// The page of a facet: each value of `column` in `table`, how many rows hold it, and a link
  /// to the list of those rows.
  package func facetPage(table name: String, column: String) throws(DatabaseError)
    -> DatabaseSitePage
  {
    facetPage(
      table: name, column: column, values: try database.facetValues(of: name, column: column))
  }

  /// The page of a facet whose values and counts `values` holds (read by
  /// `Database.facetValues(of:column:)`).
  package func facetPage(
    table name: String, column: String, values: [(value: DatabaseValue, count: Int)]
  ) -> DatabaseSitePage {
    var page = newPage(.facet(table: name, column: column), csvColumns: ["value", "count"])
    let table = DatabaseSiteTable(columns: ["Value", "Rows"])
    var json = DatabaseJSON()
    json.raw("{")
    json.key("table")
    json.string(name)
    json.raw(",")
    json.key("column")
    json.string(column)
    json.raw(",")
    json.key("values")
    json.raw("[")
    for (index, (value, count)) in values.enumerated() {
      let list = Self.facetList(table: name, column: column, value: value)
      table.append([
        link(Self.visible(Self.shown(value), or: "(empty text)"), to: list, from: &page),
        .value(.integer(count)),
      ])
      page.csv.append([.value(value.cellValue), .value(.integer(count))])
      if index > 0 { json.raw(",") }
      json.raw("\n{")
      json.key("value")
      json.value(value)
      json.raw(",")
      json.key("count")
      json.integer(count)
      json.raw(",")
      json.key("list")
      json.path(jsonPath(of: list))
      json.raw("}")
    }
    json.raw("]}\n")
    page.summary = values.count == 1 ? "1 value" : "\(values.count) values"
    page.sections = [(nil, table)]
    page.json = json.bytes
    return page
  }

  /// The first page of the rows of `table` whose `column` is `value`, which a facet page links
  /// to.
  package static func facetList(table: String, column: String, value: DatabaseValue)
    -> DatabaseSiteLevel
  {
    .filtered(table: table, columns: [column], values: [value], page: 1)
  }
}
