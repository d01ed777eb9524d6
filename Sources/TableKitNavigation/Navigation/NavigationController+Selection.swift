public import TableKit

extension NavigationController {
  /// Selects the row at `position` in the top level, as a person's tap would, and pushes the
  /// level it leads to.
  ///
  /// See ``selectRow(at:in:)``.
  ///
  /// - Parameter position: A row of the top level's table.
  /// - Returns: The controller pushed, or `nil` when the row leads nowhere deeper or the
  ///   selection was vetoed.
  /// - Throws: ``NavigationError``, as ``selectRow(at:in:)`` does.
  @discardableResult
  public func selectRow(at position: TablePosition) throws(NavigationError) -> TableController? {
    try selectRow(at: position, in: top)
  }

  /// Selects the row at `position` in `controller`, which must be the top level, and pushes the
  /// level it leads to.
  ///
  /// The table selects the row first, running the data source's hooks and then the controller's
  /// `TableController.didSelectRow(at:representing:)` (where a level writes what it passes up,
  /// for example the selected brand). Then the controller is asked for the row's
  /// `TableController.destination(forRowAt:representing:)`; when it answers one, the factory
  /// makes the next level from it and the level is pushed.
  ///
  /// - Parameters:
  ///   - position: A row of the controller's table.
  ///   - controller: The top level.
  /// - Returns: The controller pushed, or `nil` when the row leads nowhere deeper or the
  ///   selection was vetoed.
  /// - Throws: ``NavigationError/notOnStack(title:operation:)`` when `controller` is not on this
  ///   stack (it was popped), ``NavigationError/notTopLevel(title:top:)`` when it is below the
  ///   top, ``NavigationError/table(_:)`` when the table has no such row, or what the factory
  ///   throws.
  @discardableResult
  public func selectRow(
    at position: TablePosition, in controller: TableController
  ) throws(NavigationError) -> TableController? {
    guard level(of: controller) != nil else {
      throw .notOnStack(title: controller.title, operation: .selectRow)
    }
    guard controller === top else {
      throw .notTopLevel(title: controller.title, top: top.title)
    }
    let selected: TablePosition?
    do {
      selected = try controller.selectRow(at: position)
    } catch {
      throw .table(error)
    }
    // The did-select hooks may have pushed or popped; only a level still on top goes deeper.
    guard let selected, controller === top,
      let object = try? controller.table.representedObject(at: selected),
      let destination = controller.destination(forRowAt: selected, representing: object)
    else { return nil }
    return try push(destination: destination)
  }
}
