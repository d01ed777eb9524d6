/// A data source that shows rows of other data sources, its children, and forwards every question
/// about a row to the child that owns it, at the child's own position.
///
/// This is the one forwarding layer that ``ComposedDataSource``, ``FilteredDataSource`` and every
/// other wrapper share, so none of them forgets a hook. A wrapper says how its positions map to
/// its children's and back; the extension answers the rest of ``TableDataSource`` through that
/// map:
///
/// - ``TableDataSource/representedObject(at:)``, ``TableDataSource/cell(at:)`` and
///   ``TableDataSource/configureCell(_:at:)`` ask the child, so the child's own
///   ``TableDataSource/representations`` (its overrides) apply to its rows only. An override
///   registered on the wrapper itself wins over the child's, for the wrapper's rows.
/// - Header and footer titles ask the child for its section.
/// - ``TableDataSource/willSelectRow(at:)`` asks the child: a veto stays a veto, a redirect
///   within the child is mapped back to the wrapper's positions, and a redirect outside the
///   child is an error: ``TableView/selectRow(at:)`` throws a ``TableError`` naming both places
///   (``selectionTarget(forRowAt:)`` throws it as
///   ``CompositionError/redirectOutsideChild(from:child:to:)``; `willSelectRow(at:)`, which
///   cannot throw, reads it as a veto).
/// - ``TableDataSource/didSelectRow(at:representing:)`` and
///   ``TableDataSource/didDeselectRow(at:)`` reach the child at its position.
///
/// A position that maps to no child (only possible when a caller ignored the counts) reads as an
/// empty row; nothing traps.
public protocol ForwardingTableDataSource: ChangingTableDataSource, TableChangeObserver {
  /// The child at `index`, or `nil` when there is none.
  ///
  /// - Parameter index: An index among the children.
  /// - Returns: The child.
  func child(at index: Int) -> (any TableDataSource)?

  /// The child that owns `section`, and the section's index in it.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's index and its section, or `nil` for a section out of range.
  func childSection(forSection section: Int) -> (child: Int, section: Int)?

  /// The child that owns the row at `position`, and the row's position in it.
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: The child's index and its position, or `nil` for a position out of range.
  func childPosition(for position: TablePosition) -> ChildPosition?

  /// Where a child's row shows in this data source.
  ///
  /// - Parameter childPosition: A child's index and a position in the child.
  /// - Returns: This data source's position for it, or `nil` when this data source does not
  ///   show that row (out of the child's range, or hidden).
  func position(for childPosition: ChildPosition) -> TablePosition?
}

extension ForwardingTableDataSource {
  /// The rows of the child's section.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's row count, or 0 for a section out of range.
  public func numberOfRows(inSection section: Int) -> Int {
    guard let target = childSection(forSection: section), let child = child(at: target.child)
    else { return 0 }
    return max(0, child.numberOfRows(inSection: target.section))
  }

  /// The object the child shows at its position.
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: The child's object, or an empty string for a position out of range.
  public func representedObject(at position: TablePosition) -> Any {
    guard let target = childPosition(for: position), let child = child(at: target.child)
    else { return "" }
    return child.representedObject(at: target.position)
  }

  /// The child's cell, or this data source's override of the object's type.
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: What the row shows.
  public func cell(at position: TablePosition) -> Cell {
    var cell = Cell("")
    configureCell(&cell, at: position)
    return cell
  }

  /// Fills `cell` through the child, at its position; an override registered on this data
  /// source wins over the child's.
  ///
  /// - Parameters:
  ///   - cell: A reused cell; on return, the row's cell.
  ///   - position: A position of this data source.
  public func configureCell(_ cell: inout Cell, at position: TablePosition) {
    guard let target = childPosition(for: position), let child = child(at: target.child) else {
      cell.prepareForReuse("")
      return
    }
    let own = representations
    if !own.isEmpty {
      let object = child.representedObject(at: target.position)
      if own.overrides(object) {
        own.configure(&cell, for: object)
        return
      }
    }
    child.configureCell(&cell, at: target.position)
  }

  /// The columns of the first child that has any.
  public var columns: [ColumnDefinition] {
    var index = 0
    while let child = child(at: index) {
      let columns = child.columns
      if !columns.isEmpty { return columns }
      index += 1
    }
    return []
  }

  /// The child's header title for its section.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's title.
  public func titleForHeader(inSection section: Int) -> String? {
    guard let target = childSection(forSection: section), let child = child(at: target.child)
    else { return nil }
    return child.titleForHeader(inSection: target.section)
  }

  /// The child's footer title for its section.
  ///
  /// - Parameter section: A section of this data source.
  /// - Returns: The child's title.
  public func titleForFooter(inSection section: Int) -> String? {
    guard let target = childSection(forSection: section), let child = child(at: target.child)
    else { return nil }
    return child.titleForFooter(inSection: target.section)
  }

  /// Where selecting the row at `position` leads, as the child that owns it decides.
  ///
  /// The child's ``TableDataSource/willSelectRow(at:)`` is asked at its own position (a
  /// forwarding child is asked through this method, so an error deep down reaches the top).
  ///
  /// - Parameter position: A position of this data source.
  /// - Returns: The row to select in this data source's positions, or `nil` for a veto.
  /// - Throws: ``CompositionError/redirectOutsideChild(from:child:to:)`` when the child
  ///   redirected to a position it does not show here. `from` is always this data source's
  ///   position; `child` names the data source that redirected, however deep, and where in it.
  ///   ``TableView/selectRow(at:)`` turns it into a ``TableError``.
  public func selectionTarget(
    forRowAt position: TablePosition
  ) throws(CompositionError) -> TablePosition? {
    guard let target = childPosition(for: position), let child = child(at: target.child)
    else { return nil }
    let redirect: TablePosition?
    if let forwarding = child as? any ForwardingTableDataSource {
      do {
        redirect = try forwarding.selectionTarget(forRowAt: target.position)
      } catch .redirectOutsideChild(_, let inner, let to) {
        // Named from this data source's position; the child deep down keeps its own place.
        throw .redirectOutsideChild(from: position, child: inner, to: to)
      }
    } else {
      redirect = child.willSelectRow(at: target.position)
    }
    guard let redirect else { return nil }
    if redirect == target.position { return position }
    guard let mapped = self.position(for: ChildPosition(child: target.child, position: redirect))
    else {
      throw .redirectOutsideChild(from: position, child: target, to: redirect)
    }
    return mapped
  }

  /// Asks the child; a redirect outside the child is a veto (see ``selectionTarget(forRowAt:)``).
  ///
  /// - Parameter position: The row about to be selected.
  /// - Returns: The row to select, or `nil` for none.
  public func willSelectRow(at position: TablePosition) -> TablePosition? {
    do {
      return try selectionTarget(forRowAt: position)
    } catch {
      return nil
    }
  }

  /// Tells the child, at its position.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  public func didSelectRow(at position: TablePosition, representing object: Any) {
    guard let target = childPosition(for: position), let child = child(at: target.child)
    else { return }
    child.didSelectRow(at: target.position, representing: object)
  }

  /// Tells the child, at its position.
  ///
  /// - Parameter position: The deselected row.
  public func didDeselectRow(at position: TablePosition) {
    guard let target = childPosition(for: position), let child = child(at: target.child)
    else { return }
    child.didDeselectRow(at: target.position)
  }

  /// Where the row at `position` of `descendant`, a data source anywhere under this one, shows
  /// in this data source.
  ///
  /// ```swift
  /// let settings = ComposedDataSource([account, ComposedDataSource([devices])])
  /// settings.position(of: devices, at: TablePosition(section: 0, row: 2))  // (1, 2)
  /// ```
  ///
  /// - Parameters:
  ///   - descendant: A child, a child's child, and so on.
  ///   - position: A position in `descendant`.
  /// - Returns: This data source's position, or `nil` when `descendant` is not under it or does
  ///   not show that row here (out of range, filtered out, in a hidden segment).
  /// - Complexity: O(n) for n data sources under this one, plus the mapping at each level.
  public func position(of descendant: any TableDataSource, at position: TablePosition)
    -> TablePosition?
  {
    var index = 0
    while let child = child(at: index) {
      if child === descendant {
        return self.position(for: ChildPosition(child: index, position: position))
      }
      if let forwarding = child as? any ForwardingTableDataSource,
        let inner = forwarding.position(of: descendant, at: position)
      {
        return self.position(for: ChildPosition(child: index, position: inner))
      }
      index += 1
    }
    return nil
  }

  /// Makes this data source the change observer of `child` when the child reports changes.
  func observe(_ child: any TableDataSource) {
    if let changing = child as? any ChangingTableDataSource { changing.changeObserver = self }
  }

  /// Stops observing `child` when this data source is its observer.
  func stopObserving(_ child: any TableDataSource) {
    if let changing = child as? any ChangingTableDataSource, changing.changeObserver === self {
      changing.changeObserver = nil
    }
  }
}
