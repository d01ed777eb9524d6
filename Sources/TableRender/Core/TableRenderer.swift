public import TableKit

/// A format a `Table` can be rendered to: one conforming struct per format.
///
/// Renderers read the table through its data source: sections become row groups under their
/// header titles, the data source's columns become the header row, and every row shows the cell
/// its represented object's representation gives.
///
/// ```swift
/// let report = TextTableRenderer().render(table)
/// var html = ""
/// HTMLTableRenderer().render(table, to: &html)
/// ```
public protocol TableRenderer: Sendable {
  /// Writes `table` to `output` in this renderer's format.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the text goes.
  func render<Output: TextOutputStream>(_ table: Table, to output: inout Output)
}

extension TableRenderer {
  /// Renders `table` into a new string, for small tables and tests.
  ///
  /// - Parameter table: The table to render.
  /// - Returns: The rendered text.
  public func render(_ table: Table) -> String {
    var output = ""
    render(table, to: &output)
    return output
  }
}
