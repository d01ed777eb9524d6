/// A place inside one child of a data source made of data sources: which child, and where in it.
///
/// A ``ForwardingTableDataSource`` maps each of its own positions to one of these, and back.
public struct ChildPosition: Hashable, Sendable {
  /// The child's index among the wrapper's children.
  public var child: Int
  /// The position in the child's own sections and rows.
  public var position: TablePosition

  /// Creates the place `position` of the child at index `child`.
  ///
  /// - Parameters:
  ///   - child: The child's index among the wrapper's children.
  ///   - position: The position in the child's own sections and rows.
  public init(child: Int, position: TablePosition) {
    self.child = child
    self.position = position
  }
}

extension ChildPosition: CustomStringConvertible {
  /// The child and its position, such as `child 2 at (0, 3)`.
  public var description: String { "child \(child) at its \(position.spelledOut)" }
}
