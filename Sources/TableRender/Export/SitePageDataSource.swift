import TableKit

/// One page of a level, as a data source: the rows of the level that fall in the page's range,
/// in their sections, with the rows that lead deeper made links to their pages.
///
/// Everything else is the level's own: cells, kinds, accessories, section titles, columns and
/// overrides, so the page shows what the screen shows. A level with no columns gets two
/// titled ones (``SiteExporter/implicitColumnTitles``), so every table has header cells. A
/// load-more row (a paged model with more to load) leads nowhere in a static page, so it is
/// shown as a note saying that the rest was not loaded, never as something that looks like a
/// link.
final class SitePageDataSource: TableDataSource {
  /// One section of the page: which section of the level, and which of its rows.
  private struct Slice {
    var section: Int
    var firstRow: Int
    var rowCount: Int
  }

  private let base: any TableDataSource
  private let slices: [Slice]
  private let links: [TablePosition: String]
  private var layout: TableLayout
  private let implicitColumns: [ColumnDefinition]
  private let notLoadedText: String

  /// The kind of the note that replaces a load-more row.
  static let notLoadedKind: CellKind = "status-not-exported"

  /// Creates the page of `table`'s rows in `rows` (counted across sections, in order).
  ///
  /// - Parameters:
  ///   - table: The level's table.
  ///   - rows: The flat row range of the page.
  ///   - isLastPage: Whether the page is the level's last (it then shows trailing empty
  ///     sections).
  ///   - links: The `href` of each row (a position in the level) that leads to a page.
  ///   - implicitColumns: The columns to show when the level declares none.
  ///   - notLoadedText: What the note replacing a load-more row says.
  init(
    table: TableView, rows: Range<Int>, isLastPage: Bool, links: [TablePosition: String],
    implicitColumns: [ColumnDefinition], notLoadedText: String
  ) {
    base = table.dataSource
    layout = TableLayout(for: table)
    self.links = links
    self.implicitColumns = implicitColumns
    self.notLoadedText = notLoadedText
    var slices: [Slice] = []
    var offset = 0
    for (section, count) in table.shape.rowCounts.enumerated() {
      let first = max(offset, rows.lowerBound)
      let end = min(offset + count, rows.upperBound)
      if end > first {
        slices.append(Slice(section: section, firstRow: first - offset, rowCount: end - first))
      } else if count == 0, rows.contains(offset) || (isLastPage && offset >= rows.upperBound) {
        slices.append(Slice(section: section, firstRow: 0, rowCount: 0))
      }
      offset += count
    }
    self.slices = slices
  }

  /// The level's position of the page's row at `position`.
  private func basePosition(_ position: TablePosition) -> TablePosition {
    let slice = slices[position.section]
    return TablePosition(section: slice.section, row: slice.firstRow + position.row)
  }

  var numberOfSections: Int { slices.count }

  func numberOfRows(inSection section: Int) -> Int { slices[section].rowCount }

  var columns: [ColumnDefinition] { base.columns.isEmpty ? implicitColumns : base.columns }

  var representations: RepresentationRegistry { base.representations }

  func titleForHeader(inSection section: Int) -> String? {
    base.titleForHeader(inSection: slices[section].section)
  }

  func titleForFooter(inSection section: Int) -> String? {
    base.titleForFooter(inSection: slices[section].section)
  }

  func representedObject(at position: TablePosition) -> Any {
    let at = basePosition(position)
    let object = base.representedObject(at: at)
    if let href = links[at] {
      return SiteRowLink(values: linkedValues(object: object, at: at, href: href))
    }
    return object
  }

  func cell(at position: TablePosition) -> Cell {
    var cell = Cell("")
    configureCell(&cell, at: position)
    return cell
  }

  func configureCell(_ cell: inout Cell, at position: TablePosition) {
    let at = basePosition(position)
    base.configureCell(&cell, at: at)
    if cell.kind == .loadMore {
      cell.prepareForReuse(notLoadedText, kind: Self.notLoadedKind, isSelectable: false)
    }
  }

  /// The row's HTML values with its first plain value made a link to `href` (its first column
  /// when it has links of its own everywhere).
  private func linkedValues(object: Any, at position: TablePosition, href: String) -> [HTMLValue] {
    var values = layout.htmlValues(of: base.cell(at: position), object: object)
    if values.isEmpty { return [.link(">", href: href)] }
    let index =
      values.firstIndex {
        if case .value = $0 { return true }
        return false
      } ?? 0
    let text: String
    switch values[index] {
    case .value(let value): text = value.text
    case .link(let label, _): text = label
    }
    // A link must have a name a screen reader can read: invisible text gets one.
    values[index] = .link(SitePage.isVisible(text) ? text : "(untitled)", href: href)
    return values
  }
}

/// A row that leads to another page: the values the page shows for it, one a link.
struct SiteRowLink: HTMLRepresentable {
  var values: [HTMLValue]

  var htmlValues: [HTMLValue] { values }
}
