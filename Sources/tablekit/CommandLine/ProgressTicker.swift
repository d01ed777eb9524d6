import Foundation
import Synchronization
import TableKitRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line of progress on standard error, redrawn by a thread ten times a second with `\r` and
/// cleared when the work ends.
///
/// The text comes from `describe`, which reads counters the work updates (atomics, or the size
/// of the file being written), so the work itself never waits for the terminal.
package final class ProgressTicker: Sendable {
  private let describe: @Sendable () -> String
  private let stopped = Atomic<Bool>(false)
  private let finished = Atomic<Bool>(false)

  /// Starts redrawing `describe()` on standard error.
  ///
  /// - Parameter describe: The line, without `\r`; called on the ticker's thread.
  init(_ describe: @escaping @Sendable () -> String) {
    self.describe = describe
    let thread = Thread { [self] in run() }
    thread.start()
  }

  /// A ticker of the reading of an input: ``readingLine(bytes:of:rows:pass:)`` from its counts.
  ///
  /// - Parameter progress: The counts the readers raise.
  convenience init(reading progress: ReadProgress) {
    self.init {
      Self.readingLine(
        bytes: progress.bytes, of: progress.totalBytes, rows: progress.rows, pass: progress.pass)
    }
  }

  private func run() {
    var standardError = FileDescriptorStream.standardError
    var width = 0
    while !stopped.load(ordering: .acquiring) {
      // Cut to the terminal's width less one column: a line that wrapped would leave its
      // first part behind at every redraw.
      let line = TerminalText.fitted(describe(), width: Self.terminalColumns() - 1)
      standardError.write("\r" + line + String(repeating: " ", count: max(0, width - line.count)))
      width = line.count
      usleep(100_000)
    }
    // Cleared, so the next line (a message, the shell's prompt) starts on a clean line.
    standardError.write("\r" + String(repeating: " ", count: width) + "\r")
    finished.store(true, ordering: .releasing)
  }

  /// Stops redrawing and clears the line; returns once it is cleared.
  func stop() {
    stopped.store(true, ordering: .releasing)
    while !finished.load(ordering: .acquiring) { usleep(1_000) }
  }

  /// A count the work adds to and the ticker reads, from any thread.
  final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one.
    func increment() { count.add(1, ordering: .relaxed) }

    /// The count so far.
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// The columns of the terminal on standard error; 80 when it does not say.
  private static func terminalColumns() -> Int {
    var window = winsize()
    let status = withUnsafeMutablePointer(to: &window) { ioctl(2, UInt(TIOCGWINSZ), $0) }
    return status == 0 && window.ws_col > 0 ? Int(window.ws_col) : 80
  }

  /// The line for an input being read: `tablekit: 12.3 MB of 40.0 MB (30%) · 81,234 rows`, the
  /// way pv and cargo show it; without the total (`tablekit: 12.3 MB · 81,234 rows`) when the
  /// size is not known (standard input from a pipe); `pass 2: ` after `tablekit: ` when the input is
  /// read again (a text table measures every row, then writes).
  ///
  /// - Parameters:
  ///   - bytes: The bytes consumed.
  ///   - total: The input's size, when known.
  ///   - rows: The rows read.
  ///   - pass: The pass over the input, from 1.
  /// - Returns: The line: numbers only, never text from the input.
  package static func readingLine(bytes: Int, of total: Int?, rows: Int, pass: Int) -> String {
    var line = "tablekit: "
    if pass > 1 { line += "pass \(pass): " }
    line += size(bytes)
    if let total {
      line += " of " + size(total)
      if total > 0 { line += " (\(min(100, max(0, bytes) * 100 / total))%)" }
    }
    return line + " · " + grouped(rows) + (rows == 1 ? " row" : " rows")
  }

  /// `count` with its thousands set apart by commas: `81,234`.
  package static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var text = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  /// `bytes` as a short size: `512 B`, `12.3 MB`.
  package static func size(_ bytes: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
  }
}
