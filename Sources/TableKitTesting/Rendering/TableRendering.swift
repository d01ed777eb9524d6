public import TableKit
import TableKitNavigation

/// What a table or a controller shows, as canonical plain text: one line per title, column
/// header, section title and row.
///
/// The text is the same on every OS, locale and time zone: it is built from the cells' strings
/// and `CellValue.text` alone, never from a formatter, and every control character
/// or invisible direction mark is written as a `\u{…}` escape so a row is always one line.
///
/// ```text
/// # BMW ‹ Brands
/// columns: Model | Body
/// § Saloons
///   3 Series — Saloon >
/// * X3 — SUV >
///   i4 — Gran Coupé > {coupe}
/// footer: 3 models
/// ```
///
/// Version 1 (``Version/v1``), line by line:
/// - `# Title ‹ Back` — a controller's title and, on a stack, its back title (a bare table has
///   neither line).
/// - `columns: A | B` — the data source's column headers, when it has any.
/// - `§ Title` — a section's header; a bare `§` for a section without one. A table with a single
///   section that has neither header nor footer has no section line.
/// - a row: `*` when it is selected, otherwise a space, then a space, then the cell's text, then
///   ` — detail`, then ` | value` for each value, then the accessory (` >` disclosure indicator,
///   ` ✓` checkmark, ` (i)` detail button), then ` {kind}` unless the kind is
///   `CellKind.default`, then ` (not selectable)` for a cell that cannot be selected.
/// - `footer: Text` — a section's footer, after its rows.
///
/// The version is part of the assertion: a later version will be a new case, and tests written
/// against version 1 keep passing.
public struct TableRendering: Hashable, Sendable {
  /// The version of the plain-text form.
  public enum Version: Int, Hashable, Sendable, CaseIterable {
    /// The first form, described at ``TableRendering``.
    case v1 = 1
  }

  /// What a line of the rendering shows.
  public enum Line: Hashable, Sendable {
    /// The controller's title (and back title).
    case title
    /// The column headers.
    case columns
    /// The header of a section.
    case header(section: Int)
    /// A row.
    case row(TablePosition)
    /// The footer of a section.
    case footer(section: Int)
  }

  /// The version of the form the lines are in.
  public let version: Version
  /// The lines, without line breaks.
  public let lines: [String]
  /// What each line of ``lines`` shows, index for index.
  public let kinds: [Line]

  /// The lines joined by line breaks, without a final one.
  public var text: String { lines.joined(separator: "\n") }

  /// Renders what `table` shows.
  ///
  /// - Parameters:
  ///   - table: The table; its data source is read through the table's checked accessors.
  ///   - version: The form to write.
  public init(_ table: TableView, version: Version = .v1) {
    var builder = Builder()
    builder.add(table)
    self.init(version: version, builder: builder)
  }

  /// Renders what `controller` shows: its title, its back title on a stack, and its table.
  ///
  /// - Parameters:
  ///   - controller: The controller.
  ///   - version: The form to write.
  public init(_ controller: TableController, version: Version = .v1) {
    var builder = Builder()
    if let title = controller.title {
      var line = "# " + Self.escaped(title)
      if let back = controller.backTitle { line += " ‹ " + Self.escaped(back) }
      builder.append(line, .title)
    }
    builder.add(controller.table)
    self.init(version: version, builder: builder)
  }

  private init(version: Version, builder: Builder) {
    self.version = version
    self.lines = builder.lines
    self.kinds = builder.kinds
  }

  /// The line that shows the row at `position`, if the rendering has one.
  public func line(of position: TablePosition) -> String? {
    kinds.firstIndex(of: .row(position)).map { lines[$0] }
  }

  /// The body of one row, without its selection mark: what the row shows.
  ///
  /// - Parameter cell: The cell of the row.
  /// - Returns: The row's line after the two-character selection column.
  package static func rowBody(of cell: Cell) -> String {
    var line = escaped(cell.text)
    if let detail = cell.detailText { line += " — " + escaped(detail) }
    for value in cell.values { line += " | " + escaped(value.text) }
    switch cell.accessory {
    case .none: break
    case .disclosureIndicator: line += " >"
    case .checkmark: line += " ✓"
    case .detailButton: line += " (i)"
    }
    if cell.kind != .default { line += " {" + escaped(cell.kind.rawValue) + "}" }
    if !cell.isSelectable { line += " (not selectable)" }
    return line
  }

  private struct Builder {
    var lines: [String] = []
    var kinds: [Line] = []

    mutating func append(_ line: String, _ kind: Line) {
      lines.append(line)
      kinds.append(kind)
    }

    mutating func add(_ table: TableView) {
      let columns = table.dataSource.columns
      if !columns.isEmpty {
        append(
          "columns: " + columns.map { TableRendering.escaped($0.title) }.joined(separator: " | "),
          .columns)
      }
      let sections = table.numberOfSections
      for section in 0..<sections {
        let header = try? table.titleForHeader(inSection: section)
        let footer = try? table.titleForFooter(inSection: section)
        let bare = sections == 1 && header == nil && footer == nil
        if !bare {
          append(header.map { "§ " + TableRendering.escaped($0) } ?? "§", .header(section: section))
        }
        let rows = table.shape.rowCounts[section]
        for row in 0..<rows {
          let position = TablePosition(section: section, row: row)
          guard let cell = try? table.cell(at: position) else { continue }
          let mark = table.isRowSelected(at: position) ? "* " : "  "
          append(mark + TableRendering.rowBody(of: cell), .row(position))
        }
        if let footer {
          append("footer: " + TableRendering.escaped(footer), .footer(section: section))
        }
      }
    }
  }
}

extension TableRendering: CustomStringConvertible {
  /// The rendering's ``text``.
  public var description: String { text }
}
