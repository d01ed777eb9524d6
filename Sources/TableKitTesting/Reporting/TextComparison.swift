/// Compares lines of actual text with an expected text and describes the first difference.
package enum TextComparison {
  /// The expected text as lines; a single final line break is ignored.
  package static func lines(of expected: String) -> [String] {
    var text = expected
    if text.hasSuffix("\n") { text.removeLast() }
    guard !text.isEmpty else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Describes how `actual` differs from `expected`.
  ///
  /// The message names the first line that differs, the column of its first differing
  /// character, what that line shows (`describe(index)`), and gives a line diff.
  ///
  /// - Parameters:
  ///   - actual: The actual lines.
  ///   - expected: The expected text.
  ///   - headline: The message's first words, such as "The table does not show the expected text".
  ///   - describe: Names what the actual line at an index shows.
  /// - Returns: `nil` when `actual` is `expected`, otherwise the message.
  package static func mismatch(
    _ actual: [String], expected: String, headline: String, describe: (Int) -> String
  ) -> String? {
    let expectedLines = lines(of: expected)
    guard expectedLines != actual else { return nil }
    var index = 0
    while index < expectedLines.count, index < actual.count, expectedLines[index] == actual[index] {
      index += 1
    }
    var message = headline + ": "
    if index < expectedLines.count, index < actual.count {
      let column = firstDifferentColumn(expectedLines[index], actual[index])
      message += "line \(index + 1), column \(column), \(describe(index)), differs.\n"
      message += "  expected: \(expectedLines[index])\n"
      message += "  actual:   \(actual[index])\n"
    } else if index < actual.count {
      message +=
        "line \(index + 1), \(describe(index)), is more than the expected "
        + "\(counted(expectedLines.count, "line")).\n"
      message += "  actual:   \(actual[index])\n"
    } else {
      message +=
        "the text ends after \(counted(actual.count, "line")); line \(index + 1) was expected.\n"
      message += "  expected: \(expectedLines[index])\n"
    }
    message += "Difference (- expected, + actual):\n"
    message += LineDiff(expected: expectedLines, actual: actual).text()
    return message
  }

  /// `count` and `noun`, plural unless `count` is 1: "1 line", "0 lines", "2 lines".
  private static func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  private static func firstDifferentColumn(_ left: String, _ right: String) -> Int {
    var column = 1
    var a = left.makeIterator()
    var b = right.makeIterator()
    while let x = a.next(), let y = b.next(), x == y { column += 1 }
    return column
  }
}
