extension TableShape {
  /// Checks that `position` names a row of this shape.
  ///
  /// - Parameter position: The position to check.
  /// - Throws: ``TableError`` saying which part of the position is wrong and what the shape is.
  public func validate(_ position: TablePosition) throws(TableError) {
    try validate(section: position.section, row: position.row)
  }

  /// Checks that `section` exists in this shape.
  ///
  /// - Parameter section: The section to check, counted from zero.
  /// - Throws: ``TableError`` for a negative section, one past the end, or an empty table.
  public func validate(section: Int) throws(TableError) {
    try validate(section: section, row: nil)
  }

  private func validate(section: Int, row: Int?) throws(TableError) {
    func failure(_ reason: TableError.Reason) -> TableError {
      TableError(reason: reason, section: section, row: row, shape: self)
    }
    if numberOfSections == 0 { throw failure(.emptyTable) }
    if section < 0 { throw failure(.negativeSection) }
    guard let rows = numberOfRows(inSection: section) else { throw failure(.sectionPastEnd) }
    guard let row else { return }
    if row < 0 { throw failure(.negativeRow) }
    if row >= rows { throw failure(.rowPastEnd) }
  }
}
