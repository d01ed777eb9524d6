public import TableKit

/// A type that shows itself its own way in human-readable text: terminal text and Markdown.
///
/// Adopt it in an extension in its own file, beside the type's `TableRepresentable`
/// conformance; the model type itself never imports TableRender. Without it, text renderers show
/// the generic cell's values.
///
/// ```swift
/// // Invoice+TextRepresentation.swift
/// import TableRender
///
/// extension Invoice: TextRepresentable {
///   var textValues: [CellValue] { [.text(number), .text("€ " + amount.formatted())] }
/// }
/// ```
///
/// A table that registers an override for the type in its `RepresentationRegistry` keeps that
/// override in every format.
public protocol TextRepresentable {
  /// One value per column, as text renderers should show them.
  var textValues: [CellValue] { get }
}
