/// A line-by-line difference between an expected text and an actual one, for failure messages.
///
/// The lines both texts share are found as a longest common subsequence, so an inserted row
/// shows as one `+` line rather than every line below it changing.
package struct LineDiff: Sendable {
  /// One line of the difference.
  package enum Line: Hashable, Sendable {
    /// A line in both texts.
    case same(String)
    /// A line only the expected text has.
    case expected(String)
    /// A line only the actual text has.
    case actual(String)
  }

  /// The lines, in the order of both texts.
  package let lines: [Line]

  /// The most cells the quadratic table may have; longer texts are compared line by line.
  private static let tableLimit = 4_000_000

  /// Compares `expected` with `actual`.
  package init(expected: [String], actual: [String]) {
    let n = expected.count
    let m = actual.count
    guard (n + 1).multipliedReportingOverflow(by: m + 1).partialValue <= Self.tableLimit,
      n < Self.tableLimit, m < Self.tableLimit
    else {
      lines = Self.aligned(expected: expected, actual: actual)
      return
    }
    // suffix[i][j]: the length of the longest common subsequence of expected[i...] and actual[j...].
    let width = m + 1
    var suffix = [Int](repeating: 0, count: (n + 1) * width)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        suffix[i * width + j] =
          expected[i] == actual[j]
          ? suffix[(i + 1) * width + j + 1] + 1
          : max(suffix[(i + 1) * width + j], suffix[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        result.append(.same(expected[i]))
        i += 1
        j += 1
      } else if i < n, j == m || suffix[(i + 1) * width + j] >= suffix[i * width + j + 1] {
        result.append(.expected(expected[i]))
        i += 1
      } else {
        result.append(.actual(actual[j]))
        j += 1
      }
    }
    lines = result
  }

  private static func aligned(expected: [String], actual: [String]) -> [Line] {
    var result: [Line] = []
    for index in 0..<max(expected.count, actual.count) {
      let left = index < expected.count ? expected[index] : nil
      let right = index < actual.count ? actual[index] : nil
      if left == right, let left {
        result.append(.same(left))
        continue
      }
      if let left { result.append(.expected(left)) }
      if let right { result.append(.actual(right)) }
    }
    return result
  }

  /// The difference as text: `-` for expected lines, `+` for actual ones, two spaces for shared
  /// ones; runs of more than `context` shared lines away from a change are cut to `…`.
  package func text(context: Int = 3) -> String {
    let changed = lines.indices.filter {
      if case .same = lines[$0] { return false }
      return true
    }
    var out: [String] = []
    var skipped = false
    for (index, line) in lines.enumerated() {
      switch line {
      case .expected(let text): out.append("- " + text)
      case .actual(let text): out.append("+ " + text)
      case .same(let text):
        let near = changed.contains { abs($0 - index) <= context }
        if near {
          out.append("  " + text)
          skipped = false
        } else if !skipped {
          out.append("  …")
          skipped = true
        }
      }
    }
    return out.joined(separator: "\n")
  }
}
