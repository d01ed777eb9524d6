package import TableKit

extension TextTableRenderer {
  /// The column widths of a whole table, measured once, so that parts of it drawn later line
  /// up with one another: what an interactive viewer needs to draw only the rows in its window.
  package struct MeasuredColumns {
    /// The widths, number alignments and accessory column, as a full render measures them.
    let metrics: TextColumnMetrics
  }

  /// Measures every row of `table`, as ``render(_:into:)`` does with
  /// ``ColumnSizing/measureAllRows``.
  ///
  /// The result does not depend on ``maximumWidth``: columns are fitted to the width when a
  /// part is drawn.
  ///
  /// - Parameter table: The whole table.
  /// - Returns: Its measured columns.
  /// - Complexity: O(n) for n rows, reading each once.
  package func measureColumns(of table: TableView) -> MeasuredColumns {
    let tabWidth = min(max(self.tabWidth, 1), 64)
    var layout = TableLayout(for: table)
    var metrics = TextColumnMetrics(count: layout.columns.count)
    if layout.hasHeaderRow && layout.columns.contains(where: { !$0.title.isEmpty }) {
      for (column, definition) in layout.columns.enumerated() {
        metrics.include(TextField(text: definition.title, tabWidth: tabWidth), column: column)
      }
    }
    measure(table, layout: &layout, into: &metrics, rowLimit: Int.max, tabWidth: tabWidth)
    return MeasuredColumns(metrics: metrics)
  }

  /// Renders `table` with columns measured before, usually over a larger table with the same
  /// columns that `table` shows some rows of.
  ///
  /// - Parameters:
  ///   - table: The rows to draw.
  ///   - measured: The columns, from ``measureColumns(of:)``.
  /// - Returns: The rendered text.
  /// - Complexity: O(r) for the r rows of `table`: nothing is measured.
  package func render(_ table: TableView, measured: MeasuredColumns) -> String {
    var text = ""
    OutputBuffer.writing(to: &text) { render(table, measured: measured.metrics, into: &$0) }
    return text
  }
}
