package import TableKit

extension TextTableGeometry {
  /// Where content sits in its column; the raw value is the share of the free space that goes
  /// before it, in halves.
  package enum Placement: Int, Sendable {
    /// Free space after the content.
    case left = 0
    /// Free space split, the odd column after.
    case center = 1
    /// Free space before the content.
    case right = 2
  }

  /// Where a value sits in a column aligned `alignment`: numbers right and text left when it is
  /// automatic.
  ///
  /// - Parameters:
  ///   - alignment: The column's alignment.
  ///   - isNumber: Whether the value is a number.
  /// - Returns: The value's placement.
  package static func placement(_ alignment: ColumnDefinition.Alignment, isNumber: Bool)
    -> Placement
  {
    switch alignment {
    case .left: .left
    case .right: .right
    case .center: .center
    case .automatic: isNumber ? .right : .left
    }
  }

  /// Where `piece` sits in `column`: a header title in an automatic column goes where the
  /// column's values go (right over numbers), anything else by its own kind.
  ///
  /// - Parameters:
  ///   - column: The layout column.
  ///   - piece: The value, or one line of it.
  ///   - isHeader: Whether it is the column's title.
  /// - Returns: Its placement.
  package func placement(column: Int, piece: TextField, isHeader: Bool) -> Placement {
    if isHeader, alignments[column] == .automatic { return holdsNumbers[column] ? .right : .left }
    if case .number = piece { return numberPlacements[column] }
    return textPlacements[column]
  }

  /// The spaces before and after content `contentWidth` wide placed within `width` columns;
  /// a number in a column aligned on the decimal point also gets the spaces that line its point
  /// up with the column's.
  ///
  /// A number measured after the widths were fixed (a sample, given widths) may fit the column
  /// but not its decimal point: it moves off the point as little as it must, never past the
  /// column's edge.
  ///
  /// - Parameters:
  ///   - contentWidth: The content's width in terminal columns.
  ///   - number: For a number, its widths before and after the point; `nil` otherwise.
  ///   - width: The columns to place it in.
  ///   - alignment: Where it sits.
  ///   - column: The layout column, or `nil` for a line outside the columns.
  /// - Returns: The spaces before it and after it; together with it, `width` columns when it
  ///   fits.
  @inline(__always)
  package func padding(
    contentWidth: Int,
    number: (whole: Int, fraction: Int)?,
    width: Int,
    alignment: Placement,
    column: Int?
  ) -> (left: Int, right: Int) {
    var blockWidth = contentWidth
    var innerLeft = 0
    var innerRight = 0
    if alignsDecimalPoints, let column, let number {
      innerLeft = max(wholeWidths[column] - number.whole, 0)
      innerRight = max(fractionWidths[column] - number.fraction, 0)
      let excess = contentWidth + innerLeft + innerRight - width
      if excess > 0 {
        let fromRight = min(excess, innerRight)
        innerRight -= fromRight
        innerLeft -= min(excess - fromRight, innerLeft)
      }
      blockWidth += innerLeft + innerRight
    }
    let free = max(width - blockWidth, 0)
    let left = (free &* alignment.rawValue) >> 1
    return (left + innerLeft, innerRight + free - left)
  }
}
