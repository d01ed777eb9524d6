public import TableKit

/// A type that exports itself its own way to CSV, for example with raw numbers and ISO dates.
///
/// Adopt it in an extension in its own file; without it, CSV shows the generic cell's values. A
/// table that registers an override for the type keeps that override in every format.
///
/// ```swift
/// extension Invoice: CSVRepresentable {
///   var csvValues: [CellValue] { [.text(number), .integer(amountInCents)] }
/// }
/// ```
public protocol CSVRepresentable {
  /// One value per column, as CSV should export them.
  var csvValues: [CellValue] { get }
}
