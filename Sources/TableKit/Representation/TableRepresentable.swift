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
public protocol TableRepresentable {
  /// The cell that shows this value in a table.
  var tableCell: Cell { get }
}
