import TableKit

extension TextTableDrawing {
  /// What the last line drawn was, which decides the rule before the next one.
  package enum LineKind: Sendable {
    /// Nothing yet.
    case nothing
    /// The column titles.
    case header
    /// A row of values.
    case row
    /// A line across the whole table: a section title or a footer.
    case spanning
  }

  /// A rule of a boxed table: which of the box's rules, and where its joins meet a vertical line
  /// (only above, only below, both, or neither when a spanning line is on both sides).
  package struct RuleChoice: Equatable, Sendable {
    /// Which of the box's three rules.
    package enum Edge: Sendable {
      /// The box's first line.
      case top
      /// A rule inside the box.
      case middle
      /// The box's last line.
      case bottom
    }

    /// Which rule.
    package var edge: Edge
    /// Whether the columns go on above it.
    package var above: Bool
    /// Whether the columns go on below it.
    package var below: Bool

    /// A rule `edge`, its joins meeting the columns `above` and `below` as given.
    ///
    /// - Parameters:
    ///   - edge: Which rule.
    ///   - above: Whether the columns go on above it.
    ///   - below: Whether the columns go on below it.
    package init(edge: Edge, above: Bool, below: Bool) {
      self.edge = edge
      self.above = above
      self.below = below
    }
  }

  /// The rule a boxed table draws before a line of kind `next` when the last was `last`, or
  /// `nil` for none.
  ///
  /// The box opens before the first line; a rule closes the header and comes before and after
  /// every spanning line; rows follow one another with no rule.
  ///
  /// - Parameters:
  ///   - last: The line drawn last.
  ///   - next: The line about to be drawn.
  /// - Returns: The rule between them.
  package static func rule(after last: LineKind, before next: LineKind) -> RuleChoice? {
    switch last {
    case .nothing:
      RuleChoice(edge: .top, above: false, below: next != .spanning)
    case .header, .spanning:
      RuleChoice(edge: .middle, above: last != .spanning, below: next != .spanning)
    case .row:
      next == .spanning ? RuleChoice(edge: .middle, above: true, below: false) : nil
    }
  }

  /// The rule that closes a boxed table whose last line was `last`, or `nil` when nothing was
  /// drawn.
  ///
  /// - Parameter last: The line drawn last.
  /// - Returns: The bottom rule.
  package static func closingRule(after last: LineKind) -> RuleChoice? {
    last == .nothing ? nil : RuleChoice(edge: .bottom, above: last != .spanning, below: false)
  }

  /// The text of a rule across columns laid out as `geometry`, without its line break.
  ///
  /// - Parameters:
  ///   - rule: The characters of the rule.
  ///   - choice: Where the rule's joins meet vertical lines.
  ///   - geometry: The columns.
  /// - Returns: The rule's line.
  package static func ruleLine(
    _ rule: TextTableStyle.Rule, _ choice: RuleChoice, geometry: TextTableGeometry
  ) -> String {
    let (above, below) = (choice.above, choice.below)
    let join = above && below ? rule.cross : below ? rule.down : above ? rule.up : rule.fill
    var line = String(rule.left)
    for (index, column) in geometry.visible.enumerated() {
      if index > 0 { line.append(join) }
      line += String(repeating: rule.fill, count: geometry.widths[column] + 2)
    }
    if geometry.hasAccessory { line += String(join) + String(repeating: rule.fill, count: 3) }
    line.append(rule.right)
    return line
  }

  /// Draws the rule that goes before a line of kind `kind`, if any, and notes the kind.
  mutating func begin(_ kind: LineKind, to output: inout OutputBuffer) {
    defer { last = kind }
    guard let box = style.box, let choice = Self.rule(after: last, before: kind) else { return }
    writeRule(choice, of: box, to: &output)
  }

  /// Closes the box, if the table has one and drew anything.
  mutating func finish(to output: inout OutputBuffer) {
    guard let box = style.box, let choice = Self.closingRule(after: last) else { return }
    writeRule(choice, of: box, to: &output)
  }

  private func writeRule(
    _ choice: RuleChoice, of box: TextTableStyle.Box, to output: inout OutputBuffer
  ) {
    let rule =
      switch choice.edge {
      case .top: box.top
      case .middle: box.middle
      case .bottom: box.bottom
      }
    output.write(Self.ruleLine(rule, choice, geometry: geometry))
    output.write("\n")
  }

  /// A borderless table's line under the column titles, when its style has one.
  mutating func writeHeaderUnderline(to output: inout OutputBuffer) {
    guard style.box == nil, let underline = style.headerUnderline else { return }
    pad(geometry.indent)
    for (index, column) in geometry.visible.enumerated() {
      if index > 0 { pad(geometry.gap) }
      emit(String(repeating: underline, count: geometry.widths[column]), to: &output)
    }
    endLine(to: &output)
  }

  /// The empty line before a section title of a borderless table that separates its sections,
  /// once a row was drawn.
  func writeSectionSeparator(to output: inout OutputBuffer) {
    if style.box == nil && style.separatesSections && wroteRow { output.write("\n") }
  }
}
