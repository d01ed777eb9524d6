import TableKit

extension TableRendering {
  /// Compares the rendering with an expected text and describes the first difference.
  ///
  /// A single final line break in `expected` is ignored (a multi-line string literal has none,
  /// a file usually has one). The message names the first line that differs, the column of its
  /// first differing character, what that line shows (a row's section and row, a header, the
  /// title) and gives a line diff of the whole rendering.
  ///
  /// - Parameter expected: The expected text, in this rendering's ``version``.
  /// - Returns: `nil` when they match, otherwise the failure message.
  package func mismatch(expected: String) -> String? {
    TextComparison.mismatch(
      lines, expected: expected,
      headline: "The table does not show the expected text (rendering version \(version.rawValue))"
    ) { describe(kinds[$0]) }
  }

  /// Names what a line shows, for messages: "row 2 of section 0", "the header of section 1".
  func describe(_ kind: Line) -> String {
    switch kind {
    case .title: "the title"
    case .columns: "the column headers"
    case .header(let section): "the header of section \(section)"
    case .row(let position): "row \(position.row) of section \(position.section)"
    case .footer(let section): "the footer of section \(section)"
    }
  }
}
