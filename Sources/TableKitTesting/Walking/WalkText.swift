/// The text of a walk: every level's rendering under a `== Breadcrumbs` line, kept so that a
/// walk stores O(1) more per level than its renderings.
///
/// A level's heading names every level from the root, so in a hierarchy `d` levels deep the
/// headings alone hold `d²/2` titles. A walk keeps each level's own title and the index of the
/// level it was reached from, and joins the headings only when ``lines`` is read.
package struct WalkText: Hashable, Sendable {
  /// One level of the walk.
  private struct Level: Hashable, Sendable {
    /// The level's title as headings show it (`(untitled)` for none).
    var title: String
    /// The index of the level it was reached from, or `nil` for the walk's first level.
    var parent: Int?
    /// The level's rendering.
    var rendering: [String]
  }

  /// Lines given as they are (a report made by hand), or `nil` for a walk's.
  private var given: [String]?
  /// The heading of the levels below the walk's first level, joined, with a trailing separator
  /// (empty when the walk started at the root).
  private var prefix = ""
  /// The levels, in the walk's order.
  private var levels: [Level] = []

  /// The text of a walk that starts on a level whose stack holds `lowerTitles` below it.
  package init(lowerTitles: [String] = []) {
    prefix = lowerTitles.map { Self.heading($0) + " › " }.joined()
  }

  /// Text given as lines.
  package init(lines: [String]) {
    given = lines
  }

  /// How a title shows in a heading: `(untitled)` for an untitled level.
  package static func heading(_ title: String) -> String {
    title.isEmpty ? "(untitled)" : title
  }

  /// Adds a level, reached from the level at index `parent` of the walk (`nil` for the first).
  ///
  /// For a walk's text, not one given as lines.
  ///
  /// - Complexity: O(1) besides storing `rendering`.
  package mutating func append(title: String, parent: Int?, rendering: [String]) {
    levels.append(Level(title: Self.heading(title), parent: parent, rendering: rendering))
  }

  /// How many levels were added.
  package var count: Int { levels.count }

  /// Every level's rendering under its `== Breadcrumbs` line.
  ///
  /// - Complexity: O(n) for n characters of text, joined at each read.
  package var lines: [String] {
    if let given { return given }
    var names: [String] = []
    names.reserveCapacity(levels.count)
    var result: [String] = []
    for level in levels {
      let name = (level.parent.map { names[$0] + " › " } ?? prefix) + level.title
      names.append(name)
      result.append("== " + name)
      result.append(contentsOf: level.rendering)
    }
    return result
  }

  /// Whether the two texts have the same lines.
  package static func == (lhs: WalkText, rhs: WalkText) -> Bool {
    lhs.lines == rhs.lines
  }

  /// Hashes the lines.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(lines)
  }
}
