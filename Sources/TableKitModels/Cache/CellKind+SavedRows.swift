public import TableKit

extension CellKind {
  /// A row saying that the rows above were saved earlier and shown from a cache, with when.
  ///
  /// A ``ModelDataSource`` shows it after a model loaded to the end from its cache:
  ///
  /// ```text
  /// Showing saved rows from 2026-11-25T19:00:00Z
  /// ```
  ///
  /// Its identifier begins with `status-`, so `CellKind.isStatus` is `true` for it.
  public static let savedRows: CellKind = "status-saved-rows"
}
