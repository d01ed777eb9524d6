import Foundation
import Synchronization

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

  private func run() {
    var standardError = FileDescriptorStream.standardError
    var width = 0
    while !stopped.load(ordering: .acquiring) {
      let line = TerminalText.inert(describe())
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
