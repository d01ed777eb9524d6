/// The one object that supplies a table's content and answers for what happens to its rows.
///
/// UIKit splits this into a data source and a delegate, but selection needs to know which object a
/// row stands for, so both halves live here and share ``representedObject(at:)``.
///
/// Only the counts and ``representedObject(at:)`` are required. Everything else has a default:
/// ``cell(at:)`` asks the represented object for its representation (through
/// ``representations``), ``configureCell(_:at:)`` uses ``cell(at:)``, titles are `nil`, every
/// selection is allowed, and the did-hooks do nothing.
///
/// ```swift
/// final class ContactDataSource: TableDataSource {
///   let contact: Contact
///   init(contact: Contact) { self.contact = contact }
///
///   var numberOfSections: Int { 3 }
///   func numberOfRows(inSection section: Int) -> Int { items(in: section).count }
///   func representedObject(at position: TablePosition) -> Any {
///     items(in: position.section)[position.row]
///   }
///   func titleForHeader(inSection section: Int) -> String? {
///     ["Phone", "Address", "E-mail"][section]
///   }
///   // …
/// }
/// ```
///
/// The ``TableView`` only calls the position-taking methods with positions inside the counts it read at
/// its last reload. An implementation whose data can change must call ``TableView/reloadData()``
/// before the table is read again, or guard its indexing (as ``SectionedDataSource`` does): the
/// table cannot know that the data shrank behind its back.
public protocol TableDataSource: AnyObject {
  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of rows in `section`.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The row count; a negative count is read as zero.
  func numberOfRows(inSection section: Int) -> Int

  /// The model object the row at `position` shows.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The object, of any type.
  func representedObject(at position: TablePosition) -> Any

  /// The cell for the row at `position`.
  ///
  /// The default resolves ``representedObject(at:)`` through ``representations``: a per-table
  /// override, the type's ``TableRepresentable`` conformance, or its description.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: What the row shows.
  func cell(at position: TablePosition) -> Cell

  /// Fills `cell` with the cell for the row at `position`, reusing the storage it already holds.
  ///
  /// Renderers read a table into one cell, row after row, the way a table view reuses its cells.
  /// The default assigns ``cell(at:)``, which makes a new cell, and a new ``Cell/values`` array,
  /// for every row. A data source that builds its cells itself can overwrite the fields in place
  /// instead, so a render of a million rows allocates nothing per row:
  ///
  /// ```swift
  /// func configureCell(_ cell: inout Cell, at position: TablePosition) {
  ///   let payment = payments[position.row]
  ///   cell.prepareForReuse(payment.payee, kind: "payment")
  ///   cell.values.append(.text(payment.payee))
  ///   cell.values.append(.decimal(payment.amount, fractionDigits: 2))
  /// }
  /// ```
  ///
  /// The result must equal ``cell(at:)`` for the same position. Start from
  /// ``Cell/prepareForReuse(_:detail:accessory:kind:isSelectable:valueCount:)``, which resets
  /// every field, so nothing of the previous row is left behind. When every row has the same
  /// columns, give it their number and it keeps the values for you to overwrite
  /// (`cell.values[1] = …`), which costs less than appending.
  ///
  /// - Parameters:
  ///   - cell: A cell holding an earlier row, or a new one; on return, the row's cell.
  ///   - position: A position inside the counts.
  func configureCell(_ cell: inout Cell, at position: TablePosition)

  /// The columns of a multi-column table; empty (the default) for a table of texts and details.
  var columns: [ColumnDefinition] { get }

  /// This table's overrides of how types show themselves; empty by default.
  var representations: RepresentationRegistry { get }

  /// The title above `section`, or `nil` (the default) for none.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The header title.
  func titleForHeader(inSection section: Int) -> String?

  /// The title below `section`, or `nil` (the default) for none.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: The footer title.
  func titleForFooter(inSection section: Int) -> String?

  /// Decides whether the row at `position` may be selected.
  ///
  /// Return `position` to allow it (the default), another position to select that row instead,
  /// or `nil` to veto the selection.
  ///
  /// - Parameter position: The row about to be selected.
  /// - Returns: The row to select, or `nil` for none.
  func willSelectRow(at position: TablePosition) -> TablePosition?

  /// Called after the row at `position` was selected; does nothing by default.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  func didSelectRow(at position: TablePosition, representing object: Any)

  /// Called after the row at `position` was deselected; does nothing by default.
  ///
  /// - Parameter position: The deselected row.
  func didDeselectRow(at position: TablePosition)
}

extension TableDataSource {
  /// Resolves the represented object through ``representations``.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The override's cell, the type's own cell, or a cell showing its description.
  public func cell(at position: TablePosition) -> Cell {
    representations.cell(for: representedObject(at: position))
  }

  /// Assigns ``cell(at:)``: correct for every data source, with no reuse.
  ///
  /// - Parameters:
  ///   - cell: Replaced.
  ///   - position: A position inside the counts.
  public func configureCell(_ cell: inout Cell, at position: TablePosition) {
    cell = self.cell(at: position)
  }

  /// No columns: rows show their text and detail.
  public var columns: [ColumnDefinition] { [] }

  /// No overrides: every type shows itself its own way.
  public var representations: RepresentationRegistry { RepresentationRegistry() }

  /// No header title.
  ///
  /// - Parameter section: Unused.
  /// - Returns: `nil`.
  public func titleForHeader(inSection section: Int) -> String? { nil }

  /// No footer title.
  ///
  /// - Parameter section: Unused.
  /// - Returns: `nil`.
  public func titleForFooter(inSection section: Int) -> String? { nil }

  /// Allows every selection as asked.
  ///
  /// - Parameter position: The row about to be selected.
  /// - Returns: `position`.
  public func willSelectRow(at position: TablePosition) -> TablePosition? { position }

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - position: Unused.
  ///   - object: Unused.
  public func didSelectRow(at position: TablePosition, representing object: Any) {}

  /// Does nothing.
  ///
  /// - Parameter position: Unused.
  public func didDeselectRow(at position: TablePosition) {}
}
