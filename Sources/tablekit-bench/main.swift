import Foundation
import TableKit
import TableRender

/// tablekit-bench: renders the shared deterministic table with TableKit and with the Python
/// peers, each case in its own process, and prints times, throughput, peak memory and ratios.
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
struct BenchmarkOptions {
  var rowCounts = [100_000, 1_000_000]
  var cases = OwnCase.allCases
  var repetitions = 3
  var peerRepetitions = 1
  var peers = [
    "tabulate_grid", "tabulate_github", "tabulate_html", "prettytable_html", "pandas_to_html",
    "pandas_to_csv", "stdlib_csv",
  ]
  var python = ".build/peers/bin/python"
  var peersDirectory = "../shared/bench"
  var childCase: String?
  var verifyCount: Int?
  var diffCounts: [Int] = []
  var diffCase: String?
  var standardLibraryMaximum = 100_000
  var composeCount: Int?
  var composeCase: String?
  var walkLevels: Int?
  var routeCounts: [Int] = []
  var routeMatches = 200_000

  static func parse(_ arguments: [String]) -> BenchmarkOptions {
    var options = BenchmarkOptions()
    var remaining = arguments[...]
    func value(_ name: String) -> String {
      guard let value = remaining.popFirst() else { stop("\(name) needs a value") }
      return value
    }
    func number(_ name: String) -> Int {
      let text = value(name)
      guard let number = Int(text), number > 0 else { stop("\(name) needs a positive number") }
      return number
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--rows":
        options.rowCounts = value(argument).split(separator: ",").map { part in
          guard let rows = Int(part), rows > 0 else { stop("--rows takes numbers like 1000,5000") }
          return rows
        }
      case "--reps": options.repetitions = number(argument)
      case "--peer-reps": options.peerRepetitions = number(argument)
      case "--peers":
        let list = value(argument)
        options.peers = list == "none" ? [] : list.split(separator: ",").map(String.init)
      case "--python": options.python = value(argument)
      case "--peers-dir": options.peersDirectory = value(argument)
      case "--case": options.childCase = value(argument)
      case "--cases":
        options.cases = value(argument).split(separator: ",").map { name in
          guard let own = OwnCase(rawValue: String(name)) else {
            stop("unknown case \(name); the cases: \(OwnCase.allCases.map(\.rawValue))")
          }
          return own
        }
      case "--verify": options.verifyCount = number(argument)
      case "--diff":
        options.diffCounts = value(argument).split(separator: ",").map { part in
          guard let count = Int(part), count > 0 else { stop("--diff takes numbers like 100000") }
          return count
        }
      case "--diff-case": options.diffCase = value(argument)
      case "--stdlib-max": options.standardLibraryMaximum = number(argument)
      case "--compose": options.composeCount = number(argument)
      case "--compose-case": options.composeCase = value(argument)
      case "--walk": options.walkLevels = number(argument)
      case "--routes":
        options.routeCounts = value(argument).split(separator: ",").map { part in
          guard let count = Int(part), count > 0 else {
            stop("--routes takes numbers like 10,10000")
          }
          return count
        }
      case "--route-matches": options.routeMatches = number(argument)
      default: stop("unknown argument \(argument)")
      }
    }
    return options
  }
}

func stop(_ message: String) -> Never {
  FileHandle.standardError.write(Data("tablekit-bench: \(message)\n".utf8))
  exit(64)
}

/// Runs `executable` with `arguments` and returns the last line it printed, or why it failed.
func runChild(_ executable: String, _ arguments: [String]) -> Result<String, BenchmarkFailure> {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  do {
    try process.run()
  } catch {
    return .failure(BenchmarkFailure(message: "cannot start \(executable): \(error)"))
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
  guard process.terminationStatus == 0, let last = lines.last else {
    return .failure(
      BenchmarkFailure(
        message: "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)"))
  }
  return .success(String(last))
}

struct BenchmarkFailure: Error {
  var message: String
}

if CommandLine.arguments.dropFirst().first == "--export" {
  ExportBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
}
let options = BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))

if let count = options.verifyCount {
  let dataSource = BenchmarkDataSource(count: count)
  var text = ""
  for index in 0..<count { text += dataSource.row(at: index).tsvLine + "\n" }
  FileHandle.standardOutput.write(Data(text.utf8))
  exit(0)
}

if !options.routeCounts.isEmpty {
  runRoutingBenchmark(routeCounts: options.routeCounts, matches: options.routeMatches)
  exit(0)
}

if let name = options.childCase {
  guard let own = OwnCase(rawValue: name) else { stop("unknown case \(name)") }
  guard let rows = options.rowCounts.first else { stop("--case needs --rows") }
  let result = measure(own, rows: rows, repetitions: options.repetitions)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard let json = try? encoder.encode(result) else { stop("cannot encode the result") }
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  exit(0)
}

let selfPath =
  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  ?? CommandLine.arguments[0]

if let name = options.diffCase {
  guard let diffCase = DiffCase(rawValue: name) else { stop("unknown diff case \(name)") }
  guard let count = options.rowCounts.first else { stop("--diff-case needs --rows") }
  let result = measureDiff(diffCase, count: count, repetitions: options.repetitions)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard let json = try? encoder.encode(result) else { stop("cannot encode the result") }
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  exit(0)
}

if let count = options.composeCount {
  runCompositionBenchmark(
    rows: count, repetitions: options.repetitions, only: options.composeCase)
  exit(0)
}

if let levels = options.walkLevels {
  runWalkBenchmark(levels: levels, repetitions: max(options.repetitions, 5))
  exit(0)
}

if !options.diffCounts.isEmpty {
  runDiffBenchmark(
    counts: options.diffCounts, repetitions: options.repetitions,
    standardLibraryMaximum: options.standardLibraryMaximum, executable: selfPath)
  exit(0)
}
let peerScript = options.peersDirectory + "/peers.py"
let peersAvailable =
  !options.peers.isEmpty && FileManager.default.isExecutableFile(atPath: options.python)
  && FileManager.default.fileExists(atPath: peerScript)
if !options.peers.isEmpty && !peersAvailable {
  print(
    "peers skipped: need \(options.python) (python3 -m venv .build/peers && "
      + ".build/peers/bin/pip install tabulate prettytable rich pandas) and \(peerScript)")
}

func describe(_ result: CaseResult) -> String {
  let name = result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
  let rows = String(result.rows).leftPadded(to: 9)
  let seconds = String(format: "%10.3f", result.medianSeconds)
  let rate = String(format: "%12.0f", result.rowsPerSecond)
  let megabytes = String(format: "%9.1f", Double(result.outputBytes) / 1e6)
  let throughput = String(format: "%9.1f", result.megabytesPerSecond)
  let memory = String(format: "%9.1f", result.peakResidentMegabytes)
  return "\(name)\(rows)\(seconds)\(rate)\(megabytes)\(throughput)\(memory)"
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

/// Runs one case in a child process and returns its result, printing why when it fails.
func runCase(_ executable: String, _ arguments: [String]) -> CaseResult? {
  switch runChild(executable, arguments) {
  case .success(let line):
    guard let result = try? JSONDecoder().decode(CaseResult.self, from: Data(line.utf8)) else {
      print("unreadable result: \(line)")
      return nil
    }
    return result
  case .failure(let failure):
    print("failed: \(failure.message)")
    return nil
  }
}

print("case                         rows  median s       rows/s  out MB     MB/s   RSS MB")
var results: [CaseResult] = []
for rows in options.rowCounts {
  // TableKit's cases take turns, one repetition each per process: the machine is shared, and a
  // slow stretch then falls on one repetition of several cases, which the median drops, instead
  // of on every repetition of one case.
  var rounds: [OwnCase: [CaseResult]] = [:]
  for _ in 0..<options.repetitions {
    for own in options.cases {
      let arguments = ["--case", own.rawValue, "--rows", String(rows), "--reps", "1"]
      if let result = runCase(selfPath, arguments) { rounds[own, default: []].append(result) }
    }
  }
  for own in options.cases {
    guard let runs = rounds[own], let merged = CaseResult(merging: runs) else { continue }
    results.append(merged)
    print(describe(merged))
  }
  guard peersAvailable else { continue }
  for peer in options.peers {
    let arguments = [peerScript, peer, String(rows), String(options.peerRepetitions)]
    if let result = runCase(options.python, arguments) {
      results.append(result)
      print(describe(result))
    }
  }
}

/// Speed-ups of TableKit over a peer, with the issue's target.
let comparisons: [(own: String, peer: String, target: Double)] = [
  ("tablekit_html", "pandas_to_html", 100),
  ("tablekit_html", "tabulate_html", 0),
  ("tablekit_text_grid", "tabulate_grid", 100),
  ("tablekit_text_plain", "tabulate_grid", 0),
  ("tablekit_html", "prettytable_html", 0),
  ("tablekit_csv", "pandas_to_csv", 10),
  ("tablekit_csv", "stdlib_csv", 0),
  ("tablekit_markdown", "tabulate_github", 0),
]
print(
  """

  generic path (SectionedDataSource<Any>, rows showing themselves through TableRepresentable)
  against the typed path (a data source filling the cell by hand), median / median:
  """)
for rows in options.rowCounts {
  for generic in options.cases {
    guard
      let typedCase = generic.typedCounterpart,
      let own = results.first(where: { $0.name == generic.rawValue && $0.rows == rows }),
      let typed = results.first(where: { $0.name == typedCase.rawValue && $0.rows == rows })
    else { continue }
    let ratio = own.medianSeconds / typed.medianSeconds
    // The target is for rendering on the generic path proper; a type with only `tableCell` and
    // the bare read are shown for comparison.
    let verdict =
      generic.path == .generic && generic != .walkGeneric
      ? (ratio <= 1.3 ? "  (target ≤1.3×: met)" : "  (target ≤1.3×: NOT met)") : ""
    print(
      "  \(rows) rows: \(generic.rawValue) vs \(typedCase.rawValue): "
        + "\(String(format: "%.3f", own.medianSeconds)) s vs "
        + "\(String(format: "%.3f", typed.medianSeconds)) s = \(String(format: "%.2f", ratio))×\(verdict)"
    )
  }
}

print("\nspeed-up (peer median / TableKit median) at each row count:")
for rows in options.rowCounts {
  for comparison in comparisons {
    guard
      let own = results.first(where: { $0.name == comparison.own && $0.rows == rows }),
      let peer = results.first(where: { $0.name == comparison.peer && $0.rows == rows })
    else { continue }
    let ratio = peer.medianSeconds / own.medianSeconds
    let verdict =
      comparison.target > 0
      ? (ratio >= comparison.target
        ? "  (target ≥\(Int(comparison.target))×: met)"
        : "  (target ≥\(Int(comparison.target))×: NOT met)") : ""
    print(
      "  \(rows) rows: \(comparison.own) vs \(comparison.peer): \(String(format: "%.1f", ratio))×\(verdict)"
    )
  }
}
