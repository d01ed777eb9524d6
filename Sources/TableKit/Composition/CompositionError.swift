/// What went wrong inside a data source made of data sources.
public enum CompositionError: Error, Hashable, Sendable {
  /// A child's ``TableDataSource/willSelectRow(at:)`` redirected the selection of one of its rows
  /// to a position that is not one of its visible rows.
  ///
  /// The selection is vetoed. `from` is the row the table asked about, in the wrapper's
  /// positions and in the child's; `to` is where the child sent it, in the child's positions.
  case redirectOutsideChild(from: TablePosition, child: ChildPosition, to: TablePosition)

  /// The change could not be applied: the table (or a wrapper above) refused it.
  case update(TableUpdateError)
}

extension CompositionError: CustomStringConvertible {
  /// A sentence naming every place involved.
  public var description: String {
    switch self {
    case .redirectOutsideChild(let from, let child, let to):
      return "Selecting \(from.spelledOut) (\(child)) was redirected by the child's will-select "
        + "to \(to.spelledOut), "
        + "which is not a row the child shows in this table; the selection was vetoed."
    case .update(let error):
      return error.description
    }
  }
}
