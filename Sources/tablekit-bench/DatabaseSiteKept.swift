import Foundation
import TableKitArguments
import TableKitDatabase
import TableKitDatabaseSite
import TableKitFiles

/// The hidden `--database-site-kept BEFORE AFTER` mode: the CPU a database site's export spends
/// when it makes every page, against one that keeps the pages whose fingerprints did not
/// change, with no disk in either (files are counted, not written).
///
/// It exports BEFORE (untimed) to learn each file's fingerprint, then AFTER twice: fully, and
/// given BEFORE's fingerprints. Prints each run's user and system CPU and its pages, and the
/// files the second wrote and kept, for Scripts/database-site-bench.sh's one-row change.
enum DatabaseSiteKept {
  /// Runs the mode when `arguments` ask for it, then exits.
  static func runIfAsked(_ arguments: [String]) {
    guard arguments.first == "--database-site-kept" else { return }
    guard arguments.count == 3 else {
      stop("--database-site-kept needs BEFORE AFTER (two database files)", status: .usage)
    }
    let exporter = DatabaseSiteExporter(siteTitle: nil)
    do {
      let before = FingerprintFiles(previous: [:], records: true)
      _ = try exporter.export(try Database(path: arguments[1]), to: before)
      let after = try Database(path: arguments[2])
      let full = FingerprintFiles(previous: [:])
      let fullRun = try timed { () throws(DatabaseSiteError) in
        try exporter.export(after, to: full)
      }
      let kept = FingerprintFiles(previous: before.fingerprints)
      let keptRun = try timed { () throws(DatabaseSiteError) in
        try exporter.export(after, to: kept)
      }
      for (label, run, files) in [("full", fullRun, full), ("keeping", keptRun, kept)] {
        print(
          "\(label): \(run.report.pagesWritten) pages, \(run.report.pagesKept) kept;"
            + " files \(files.written) written, \(files.kept) kept;"
            + " CPU \(format(run.user)) s user, \(format(run.system)) s system")
      }
      print(
        "CPU ratio keeping/full: \(format((keptRun.user + keptRun.system) / (fullRun.user + fullRun.system)))"
      )
    } catch {
      stop("\(error)")
    }
    ExitStatus.success.exit()
  }

  /// Runs `body`, with the user and system CPU it took.
  private static func timed(_ body: () throws(DatabaseSiteError) -> DatabaseSiteReport)
    throws(DatabaseSiteError) -> (report: DatabaseSiteReport, user: Double, system: Double)
  {
    let start = cpu()
    let report = try body()
    let end = cpu()
    return (report, end.user - start.user, end.system - start.system)
  }

  /// The process's user and system CPU so far, in seconds.
  private static func cpu() -> (user: Double, system: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double {
      Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime))
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}

/// Files that are only counted; the fingerprints written are noted when `records` is set.
private final class FingerprintFiles: DatabaseSiteFiles {
  let previous: [String: InputFingerprint]
  let records: Bool
  private(set) var fingerprints: [String: InputFingerprint] = [:]
  private(set) var written = 0
  private(set) var kept = 0

  /// The previous files by fingerprint.
  private let previousByFingerprint: [InputFingerprint: [String]]

  init(previous: [String: InputFingerprint], records: Bool = false) {
    self.previous = previous
    self.records = records
    var byFingerprint: [InputFingerprint: [String]] = [:]
    for (name, fingerprint) in previous { byFingerprint[fingerprint, default: []].append(name) }
    previousByFingerprint = byFingerprint
  }

  func keepFiles(madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool)
    -> [String]?
  {
    guard let names = previousByFingerprint[fingerprint], accepts(names) else { return nil }
    kept += names.count
    return names
  }

  func previousFingerprint(of file: String) -> InputFingerprint? {
    previous[file]
  }

  func keep(_ file: String, fingerprint: InputFingerprint) throws(DatabaseSiteError) {
    kept += 1
  }

  func write(_ file: String, _ bytes: [UInt8], fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
  {
    if records { fingerprints[file] = fingerprint }
    written += 1
  }
}
