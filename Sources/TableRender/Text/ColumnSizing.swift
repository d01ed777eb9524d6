/// How a text renderer learns column widths before it draws the first line.
///
/// Aligned text needs every column's width before its first row is written. The choices trade
/// work for memory, and none keeps rows in memory:
///
/// - ``measureAllRows``: a first pass reads every row and measures it, then a second pass draws.
///   The data source is read twice (cells are made twice), memory stays flat, and every value
///   fits its column.
/// - ``measureFirstRows(_:)``: measures only the first rows and draws in one further pass; later
///   rows wider than the sample are truncated or wrapped (see ``TextOverflow``), numbers too. No
///   column is hidden and the accessory column is always drawn, since later rows may need them.
/// - ``fixed(_:)``: widths you give; no measuring pass at all. A column given width 0 (or none,
///   or a negative width) is hidden; a width above ``widestFixedColumn`` is clamped to it; the
///   accessory column is always drawn; decimal points cannot be lined up, as no number was
///   measured; anything wider than its column is truncated or wrapped.
public enum ColumnSizing: Hashable, Sendable {
  /// Measure every row first (the default).
  case measureAllRows
  /// Measure only the first `count` rows.
  case measureFirstRows(Int)
  /// Use these widths, one per column (a column given 0, or no width, is hidden; widths are
  /// clamped to 0…``widestFixedColumn``).
  case fixed([Int])

  /// The widest a fixed column is drawn: 4,096 columns.
  ///
  /// Wider than any terminal or viewer shows, and small enough that a mistaken width
  /// (`Int.max`) pads each line with kilobytes rather than building gigabytes.
  public static let widestFixedColumn = 4_096
}

/// What happens to text wider than its column.
public enum TextOverflow: Hashable, Sendable {
  /// Cut it and end it with `…`.
  case truncate
  /// Break it into lines at spaces where possible, else between characters.
  case wrap
}

/// Shrinks column widths to fit a total, widest columns first.
package enum WidthFitting {
  /// `widths` reduced so their sum is at most `available`, never below `minimums`.
  ///
  /// The widest columns give up space first, so short columns keep their natural width: every
  /// column is capped at one common width, the largest cap that fits, and the space left under the
  /// total goes to the naturally widest capped columns. When even the minimums do not fit, the
  /// minimums are returned.
  ///
  /// - Complexity: O(n log w) for n columns of widths up to w.
  package static func fit(_ widths: [Int], minimums: [Int], available: Int) -> [Int] {
    let available = max(available, 0)
    func width(_ index: Int, cappedAt cap: Int) -> Int {
      min(widths[index], max(cap, minimums[index]))
    }
    func total(cappedAt cap: Int) -> Int {
      widths.indices.reduce(0) { sum, index in
        let (result, overflow) = sum.addingReportingOverflow(width(index, cappedAt: cap))
        return overflow ? Int.max : result
      }
    }
    guard total(cappedAt: Int.max) > available else { return widths }
    guard total(cappedAt: 0) <= available else {
      return widths.indices.map { width($0, cappedAt: 0) }
    }
    // The largest cap whose total fits: total(cappedAt:) grows with the cap.
    var low = 0
    var high = widths.max() ?? 0
    while low < high {
      let middle = low + (high - low + 1) / 2
      if total(cappedAt: middle) <= available { low = middle } else { high = middle - 1 }
    }
    var fitted = widths.indices.map { width($0, cappedAt: low) }
    var left = available - fitted.reduce(0, +)
    let capped = widths.indices.filter { widths[$0] > fitted[$0] }.sorted {
      widths[$0] > widths[$1]
    }
    for index in capped where left > 0 {
      fitted[index] += 1
      left -= 1
    }
    return fitted
  }
}

/// Cutting and breaking text to a display width.
package enum TextFitting {
  /// `line` cut to at most `width` columns, ending in `…` when anything was cut.
  package static func truncate(_ line: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in line {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth > width - 1 {
        break
      }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  /// `line` broken into lines of at most `width` columns, at spaces where possible.
  ///
  /// A character wider than `width` on its own (an emoji in a column one wide) is shown as `…`,
  /// so no line is ever wider than `width` and a box stays closed.
  package static func wrap(_ line: String, to width: Int) -> [String] {
    guard width > 0 else { return [line] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var lastSpace: String.Index?
    for original in line {
      var character = original
      var characterWidth = DisplayWidth.of(character)
      if characterWidth > width {
        character = "…"
        characterWidth = 1
      }
      if currentWidth + characterWidth > width && !current.isEmpty {
        if character == " " {
          lines.append(current)
          (current, currentWidth, lastSpace) = ("", 0, nil)
          continue
        }
        if let space = lastSpace, space > current.startIndex {
          lines.append(String(current[..<space]))
          current = String(current[current.index(after: space)...])
          currentWidth = DisplayWidth.of(current)
          lastSpace = nil
        }
        if currentWidth + characterWidth > width && !current.isEmpty {
          lines.append(current)
          (current, currentWidth, lastSpace) = ("", 0, nil)
        }
      }
      if character == " " { lastSpace = current.endIndex }
      current.append(character)
      currentWidth += characterWidth
    }
    lines.append(current)
    return lines
  }
}
