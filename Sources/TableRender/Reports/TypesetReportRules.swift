import TableKitReports

/// Where a typeset report (LaTeX, Typst) draws a rule or a little space between two of its rows,
/// so both formats set the parts off the same way.
///
/// - A run of summary rows is set off by a thin rule from the data rows or the group label on
///   either side: above a summary at the bottom, below one at the top; and a grand total from a
///   subtotal next to it. The header's rule and the table's last rule stand at the ends, so no
///   rule is added there.
/// - A group label that follows data rows gets a little space above it.
/// - A group with no label draws nothing, so it changes nothing.
struct TypesetReportRules {
  /// What goes before a part.
  enum Separator: Equatable {
    /// Nothing.
    case none
    /// A thin rule across the table.
    case rule
    /// A little vertical space.
    case space
  }

  /// The kind of the last row drawn.
  private enum Row: Equatable {
    case none, data, groupLabel
    case summary(SummaryRow.Scope)
  }

  private var last = Row.none

  /// What goes before `part`, given the parts before it; call once per part drawn, in order.
  ///
  /// - Parameters:
  ///   - part: The part about to be drawn.
  ///   - drawsRow: Whether the part draws a row (a group with no label does not).
  /// - Returns: The separator to draw before the part.
  mutating func separator(before part: ReportPart, drawsRow: Bool = true) -> Separator {
    guard drawsRow else { return .none }
    let row: Row
    switch part {
    case .groupStart: row = .groupLabel
    case .row: row = .data
    case .summary(let summary): row = .summary(summary.scope)
    case .groupEnd: return .none
    }
    defer { last = row }
    switch (last, row) {
    case (.data, .summary), (.groupLabel, .summary), (.summary, .data), (.summary, .groupLabel):
      return .rule
    case (.summary(let before), .summary(let after)):
      return before == after ? .none : .rule
    case (.data, .groupLabel):
      return .space
    default:
      return .none
    }
  }
}
