public import TableKit

/// A type that shows itself its own way in HTML, for example as links.
///
/// Adopt it in an extension in its own file; without it, HTML shows the generic cell's values.
/// Values are still escaped, and a link is only made for a URL the renderer's link policy allows;
/// any other is shown as text. A table that registers an override for the type keeps that
/// override in every format.
///
/// ```swift
/// // PhoneNumber+HTMLRepresentation.swift
/// import TableRender
///
/// extension PhoneNumber: HTMLRepresentable {
///   var htmlValues: [HTMLValue] { [.link(number, href: "tel:" + digits), .value(.text(label))] }
/// }
/// ```
public protocol HTMLRepresentable {
  /// One value per column, as HTML should show them.
  var htmlValues: [HTMLValue] { get }
}

/// One column's content in HTML: a plain value or a link.
public enum HTMLValue: Hashable, Sendable {
  /// A value shown as escaped text.
  case value(CellValue)
  /// A link showing `text`; made only when the renderer's link policy allows `href`, shown as
  /// plain text otherwise.
  case link(String, href: String)
}
