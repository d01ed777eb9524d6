package import TableKit

/// The shape of a text table once its columns are measured: which columns show, how wide each is
/// drawn, and how a value sits in its column.
///
/// A value made once per table, before the first line, from the style, the measured columns and
/// the renderer's settings; ``TextTableDrawing`` draws every line from it and never changes it.
/// All the layout decisions live here, apart from the bytes: widths are clamped so no arithmetic
/// on them can overflow, a column aligned on its decimal point is as wide as its widest number,
/// a table with nothing in any column keeps one narrow column so a box still has a shape, and with
/// a maximum width the widest columns shrink first (never below a number, nor below two columns
/// when text wraps, so a wide character always fits).
///
/// ```swift
/// var metrics = TextColumnMetrics(count: 2)
/// metrics.include(TextField(text: "Customer", tabWidth: 4), column: 0)
/// metrics.include(TextField(.integer(1250), tabWidth: 4), column: 1)
/// let geometry = TextTableGeometry(
///   style: .grid, metrics: metrics, alignments: [.automatic, .automatic], maximumWidth: nil,
///   overflow: .truncate, alignsDecimalPoints: false)
/// geometry.widths  // [8, 4]
/// ```
package struct TextTableGeometry: Equatable, Sendable {
  /// The largest width or spacing taken from settings; larger ones are treated as this, so no
  /// arithmetic on them can overflow.
  package static let limit = 1 << 20

  /// Whether lines are drawn in a box (the style has one).
  package let isBoxed: Bool
  /// Spaces between columns of a borderless table, clamped to 0…``limit``.
  package let gap: Int
  /// Spaces before every line of a borderless table, clamped to 0…``limit``.
  package let indent: Int
  /// The width each column is drawn at, in terminal columns; 0 for a hidden column.
  package let widths: [Int]
  /// The columns drawn, in order: those with a width.
  package let visible: [Int]
  /// The widest part before the decimal point of each column's numbers.
  package let wholeWidths: [Int]
  /// The widest point and fraction of each column's numbers.
  package let fractionWidths: [Int]
  /// Whether each column holds a number.
  package let holdsNumbers: [Bool]
  /// Whether an accessory column (one column wide) is drawn after the others.
  package let hasAccessory: Bool
  /// Each column's alignment, read once from the layout.
  package let alignments: [ColumnDefinition.Alignment]
  /// Whether numbers line up on their decimal point.
  package let alignsDecimalPoints: Bool
  /// The widest a line may be, as the renderer was given it, or `nil` for no limit.
  package let maximumWidth: Int?
  /// What happens to text wider than its column.
  package let overflow: TextOverflow
  /// Where a number sits in each column.
  package let numberPlacements: [Placement]
  /// Where anything else sits in each column.
  package let textPlacements: [Placement]

  /// Lays out columns measured as `metrics`, aligned `alignments`, for `style`.
  ///
  /// - Parameters:
  ///   - style: The lines the table is drawn with (only its box, gap and indent matter here).
  ///   - metrics: What the measuring pass learned about each column.
  ///   - alignments: Each column's alignment, one per column of `metrics`.
  ///   - maximumWidth: The widest a line may be, or `nil` for no limit.
  ///   - overflow: What happens to text wider than its column.
  ///   - alignsDecimalPoints: Whether numbers line up on their decimal point.
  package init(
    style: TextTableStyle,
    metrics: TextColumnMetrics,
    alignments: [ColumnDefinition.Alignment],
    maximumWidth: Int?,
    overflow: TextOverflow,
    alignsDecimalPoints: Bool
  ) {
    let limit = Self.limit
    let isBoxed = style.box != nil
    let gap = min(max(style.gap, 0), limit)
    let indent = min(max(style.indent, 0), limit)
    var widths = metrics.widths.map { min(max($0, 0), limit) }
    if alignsDecimalPoints {
      for column in widths.indices where metrics.holdsNumbers[column] {
        let block = metrics.wholeWidths[column] + metrics.fractionWidths[column]
        widths[column] = max(widths[column], min(block, limit))
      }
    }
    var visible = widths.indices.filter { widths[$0] > 0 }
    if visible.isEmpty, !widths.isEmpty {
      // Nothing to show in any column: keep one narrow column so the box still has a shape.
      widths[0] = 1
      visible = [0]
    }
    if let maximumWidth {
      let maximumWidth = min(max(maximumWidth, 0), limit)
      let count = visible.count
      let overhead: Int
      if isBoxed {
        overhead = 3 * count + 1 + (metrics.hasAccessory ? 4 : 0)
      } else {
        overhead = indent + gap * max(count - 1, 0) + (metrics.hasAccessory ? gap + 1 : 0)
      }
      // A number is never cut by the limit; wrapped text keeps two columns so that a wide
      // character always fits.
      let minimums = visible.map { column in
        metrics.holdsNumbers[column]
          ? max(1, metrics.wholeWidths[column] + metrics.fractionWidths[column])
          : min(widths[column], overflow == .wrap ? 2 : 1)
      }
      let fitted = WidthFitting.fit(
        visible.map { widths[$0] }, minimums: minimums, available: maximumWidth - overhead)
      for (index, column) in visible.enumerated() { widths[column] = fitted[index] }
    }
    self.isBoxed = isBoxed
    self.gap = gap
    self.indent = indent
    self.widths = widths
    self.visible = visible
    self.wholeWidths = metrics.wholeWidths
    self.fractionWidths = metrics.fractionWidths
    self.holdsNumbers = metrics.holdsNumbers
    self.hasAccessory = metrics.hasAccessory
    self.alignments = alignments
    self.alignsDecimalPoints = alignsDecimalPoints
    self.maximumWidth = maximumWidth
    self.overflow = overflow
    self.numberPlacements = alignments.map { Self.placement($0, isNumber: true) }
    self.textPlacements = alignments.map { Self.placement($0, isNumber: false) }
  }

  /// The sum of the visible columns' widths.
  package var columnWidths: Int {
    visible.reduce(0) { $0 + widths[$1] }
  }

  /// The columns between a boxed table's two vertical lines: every visible column with its two
  /// spaces, the vertical lines between them, and the accessory column with its line.
  package var innerWidth: Int {
    columnWidths + 2 * visible.count + max(visible.count - 1, 0) + (hasAccessory ? 4 : 0)
  }

  /// The columns a line that spans a boxed table (a section title, a footer) has for its text:
  /// the inner width less a space on either side, at least one.
  package var spanningWidth: Int {
    max(innerWidth - 2, 1)
  }
}
