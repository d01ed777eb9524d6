import TableKit

/// How a Markdown table's columns line up: decided once for the whole table, so every section's
/// table has the same delimiter row.
extension MarkdownTableRenderer {
  /// The delimiter-row cell of each column: `:---`, `---:` or `:---:` for a column placed
  /// left, right or centre (see ``ColumnPlacement/placements(for:layout:)``), a plain `---`
  /// for one left unspecified.
  static func delimiters(for table: TableView, layout: inout TableLayout) -> [StaticString] {
    ColumnPlacement.placements(for: table, layout: &layout).map { placement in
      switch placement {
      case .left: " :--- |"
      case .right: " ---: |"
      case .center: " :---: |"
      case .unspecified: " --- |"
      }
    }
  }
}
