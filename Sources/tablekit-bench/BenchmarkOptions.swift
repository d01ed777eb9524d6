package import TableKitArguments

/// What `tablekit-bench` was asked for.
///
///     swift run -c release tablekit-bench                     # 100k and 1M rows, all peers
///     swift run -c release tablekit-bench --rows 100000 --peers none
///     swift run -c release tablekit-bench --verify 1000       # rows as gendata.py's TSV
///     swift run -c release tablekit-bench --cases tablekit_html,tablekit_html_any --peers none
///     swift run -c release tablekit-bench --diff 100000,1000000  # the diff benchmark
///     swift run -c release tablekit-bench --compose 1000000  # composed and filtered beside flat
///     swift run -c release tablekit-bench --walk 1000  # every level of an app rendered and checked
///     swift run -c release tablekit-bench --export site 100 100  # a 10,101-page site (export-bench.sh)
///     swift run -c release tablekit-bench --routes 10,10000  # URL matching against 10 and 10k routes
package struct BenchmarkOptions {
  package var rowCounts = [100_000, 1_000_000]
  package var cases = OwnCase.allCases
  package var repetitions = 3
  package var peerRepetitions = 1
  package var peers = [
    "tabulate_grid", "tabulate_github", "tabulate_html", "prettytable_html", "pandas_to_html",
    "pandas_to_csv", "stdlib_csv",
  ]
  package var python = ".build/peers/bin/python"
  package var peersDirectory = "Scripts/bench"
  package var childCase: String?
  package var verifyCount: Int?
  package var diffCounts: [Int] = []
  package var diffCase: String?
  package var standardLibraryMaximum = 100_000
  package var composeCount: Int?
  package var composeCase: String?
  package var walkLevels: Int?
  package var routeCounts: [Int] = []
  package var routeMatches = 200_000
  /// `--export <folder> [<fanout> [<rows>]]`: the site export benchmark.
  package var export: (folder: String, fanout: Int, rows: Int)?

  /// Parses `arguments` (without the program name).
  ///
  /// - Parameter arguments: The command line after `tablekit-bench`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> BenchmarkOptions {
    var options = BenchmarkOptions()
    var scanner = ArgumentScanner(arguments)
    var exportNumbers: [Int] = []
    while let argument = scanner.next() {
      switch argument {
      case .positional(let token):
        // Only `--export <folder>` is followed by positional numbers: its fan-out and rows.
        guard options.export != nil, exportNumbers.count < 2 else {
          throw .unexpectedArgument(token, reason: "tablekit-bench takes no such argument")
        }
        guard let number = positive(token.text) else {
          throw .invalidValue(token, option: "--export", expected: "a positive whole number")
        }
        exportNumbers.append(number)
      case .option(let option):
        try options.apply(option, scanner: &scanner)
      }
    }
    if var export = options.export {
      if exportNumbers.count > 0 { export.fanout = exportNumbers[0] }
      if exportNumbers.count > 1 { export.rows = exportNumbers[1] }
      options.export = export
    }
    return options
  }

  /// Applies `option`, taking its value from `scanner`.
  private mutating func apply(
    _ option: ScannedOption, scanner: inout ArgumentScanner
  ) throws(UsageError) {
    let numbers = "positive whole numbers separated by commas, like 1000,5000"
    let number = "a positive whole number"
    switch option.name.text {
    case "--rows": rowCounts = try scanner.value(for: option, expected: numbers, positiveList)
    case "--reps": repetitions = try scanner.value(for: option, expected: number, positive)
    case "--peer-reps":
      peerRepetitions = try scanner.value(for: option, expected: number, positive)
    case "--peers":
      let list = try scanner.value(for: option).text
      peers = list == "none" ? [] : list.split(separator: ",").map(String.init)
    case "--python": python = try scanner.value(for: option).text
    case "--peers-dir": peersDirectory = try scanner.value(for: option).text
    case "--case": childCase = try scanner.value(for: option).text
    case "--cases":
      let names = OwnCase.allCases.map(\.rawValue).joined(separator: ", ")
      cases = try scanner.value(for: option, expected: "case names from \(names)") { text in
        let cases = text.split(separator: ",").compactMap { OwnCase(rawValue: String($0)) }
        return cases.count == text.split(separator: ",").count && !cases.isEmpty ? cases : nil
      }
    // Optional properties take typed values, so that a failed conversion is an error.
    case "--verify": verifyCount = try scanner.value(for: option, expected: number, positive) as Int
    case "--diff": diffCounts = try scanner.value(for: option, expected: numbers, positiveList)
    case "--diff-case": diffCase = try scanner.value(for: option).text
    case "--stdlib-max":
      standardLibraryMaximum = try scanner.value(for: option, expected: number, positive)
    case "--compose":
      composeCount = try scanner.value(for: option, expected: number, positive) as Int
    case "--compose-case": composeCase = try scanner.value(for: option).text
    case "--walk": walkLevels = try scanner.value(for: option, expected: number, positive) as Int
    case "--routes":
      routeCounts = try scanner.value(for: option, expected: numbers, positiveList)
    case "--route-matches":
      routeMatches = try scanner.value(for: option, expected: number, positive)
    case "--export": export = (try scanner.value(for: option).text, 100, 100)
    default: throw .unknownOption(option.name)
    }
  }
}

/// A whole number above 0, or `nil`.
private func positive(_ text: String) -> Int? {
  guard let number = Int(text), number > 0 else { return nil }
  return number
}

/// Whole numbers above 0 separated by commas, or `nil` when any is not.
private func positiveList(_ text: String) -> [Int]? {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  let numbers = parts.compactMap { positive(String($0)) }
  return numbers.count == parts.count && !numbers.isEmpty ? numbers : nil
}
