/// A type that knows how to show itself as a row of a table.
///
/// Adopt it in an extension in a file of its own, so the model type stays a model and its table
/// representation is a separate decoration:
///
/// ```swift
/// // PhoneNumber+TableRepresentation.swift
/// extension PhoneNumber: TableRepresentable {
///   var tableCell: Cell { Cell(number, detail: label, kind: "phone-number") }
/// }
/// ```
///
/// Every data source then shows a `PhoneNumber` the same way, with no shared superclass and no
/// `switch` over types. A single data source can still show it differently by registering an
/// override in its ``RepresentationRegistry``. Values of types that adopt nothing are shown by
/// their description (see ``RepresentationRegistry/cell(for:)``).
///
/// ``tableCell`` is the only requirement. A type shown in very long tables can also implement
/// ``configure(_:)`` to fill a renderer's reused cell in place instead of making a new one for
/// every row; see there.
public protocol TableRepresentable {
  /// The cell that shows this value in a table.
  var tableCell: Cell { get }

  /// Fills `cell`, a cell reused from an earlier row, with this value's cell.
  ///
  /// Renderers read a table into one cell, row after row. ``SectionedDataSource`` fills it
  /// through this method, so that the README's way of building a table, items of any type in
  /// sections, each showing itself, costs about what a hand-written
  /// ``TableDataSource/configureCell(_:at:)`` does.
  ///
  /// The default assigns ``tableCell``, which is always correct, and makes a new cell (and a
  /// new ``Cell/values`` array, if it has values) for every row. Implement it to overwrite the
  /// cell in place instead; start from
  /// ``Cell/prepareForReuse(_:detail:accessory:kind:isSelectable:valueCount:)``, which resets
  /// every field, so nothing of the previous row is left:
  ///
  /// ```swift
  /// extension Payment: TableRepresentable {
  ///   var tableCell: Cell {
  ///     Cell(payee, values: [.text(payee), .decimal(amount, fractionDigits: 2)], kind: "payment")
  ///   }
  ///
  ///   func configure(_ cell: inout Cell) {
  ///     cell.prepareForReuse(payee, kind: "payment", valueCount: 2)
  ///     cell.values[0] = .text(payee)
  ///     cell.values[1] = .decimal(amount, fractionDigits: 2)
  ///   }
  /// }
  /// ```
  ///
  /// The result must equal ``tableCell``, whatever `cell` held before. A data source's
  /// ``RepresentationRegistry`` override for the type still wins: it is asked first and this
  /// method is then not called.
  ///
  /// A class that implements this method should declare it in the class itself (not in an
  /// extension), so that its subclasses can override it along with ``tableCell``.
  ///
  /// - Parameter cell: A cell holding an earlier row, or a new one; on return, this value's cell.
  func configure(_ cell: inout Cell)
}

extension TableRepresentable {
  /// Assigns ``tableCell``: correct for every type, with no reuse.
  ///
  /// - Parameter cell: Replaced with ``tableCell``.
  public func configure(_ cell: inout Cell) {
    cell = tableCell
  }
}
