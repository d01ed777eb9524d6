import Foundation
import TableKit
import TableKitArguments
import TableRender

/// tablekit-bench: renders the shared deterministic table with TableKit and with the Python
/// peers, each case in its own process, and prints times, throughput, peak memory and ratios.
/// The options and examples: ``BenchmarkOptions``.

/// Prints `message` (made safe for the terminal) to standard error and ends with `status`.
func stop(_ message: String, status: ExitStatus = .software) -> Never {
  FileHandle.standardError.write(
    Data("tablekit-bench: \(TerminalEscaping.escape(message))\n".utf8))
  status.exit()
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

ZipCheck.runIfAsked(Array(CommandLine.arguments.dropFirst()))
XLSXSample.runIfAsked(Array(CommandLine.arguments.dropFirst()))
ReportStream.runIfAsked(Array(CommandLine.arguments.dropFirst()))
DatabaseSiteKept.runIfAsked(Array(CommandLine.arguments.dropFirst()))

let options: BenchmarkOptions
do {
  options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  stop("\(error)", status: .usage)
}
if let export = options.export {
  ExportBenchmark.run(folder: export.folder, fanout: export.fanout, rows: export.rows)
}

if let count = options.verifyCount {
  let dataSource = BenchmarkDataSource(count: count)
  var text = ""
  for index in 0..<count { text += dataSource.row(at: index).tsvLine + "\n" }
  FileHandle.standardOutput.write(Data(text.utf8))
  ExitStatus.success.exit()
}

if !options.routeCounts.isEmpty {
  runRoutingBenchmark(routeCounts: options.routeCounts, matches: options.routeMatches)
  runAdversarialRoutingBenchmark(matches: options.routeMatches)
  ExitStatus.success.exit()
}

if let name = options.childCase {
  guard let own = OwnCase(rawValue: name) else { stop("unknown case \(name)", status: .usage) }
  guard let rows = options.rowCounts.first else { stop("--case needs --rows", status: .usage) }
  let result = measure(own, rows: rows, repetitions: options.repetitions)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard let json = try? encoder.encode(result) else { stop("cannot encode the result") }
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  ExitStatus.success.exit()
}

let selfPath =
  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  ?? CommandLine.arguments[0]

if let name = options.diffCase {
  guard let diffCase = DiffCase(rawValue: name) else {
    stop("unknown diff case \(name)", status: .usage)
  }
  guard let count = options.rowCounts.first else {
    stop("--diff-case needs --rows", status: .usage)
  }
  let result = measureDiff(diffCase, count: count, repetitions: options.repetitions)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard let json = try? encoder.encode(result) else { stop("cannot encode the result") }
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  ExitStatus.success.exit()
}

if let count = options.composeCount {
  runCompositionBenchmark(
    rows: count, repetitions: options.repetitions, only: options.composeCase)
  ExitStatus.success.exit()
}

if let levels = options.walkLevels {
  runWalkBenchmark(levels: levels, repetitions: max(options.repetitions, 5))
  ExitStatus.success.exit()
}

if !options.diffCounts.isEmpty {
  runDiffBenchmark(
    counts: options.diffCounts, repetitions: options.repetitions,
    standardLibraryMaximum: options.standardLibraryMaximum, executable: selfPath)
  ExitStatus.success.exit()
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
