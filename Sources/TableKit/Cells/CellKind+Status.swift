/// The kinds of the rows that tell the state of a table's content rather than show a record.
///
/// Models show a loading row, an empty row, an error row and a "load more" row; a drill-down
/// shows an empty row for a level with no children. They are ordinary cells of these kinds, so
/// every renderer and adapter recognizes them the same way: by ``CellKind/isStatus``. A renderer
/// that writes data for another program (CSV) can leave them out or mark them; one that writes
/// for a person shows them like any row.
extension CellKind {
  /// A row saying that content is loading.
  public static let loading: CellKind = "status-loading"
  /// A row saying that there is no content, with a message the app sets.
  public static let empty: CellKind = "status-empty"
  /// A row saying that loading failed, with the error's message; selecting it retries.
  public static let failure: CellKind = "status-failure"
  /// A row offering more content; selecting it loads the next page.
  public static let loadMore: CellKind = "status-load-more"

  /// The status kinds, in the order a table usually shows them.
  public static let statusKinds: [CellKind] = [.loading, .empty, .failure, .loadMore]

  /// Whether a row of this kind tells the state of the content instead of showing a record.
  ///
  /// A kind is a status kind when its identifier begins with `status-`; declare kinds of your own
  /// that way (`"status-offline"`) and renderers treat them as status rows too.
  public var isStatus: Bool {
    rawValue.utf8.starts(with: "status-".utf8)
  }
}
