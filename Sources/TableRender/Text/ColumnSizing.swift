/// How a text renderer learns column widths before it draws the first line.
///
/// Aligned text needs every column's width before its first row is written. The choices trade
/// work for memory, and none keeps rows in memory:
///
/// - ``measureAllRows``: a first pass reads every row and measures it, then a second pass draws.
///   The data source is read twice (cells are made twice), memory stays flat, and every value
///   fits its column.
/// - ``measureFirstRows(_:)``: measures only the first rows and draws in one further pass; later
///   rows wider than the sample are truncated or wrapped (see ``TextOverflow``).
/// - ``fixed(_:)``: widths you give; no measuring pass at all.
public enum ColumnSizing: Hashable, Sendable {
  /// Measure every row first (the default).
  case measureAllRows
  /// Measure only the first `count` rows.
  case measureFirstRows(Int)
  /// Use these widths, one per column (missing columns are measured as zero-width and hidden).
  case fixed([Int])
}

/// What happens to text wider than its column.
public enum TextOverflow: Hashable, Sendable {
  /// Cut it and end it with `…`.
  case truncate
  /// Break it into lines at spaces where possible, else between characters.
  case wrap
}

/// Shrinks column widths to fit a total, widest columns first.
enum WidthFitting {
  /// `widths` reduced so their sum is at most `available`, never below `minimums`.
  ///
  /// The widest columns give up space first, so short columns keep their natural width.
  static func fit(_ widths: [Int], minimums: [Int], available: Int) -> [Int] {
    var fitted = widths
    var excess = fitted.reduce(0, +) - max(available, 0)
    while excess > 0 {
      var widest = -1
      var ties = 0
      for index in fitted.indices where fitted[index] > minimums[index] {
        if widest < 0 || fitted[index] > fitted[widest] {
          widest = index
          ties = 1
        } else if fitted[index] == fitted[widest] {
          ties += 1
        }
      }
      guard widest >= 0 else { break }
      // A single widest column drops straight to the next width; tied ones take turns.
      var step = 1
      if ties == 1 {
        let next =
          fitted.indices.filter { fitted[$0] < fitted[widest] }.map { fitted[$0] }.max() ?? 0
        step = max(1, min(excess, fitted[widest] - max(next, minimums[widest])))
      }
      fitted[widest] -= step
      excess -= step
    }
    return fitted
  }
}

/// Cutting and breaking text to a display width.
enum TextFitting {
  /// `line` cut to at most `width` columns, ending in `…` when anything was cut.
  static func truncate(_ line: String, to width: Int) -> String {
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
  /// A character wider than `width` on its own stands alone on its line.
  static func wrap(_ line: String, to width: Int) -> [String] {
    guard width > 0 else { return [line] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var lastSpace: String.Index?
    for character in line {
      let characterWidth = DisplayWidth.of(character)
      if currentWidth + characterWidth > width && !current.isEmpty {
        if character == " " {
          lines.append(current)
          (current, currentWidth, lastSpace) = ("", 0, nil)
          continue
        }
        if let space = lastSpace {
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
