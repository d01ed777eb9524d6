import TableKit

/// The column specification of a LaTeX table: `l`, `r` and `c` columns when the table fits the
/// line at its natural width, else left-aligned text columns that wrap (`p` columns) sharing the
/// room the other columns leave.
///
/// LaTeX's `l`, `r` and `c` columns never wrap, so one long description pushes the columns after
/// it off the page. The plan reads the same first rows the placements are decided from (at most
/// ``ColumnPlacement/lookahead``) and measures each column's widest line in display columns,
/// its title included. When the widths and the gaps between columns add up to more than
/// ``lineCharacters``, the left-aligned columns wider than an even share of the room the others
/// leave wrap, each with a share of that room in proportion to its width (capped at the line, so
/// one huge cell does not take all of it).
struct LaTeXColumnPlan {
  /// How many characters of 10-point Latin Modern the plan fills an article's text width (345 pt)
  /// with: fewer than fit on average, which leaves room for capitals, digits and bold titles.
  static let lineCharacters = 54

  /// The gap between two columns (`2\tabcolsep`, 12 pt) in characters, rounded up.
  static let gapCharacters = 3

  /// Each column's specification: `l`, `r`, `c` or a `p{…}` width.
  let specifications: [String]
  /// Whether each column wraps (its line breaks are `\newline`, not a stack).
  let wraps: [Bool]

  init(placements: [ColumnPlacement], table: TableView, layout: inout TableLayout) {
    var widths = layout.hasHeaderRow ? layout.columns.map { DisplayWidth.of($0.title) } : []
    widths += Array(repeating: 0, count: max(placements.count - widths.count, 0))
    var cell = Cell("")
    table.visitLeadingRows(limit: ColumnPlacement.lookahead) { reader, position in
      let object = reader.representedObject(at: position)
      reader.configureCell(&cell, at: position)
      let values = layout.textValues(of: cell, object: object)
      for (column, value) in values.enumerated() where column < widths.count {
        let text =
          switch value {
          case .date(let date): date.written
          default: value.text
          }
        let widest =
          text.split(whereSeparator: \.isNewline).map { DisplayWidth.of(String($0)) }
          .max() ?? 0
        widths[column] = max(widths[column], widest)
      }
      return true
    }
    let natural = widths.reduce(0, +) + Self.gapCharacters * widths.count
    var wrapping = placements.indices.filter {
      natural > Self.lineCharacters && [.left, .unspecified].contains(placements[$0])
    }
    func room() -> Int {
      let fixed = placements.indices.filter { !wrapping.contains($0) }
        .reduce(0) { $0 + widths[$1] + Self.gapCharacters }
      return max(Self.lineCharacters - fixed, 10 * wrapping.count)
    }
    // A column narrower than an even share of the room left keeps its natural width; the room
    // it leaves goes to the wide ones.
    while !wrapping.isEmpty {
      let share = room() / wrapping.count
      let narrow = wrapping.filter { widths[$0] + Self.gapCharacters <= share }
      if narrow.isEmpty { break }
      wrapping.removeAll { narrow.contains($0) }
    }
    let room = room()
    let shares = wrapping.map { min(max(widths[$0], 1), Self.lineCharacters) }
    let total = max(shares.reduce(0, +), 1)
    var specifications = placements.map { placement -> String in
      switch placement {
      case .left, .unspecified: "l"
      case .right: "r"
      case .center: "c"
      }
    }
    var wraps = Array(repeating: false, count: placements.count)
    for (index, column) in wrapping.enumerated() {
      // A share of the line width, less the column's own gaps; at most the whole line.
      let fraction = min(Double(room * shares[index]) / Double(total * Self.lineCharacters), 1)
      let permille = min(max(Int((fraction * 1000).rounded(.down)), 50), 999)
      specifications[column] =
        #">{\raggedright\arraybackslash\hyphenpenalty=10000}p{\dimexpr 0."#
        + String(repeating: "0", count: 3 - String(permille).count) + String(permille)
        + #"\linewidth-2\tabcolsep\relax}"#
      wraps[column] = true
    }
    self.specifications = specifications
    self.wraps = wraps
  }
}
