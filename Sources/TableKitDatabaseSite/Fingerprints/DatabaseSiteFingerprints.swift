import TableKitDatabase
import TableKitFiles

/// The fingerprint of each page of a database's site, made from the raw inputs the page is
/// built from, before it is built: an export that finds the fingerprint a previous export
/// stored for the page's files keeps them and builds nothing.
///
/// Every fingerprint starts from the site's: ``formatVersion``, the bytes the shared writers
/// make of a fixed page (``probe``), the files of a few fixed levels (``probeLevels``: a kept
/// page is found by its fingerprint, not by its name, so a change in how names are printed
/// must change every fingerprint), the exporter's settings (title,
/// language, base URL, rows a page, facet limit) and every table's and view's schema in order.
/// Then, per page, its level (table, key, filter, page number) and:
///
/// - the index: each table's row count and facet columns;
/// - a list page: its total, its rows' column names, keys (or their absence, for a view) and
///   values, and the table's facet columns (its neighbours' files follow from the level and
///   the total);
/// - a row page: its columns and values, each foreign key's target key or its absence, and
///   the count of rows of each referencing key;
/// - a facet page: each value and its count;
/// - the sitemap: its own bytes.
///
/// Breadcrumbs, titles and file names follow from the levels, and links to other levels from
/// the inputs above, so two pages with one fingerprint are the same bytes, as long as the code
/// that makes pages is the same: bump ``formatVersion`` with any change to what a page holds
/// or how it is written.
package struct DatabaseSiteFingerprints {
  /// The version of the pages' format: bump it whenever the same inputs would make other
  /// bytes (the template, a renderer, the JSON, a title, a file's name).
  static let formatVersion = 1

  /// The hash of what every page is made from, to go on from.
  private let site: InputHasher

  /// The fingerprints of the pages `builder` makes for `exporter`.
  init(builder: DatabaseSiteBuilder, exporter: DatabaseSiteExporter) throws(DatabaseError) {
    var site = InputHasher()
    site.combine(text: "tablekit database site")
    site.combine(integer: Self.formatVersion)
    site.combine(bytes: Self.probe)
    for level in Self.probeLevels { site.combine(text: builder.file(of: level)) }
    site.combine(optional: exporter.siteTitle)
    site.combine(text: builder.indexTitle)
    site.combine(text: exporter.language)
    site.combine(optional: exporter.baseURL)
    site.combine(integer: builder.rowsPerPage)
    site.combine(integer: builder.maximumFacetValues)
    site.combine(integer: builder.entries.count)
    for entry in builder.entries {
      site.combine(text: entry.name)
      site.combine(text: entry.kind.rawValue)
      site.combine(try builder.schema(entry.name))
    }
    self.site = site
  }

  /// The index's: each table's row count and facet columns, in the order of the tables.
  func index(counts: [Int], facets: [[String]]) -> InputFingerprint {
    var hasher = start(.index)
    hasher.combine(integer: counts.count)
    for (count, columns) in zip(counts, facets) {
      hasher.combine(integer: count)
      hasher.combine(texts: columns)
    }
    return hasher.finalize()
  }

  /// A list page's (`.list` or `.filtered`): page `level` of a list of `total` rows showing
  /// `rows`, in a table with facets `facets`.
  func list(
    _ level: DatabaseSiteLevel, total: Int, rows: DatabaseSiteBuilder.ListRows, facets: [String]
  ) -> InputFingerprint {
    var hasher = start(level)
    hasher.combine(integer: total)
    hasher.combine(texts: facets)
    hasher.combine(texts: rows.columns)
    hasher.combine(integer: rows.rows.count)
    hasher.combine(byte: rows.keys == nil ? 0 : 1)
    for (index, values) in rows.rows.enumerated() {
      if let keys = rows.keys { hasher.combine(values: keys[index]) }
      hasher.combine(values: values)
    }
    return hasher.finalize()
  }

  /// A row page's: the row of `table` with `key`, its `columns` and `values`, the key of the
  /// row each foreign key references (`nil`: none) and the count of each incoming key's rows.
  func row(
    table: String, key: [DatabaseValue], columns: [String], values: [DatabaseValue],
    targets: [[DatabaseValue]?], incomingCounts: [Int]
  ) -> InputFingerprint {
    var hasher = start(.row(table: table, key: key))
    hasher.combine(texts: columns)
    hasher.combine(values: values)
    hasher.combine(integer: targets.count)
    for target in targets {
      if let target {
        hasher.combine(byte: 1)
        hasher.combine(values: target)
      } else {
        hasher.combine(byte: 0)
      }
    }
    hasher.combine(integer: incomingCounts.count)
    for count in incomingCounts { hasher.combine(integer: count) }
    return hasher.finalize()
  }

  /// A facet page's: each value of `column` in `table` and its count, in order.
  func facet(table: String, column: String, values: [(value: DatabaseValue, count: Int)])
    -> InputFingerprint
  {
    var hasher = start(.facet(table: table, column: column))
    hasher.combine(integer: values.count)
    for (value, count) in values {
      hasher.combine(value)
      hasher.combine(integer: count)
    }
    return hasher.finalize()
  }

  /// The sitemap's: its bytes (made from every page's file, known only at the end).
  func sitemap(_ bytes: [UInt8]) -> InputFingerprint {
    var hasher = site
    hasher.combine(byte: 0xFF)
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }

  /// The site's hash with `level` fed.
  private func start(_ level: DatabaseSiteLevel) -> InputHasher {
    var hasher = site
    hasher.combine(level)
    return hasher
  }
}
